// Stored XSS: a corpus of hostile strings goes into every free-text field of an incident, its notes, actions and
// timeline through the API; the list and detail pages render them in Chromium. No script may run (no dialog, no
// marker set on window) and no injected element may appear.
import { createAccount, expect, logOops, startSignedIn, test, uniqueUser } from './fixtures';

const MARK = '__oopsXss';
const CORPUS = [
  `<script>window.${MARK}=1</script>`,
  `<img src=x onerror="window.${MARK}=2" id="xss-img">`,
  `<svg/onload="window.${MARK}=3" id="xss-svg">`,
  `<a href="javascript:window.${MARK}=4" id="xss-link">click</a>`,
  `"><iframe id="xss-frame" srcdoc="<script>parent.${MARK}=5</script>">`,
  `&lt;script&gt;window.${MARK}=6&lt;/script&gt; &#60;img src=x onerror=window.${MARK}=7&#62;`,
  `<b onmouseover="window.${MARK}=8" id="xss-bold">bold</b><p style="background:url(javascript:alert(1))">p</p>`,
  `<details open ontoggle="window.${MARK}=9" id="xss-details">`,
  // Notes render Markdown: its links and pictures are ways in too.
  `[md link](javascript:window.${MARK}=10) ![md picture](x" onerror="window.${MARK}=11)`,
];
const INJECTED =
  '#xss-img, #xss-svg, #xss-link, #xss-frame, #xss-details, #xss-bold, script:not([src]), iframe, img[onerror], a[href^="javascript" i]';

test('hostile strings in every free-text field are shown as text and never run', async ({ page }) => {
  const token = await createAccount(page, uniqueUser());
  const auth = { authorization: `Bearer ${token}` };
  const text = CORPUS.join(' ');
  const incident = await logOops(page.request, token, {
    title: CORPUS[1]!.slice(0, 150),
    severity: 'High',
    description: `Description with payloads: ${text}`,
    impact: text,
    root_cause: text,
    lesson_learned: text,
    product_system: CORPUS[2],
    area_department: CORPUS[3]!.slice(0, 100),
    owner_name: CORPUS[0],
    mitigation_steps: text,
    response_team: CORPUS[4],
    tags: ['<script>x</script>', '"><img src=x>'],
  });
  for (const note of CORPUS) {
    expect(
      (await page.request.post(`/api/oops/${incident.id}/notes`, { headers: auth, data: { note } })).status(),
    ).toBe(201);
  }
  expect(
    (
      await page.request.post(`/api/oops/${incident.id}/actions`, {
        headers: auth,
        data: { title: CORPUS[1] },
      })
    ).status(),
  ).toBe(201);
  const timeline = CORPUS.map((payload, i) => ({
    id: `x${i}`,
    timestamp: new Date(Date.now() - i * 60_000).toISOString(),
    event: payload.slice(0, 200),
    description: payload,
    user: payload.slice(0, 200),
  }));
  expect(
    (
      await page.request.put(`/api/oops/${incident.id}`, {
        headers: auth,
        data: { timeline_events: timeline },
      })
    ).status(),
  ).toBe(200);

  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await startSignedIn(page, token);
  // Each page is checked once its data (with the payloads) is on screen; the live stream keeps the network busy,
  // so "network idle" never comes.
  const loaded = {
    '/oops': () => page.getByText(/Showing 1 of 1 incidents/),
    [`/oops/${incident.id_slug}`]: () => page.getByText('window.__oopsXss=1', { exact: false }).first(),
    '/dashboard': () => page.getByText('Department Overview').first(),
  };
  for (const [path, ready] of Object.entries(loaded)) {
    await page.goto(path);
    await expect(ready()).toBeVisible();
    // Hover and focus everything once, so that event-handler payloads get their chance.
    await page.mouse.move(200, 300);
    expect(
      await page.evaluate((mark) => (window as unknown as Record<string, unknown>)[mark], MARK),
      path,
    ).toBeUndefined();
    expect(await page.locator(INJECTED).count(), path).toBe(0);
  }
  // The detail page shows the payloads as text.
  await page.goto(`/oops/${incident.id_slug}`);
  await expect(page.getByText('window.__oopsXss=1', { exact: false }).first()).toBeVisible();
  expect(dialogs).toEqual([]);
});

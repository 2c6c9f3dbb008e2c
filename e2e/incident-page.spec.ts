// The incident page leads with its next step (decision 045), with the keyboard only: link another incident found by
// searching, write a Markdown note, see the overdue action, follow the header while scrolling, mark resolved and
// close after review, dismiss the edit tip for good. Axe at 390 and 1366 px, light and dark.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  BASE_URL,
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  logOops,
  newIsolatedPage,
  startSignedIn,
  test,
  uniqueUser,
} from './fixtures';

/** An incident with an overdue action, a note in Markdown and another incident to link. */
async function seed(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const other = await logOops(request, token, {
    title: 'Primary Postgres ran out of disk',
    description: 'WAL files filled the volume of the primary database overnight.',
  });
  const incident = await logOops(request, token, {
    title: 'Checkout timeouts after the sale started',
    owner_name: 'Grace Hopper',
    root_cause: 'The connection pool was too small for the load.',
  });
  const action = await request.post(`${BASE_URL}/api/oops/${incident.id}/actions`, {
    headers,
    data: { title: 'Raise the pool size', due_date: '2020-01-01' },
  });
  expect(action.status()).toBe(201);
  return { other, incident };
}

/** Presses Tab until the element has the focus (the keyboard's way there), at most `limit` times. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, limit = 60) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached with Tab');
}

test('link, note, overdue action, next step and the tip, with the keyboard only', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await createAccount(page, uniqueUser());
  const { incident } = await seed(page.request, token);
  await startSignedIn(page, token);
  await page.goto(`/oops/${incident.id_slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Checkout timeouts after the sale started',
  );

  const header = page.getByRole('region', { name: 'Incident summary' });
  await expect(header).toContainText('Owner: Grace Hopper');
  await expect(header).toContainText('High');
  const actions = page.getByRole('region', { name: 'Follow-up actions' });
  await expect(actions.getByText('Overdue', { exact: true })).toBeVisible();

  // The tip goes for good: gone after a reload too.
  await tabTo(page, page.getByRole('button', { name: 'Dismiss tip' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Tip: click any field/)).toHaveCount(0);

  // Link the other incident by words in it, in another order than its title.
  const related = page.getByRole('region', { name: 'Related incidents' });
  const search = related.getByRole('textbox', { name: 'Link an incident' });
  await tabTo(page, search, 120);
  await page.keyboard.type('postgres disk');
  await expect(page.getByRole('option', { name: /Primary Postgres ran out of disk/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(search).toHaveValue('Primary Postgres ran out of disk');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(related.getByRole('link', { name: 'Primary Postgres ran out of disk' })).toBeVisible();

  // A note in Markdown is shown rendered.
  const notes = page.getByRole('region', { name: 'Notes' });
  await tabTo(page, notes.getByRole('textbox', { name: /Add a note/ }), 40);
  await page.keyboard.type('**Paged** the DBA');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- `VACUUM` ran');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(notes.locator('strong', { hasText: 'Paged' })).toBeVisible();
  await expect(notes.locator('li code', { hasText: 'VACUUM' })).toBeVisible();

  // Far down the page the header is still in view, now with the title, and it offers the next step.
  await expect(header.getByText('Checkout timeouts after the sale started')).toBeVisible();
  const box = await header.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(59);
  expect(box!.y).toBeLessThanOrEqual(61);
  await header.getByRole('button', { name: 'Mark resolved' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Incident marked resolved.')).toBeVisible();
  await expect(header.getByText('Resolved · in review')).toBeVisible();
  await header.getByRole('button', { name: 'Close after review' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Read Only: This incident is closed and cannot be edited.')).toBeVisible();
  await expect(header.getByRole('button')).toHaveCount(0);

  // The tip stays dismissed on another incident, in a fresh load of the app, once the session is known.
  const another = await logOops(page.request, token, { title: 'Another open incident' });
  await page.goto(`/oops/${another.id_slug}`);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Mark resolved' })).toBeVisible();
  await expect(page.getByText(/Tip: click any field/)).toHaveCount(0);
});

for (const width of [390, 1366]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the incident page passes axe at ${width} px (${colorScheme}), its header stuck`, async ({
      browser,
    }) => {
      const page = await newIsolatedPage(browser, { colorScheme, width });
      const token = await createAccount(page, uniqueUser());
      const { incident } = await seed(page.request, token);
      const note = await page.request.post(`${BASE_URL}/api/oops/${incident.id}/notes`, {
        headers: { authorization: `Bearer ${token}` },
        data: { note: '**Paged** the DBA\n\n- `VACUUM` ran\n\n> Look at the pool first next time.' },
      });
      expect(note.status()).toBe(201);
      await startSignedIn(page, token);
      await page.goto(`/oops/${incident.id_slug}`);
      await expect(page.getByRole('region', { name: 'Notes' }).locator('blockquote')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.getByRole('region', { name: 'Notes' }).scrollIntoViewIfNeeded();
      const header = page.getByRole('region', { name: 'Incident summary' });
      await expect(header.getByText('Checkout timeouts after the sale started')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `incident page ${width} px ${colorScheme}`);
      await page.context().close();
    });
  }
}

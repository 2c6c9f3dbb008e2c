// Verified fixes (decision 048): the owner answers "Did it hold?" from My Actions with the keyboard (yes verifies,
// no needs a note and reopens), the incident shows both answers, and a repeat flags both incidents. Axe-clean in
// light and dark, at 1366 and 390 px.
import { actionToday } from '../common/domain/actions';
import { VERIFICATION_TEXTS as T } from '../common/domain/verification';
import {
  BASE_URL,
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  logOops,
  startSignedIn,
  test,
  uniqueUser,
} from './fixtures';

test('answer "Did it hold?" from My Actions and see a repeat flag both incidents', async ({ page }) => {
  test.setTimeout(120_000);
  const owner = uniqueUser();
  const token = await createAccount(page, owner);
  const auth = { authorization: `Bearer ${token}` };
  const profile = await (await page.request.get(`${BASE_URL}/api/user/profile`, { headers: auth })).json();
  const incident = await logOops(page.request, token, { title: 'Disk full on the database host' });
  const addDoneAction = async (title: string, check: string) => {
    const res = await page.request.post(`${BASE_URL}/api/oops/${incident.id}/actions`, {
      headers: auth,
      data: {
        title,
        owner_id: profile.id,
        status: 'done',
        verification_check: check,
        verify_on: actionToday(),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  await addDoneAction('Add a disk-usage alert', 'No disk-full page for 30 days');
  await addDoneAction('Rotate the logs daily', 'Log volume stays under 10 GB');

  await page.setViewportSize({ width: 1366, height: 900 });
  await startSignedIn(page, token);
  await page.goto('/actions#did-it-hold');
  const section = page.getByRole('region', { name: T.sectionTitle });
  const checks = section.getByTestId('due-check');
  // The first load of a fresh server's page can be slow on a busy machine: a longer wait for it only.
  await expect(checks).toHaveCount(2, { timeout: 30_000 });
  const alert = checks.filter({ hasText: 'Add a disk-usage alert' });
  const logs = checks.filter({ hasText: 'Rotate the logs daily' });
  await expect(alert).toContainText('No disk-full page for 30 days');
  await expectNoSeriousA11yViolations(page, '/actions with checks due (light)');

  // Yes, from the keyboard.
  await alert.getByRole('button', { name: T.yes }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(T.verifiedToast)).toBeVisible();
  await expect(checks).toHaveCount(1);

  // No: the note is required and gets the focus.
  await logs.getByRole('button', { name: T.no }).focus();
  await page.keyboard.press('Enter');
  const note = section.getByRole('textbox', { name: new RegExp(T.noteLabel.replace('?', '\\?')) });
  await expect(note).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(section.getByRole('button', { name: T.sendNo })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(section.getByText(T.noteRequired)).toBeVisible();
  await expect(note).toBeFocused();
  await page.keyboard.type('Logs filled the disk again on Monday.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByText(T.failedToast)).toBeVisible();
  await expect(section.getByText(T.sectionEmpty)).toBeVisible();

  // The incident shows both answers; the one that did not hold is open again with its note.
  await page.goto(`/oops/${incident.id_slug}`);
  const actions = page.getByRole('region', { name: 'Follow-up actions' });
  // The incident page's first load on a busy machine: a longer wait for it only.
  await expect(actions.getByText(/^Verified by /)).toBeVisible({ timeout: 30_000 });
  await expect(actions.getByText(T.failedNote('Logs filled the disk again on Monday.'))).toBeVisible();
  await expect(actions.getByRole('checkbox', { name: 'Rotate the logs daily' })).not.toBeChecked();

  // A repeat reopens the verified fix and flags both incidents.
  const repeat = await logOops(page.request, token, { title: 'Disk full again', repeat_of: incident.id });
  await page.reload();
  await expect(page.getByTestId('fixes-not-held')).toContainText(T.repeatedBy(repeat.id));
  await expect(actions.getByText(T.state.pending)).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousA11yViolations(page, 'incident with a fix that did not hold (dark)');

  await page.setViewportSize({ width: 390, height: 900 });
  await page
    .getByTestId('fixes-not-held')
    .getByRole('link', { name: T.repeatedBy(repeat.id) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/oops/${repeat.id_slug}$`));
  await expect(page.getByTestId('fixes-not-held')).toContainText(
    T.repeats(incident.id, 'Add a disk-usage alert'),
  );
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the repeat fits 390 px').toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, 'the repeat (dark, 390 px)');
});

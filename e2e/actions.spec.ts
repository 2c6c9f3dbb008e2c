// My Actions: an owner finds the overdue follow-up first, completes it from /actions (its incident is
// already closed), switches to the whole team's view, and the page is axe-clean in both schemes.
import { ACTION_TEXTS } from '../common/domain/action-texts';
import { actionToday } from '../common/domain/actions';
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

const DAY = 24 * 60 * 60 * 1000;

test('complete an overdue action of a closed incident from My Actions', async ({ page }) => {
  test.setTimeout(90_000);
  const owner = uniqueUser();
  const token = await createAccount(page, owner);
  const auth = { authorization: `Bearer ${token}` };
  const profile = await (await page.request.get(`${BASE_URL}/api/user/profile`, { headers: auth })).json();
  const incident = await logOops(page.request, token, { title: 'Queue backlog at night' });
  const addAction = async (title: string, dueDate: string | null) => {
    const res = await page.request.post(`${BASE_URL}/api/oops/${incident.id}/actions`, {
      headers: auth,
      data: { title, owner_id: profile.id, due_date: dueDate },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  await addAction('Alert on queue depth', actionToday(new Date(Date.now() + 7 * DAY)));
  await addAction('Scale the workers', actionToday(new Date(Date.now() - 2 * DAY)));
  const close = await page.request.put(`${BASE_URL}/api/oops/${incident.id}`, {
    headers: auth,
    data: { status: 'Closed' },
  });
  expect(close.status(), await close.text()).toBe(200);

  await startSignedIn(page, token);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Actions' }).click();
  await expect(page).toHaveURL(/\/actions$/);
  await expect(page.getByRole('heading', { level: 1, name: ACTION_TEXTS.pageTitle })).toBeVisible();
  const rows = page.getByTestId('team-action');
  await expect(rows).toHaveCount(2);
  // Overdue first.
  await expect(rows.first()).toContainText('Scale the workers');
  await expect(rows.first()).toContainText('Overdue');
  await expect(page.getByTestId('action-counts')).toHaveText('2 open · 1 overdue');
  await expectNoSeriousA11yViolations(page, '/actions (light)');

  // From the keyboard: focus the button and press Enter.
  await page.getByRole('button', { name: 'Mark done: Scale the workers' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Marked done: Scale the workers')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('action-counts')).toHaveText('1 open · 0 overdue');

  // Done ones are one filter away; the incident's own page shows it done too.
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Done' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Scale the workers');
  await expect(rows.first()).toContainText(/^.*Done /);
  await rows.first().getByRole('link', { name: 'Queue backlog at night' }).click();
  await expect(page).toHaveURL(new RegExp(`/oops/${incident.id_slug}$`));

  // The owner's team view, in the dark scheme at phone width.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/actions?view=team&status=all');
  await expect(page.getByRole('radio', { name: 'Whole team' })).toBeChecked();
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('combobox', { name: 'Owner' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, '/actions fits 390 px').toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, '/actions team view (dark, 390 px)');
});

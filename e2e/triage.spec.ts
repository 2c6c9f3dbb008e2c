// Triage (decision 049): a member reports a near-miss confidentially; the owner triages it with the keyboard alone;
// the member is told by e-mail and on their dashboard, and the owner never learns who reported it. Axe on each page.
import type { Locator, Page } from '@playwright/test';
import {
  BASE_URL,
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  joinByInvitation,
  logOops,
  newIsolatedPage,
  startSignedIn,
  test,
  uniqueUser,
} from './fixtures';
import { waitForMail } from './mailbox';

/** Presses Tab until `target` has the focus (at most `max` times), as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('the owner triages a confidential near-miss by keyboard; its reporter is told without being named', async ({
  browser,
}) => {
  // Two people, a mailbox and four axe scans: minutes on a busy 2-core machine.
  test.setTimeout(240_000);
  const ownerPage = await newIsolatedPage(browser);
  const owner = uniqueUser();
  const ownerToken = await createAccount(ownerPage, owner);
  await startSignedIn(ownerPage, ownerToken);
  const member = uniqueUser();
  await joinByInvitation(ownerPage, ownerToken, member);
  const allow = await ownerPage.request.put(`${BASE_URL}/api/team/current/confidential`, {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { enabled: true },
  });
  expect(allow.status()).toBe(200);

  // The member reports a near-miss confidentially (set-up: the form has its own spec).
  const memberPage = await newIsolatedPage(browser);
  const memberToken = await createAccount(memberPage, member);
  await startSignedIn(memberPage, memberToken);
  const title = `Pallet nearly fell from the rack ${member.username}`;
  await logOops(memberPage.request, memberToken, { title, kind: 'near_miss', confidential: true });

  // The owner opens the queue: the report, marked confidential, with no name.
  await ownerPage.goto('/dashboard');
  await ownerPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Triage' }).click();
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Triage (1)' })).toBeVisible({
    timeout: 30_000,
  });
  const item = ownerPage.getByRole('article').filter({ hasText: title });
  await expect(item.getByText('Confidential', { exact: true })).toBeVisible();
  await expect(item).toContainText('Confidential reporter');
  await expect(ownerPage.locator('body')).not.toContainText(member.name);
  await expectNoSeriousA11yViolations(ownerPage, '/triage with a report waiting');

  // Keyboard only: into the outcomes, down to "Needs a fix", the note, the owner (left as me), save.
  await tabTo(ownerPage, item.getByRole('radio', { name: 'System issue' }));
  await ownerPage.keyboard.press('ArrowDown');
  await expect(item.getByRole('radio', { name: 'Needs a fix' })).toBeChecked();
  await ownerPage.keyboard.press('Tab');
  const note = item.getByRole('textbox', { name: /Note to the reporter/ });
  await expect(note).toBeFocused();
  await ownerPage.keyboard.type('Fit rack guards to aisle 4 and check the others.');
  await ownerPage.keyboard.press('Tab');
  await expect(item.getByRole('combobox', { name: /Action owner/ })).toBeFocused();
  await expectNoSeriousA11yViolations(ownerPage, '/triage with an outcome being chosen');
  await tabTo(ownerPage, item.getByRole('button', { name: 'Save outcome' }), 3);
  const since = Date.now();
  await ownerPage.keyboard.press('Enter');
  await expect(ownerPage.getByText('Outcome saved; the reporter is told.')).toBeVisible();
  await expect(ownerPage.getByText(/Nothing to triage/)).toBeVisible();
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Triage' })).toBeVisible();
  await expectNoSeriousA11yViolations(ownerPage, '/triage when empty');

  // The fix is a follow-up action on the report, owned by the owner.
  await ownerPage.goto('/actions');
  await expect(ownerPage.getByText('Fit rack guards to aisle 4 and check the others.')).toBeVisible({
    timeout: 30_000,
  });

  // The reporter is told: by e-mail, and on the dashboard.
  const mail = await waitForMail(member.email, { since, subject: /Feedback on your report/ });
  expect(mail.to).toEqual([member.email.toLowerCase()]);
  expect(mail.text).toContain('Outcome: Needs a fix.');
  expect(mail.text).toContain('Your report stays confidential');
  await memberPage.goto('/dashboard');
  // The panel comes once the dashboard's first load is in (slow on a busy machine), below the panels.
  await expect(memberPage.getByRole('region', { name: 'Needs attention' })).toBeVisible({ timeout: 30_000 });
  const feedback = memberPage.getByRole('region', { name: 'Feedback on your reports' });
  await expect(feedback).toBeVisible();
  await expect(feedback.getByRole('link', { name: title })).toBeVisible();
  await expect(feedback.getByText('Needs a fix')).toBeVisible();
  await expect(feedback.getByText('The fix is under way.')).toBeVisible();
  await expectNoSeriousA11yViolations(memberPage, '/dashboard with feedback on a report');

  // Members see nothing of the queue: no link, and the page sends them away.
  await expect(
    memberPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Triage' }),
  ).toHaveCount(0);
  await memberPage.goto('/triage');
  await expect(memberPage).toHaveURL(/\/unauthorized$/, { timeout: 30_000 });
});

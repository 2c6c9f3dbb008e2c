// Confidential near-miss reports (decision 024): the owner turns the setting on in the Team area, a member reports
// a near-miss confidentially from the log form, and the owner sees it without the member's name.
import {
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  joinByInvitation,
  newIsolatedPage,
  startSignedIn,
  test,
  uniqueUser,
} from './fixtures';

test('owner allows confidential reports; a member reports a near-miss; the owner never sees who', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const ownerPage = await newIsolatedPage(browser);
  const owner = uniqueUser();
  const ownerToken = await createAccount(ownerPage, owner);
  await startSignedIn(ownerPage, ownerToken);

  // A member joins through an invitation (set-up: the invitation flow has its own spec).
  const member = uniqueUser();
  await joinByInvitation(ownerPage, ownerToken, member);

  // The owner turns the setting on in the Team area.
  await ownerPage.goto('/profile?tab=team');
  const setting = ownerPage.getByRole('switch', { name: 'Let members report near-misses confidentially' });
  await expect(setting).not.toBeChecked();
  await expectNoSeriousA11yViolations(ownerPage, '/profile Team with the confidential setting');
  await setting.click();
  await expect(ownerPage.getByText('Confidential reporting setting saved.')).toBeVisible();
  await expect(setting).toBeChecked();

  // The member reports a near-miss confidentially.
  const memberPage = await newIsolatedPage(browser);
  await startSignedIn(memberPage, await createAccount(memberPage, member));
  await memberPage.goto('/oops/new');
  await memberPage.getByRole('radio', { name: 'Near-miss' }).check();
  const confidential = memberPage.getByRole('checkbox', { name: 'Report confidentially' });
  await confidential.check();
  await expect(memberPage.getByText(/Your name stays hidden from everyone/)).toBeVisible();
  await expectNoSeriousA11yViolations(memberPage, '/oops/new with Report confidentially');
  const title = `Forklift nearly hit a visitor ${member.username}`;
  await memberPage.getByRole('textbox', { name: /Title/ }).fill(title);
  await memberPage
    .getByRole('textbox', { name: /Detailed description/ })
    .fill('At the blind corner by dock 3.');
  await memberPage.getByRole('combobox', { name: /Incident Type/ }).selectOption('Service Outage');
  await memberPage.getByRole('combobox', { name: /Severity/ }).selectOption('Low');
  await memberPage.getByRole('button', { name: 'Log Incident' }).click();
  await expect(memberPage).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

  // The owner finds it in the list and opens it: "Confidential reporter", never the member's name.
  await ownerPage.goto('/oops');
  const card = ownerPage.getByRole('article').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Confidential', { exact: true })).toBeVisible();
  await expect(card.getByText('Reported by you')).toHaveCount(0);
  await card.getByRole('link', { name: title, exact: true }).click();
  await expect(ownerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(ownerPage.getByText('Confidential reporter')).toBeVisible();
  await expect(ownerPage.getByText('Reported by you')).toHaveCount(0);
  // (The member's name is on the page as a possible action owner: members are no secret, authorship is.)
  const meta = ownerPage.locator('dl').filter({ hasText: 'Created by:' });
  await expect(meta).toContainText('Confidential reporter');
  await expect(meta).not.toContainText(member.name);
  await expect(ownerPage.locator('body')).not.toContainText(member.email);
  await expectNoSeriousA11yViolations(ownerPage, 'a confidential report seen by the owner');

  // The member sees "Reported by you" on the list and on the same page.
  await memberPage.goto('/oops');
  const own = memberPage.getByRole('article').filter({ hasText: title });
  await expect(own.getByText('Reported by you')).toBeVisible();
  await expectNoSeriousA11yViolations(memberPage, '/oops with a confidential report seen by its reporter');
  await memberPage.goto(ownerPage.url().replace(/^https?:\/\/[^/]+/, ''));
  await expect(memberPage.getByText('Reported by you')).toBeVisible();
  await expectNoSeriousA11yViolations(memberPage, 'a confidential report seen by its reporter');
});

// Teams: an owner invites by e-mail, the invitee signs up from the e-mailed link and joins the team;
// roles and departments; a plain member sees no invite form and is kept out of /team; the team switcher.
import type { Page } from '@playwright/test';
import {
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  newIsolatedPage,
  startSignedIn,
  test,
  uniqueUser,
} from './fixtures';
import { linkIn, waitForMail } from './mailbox';

/** The members list: a table on wide screens, cards at 390 px; either way one labelled region. */
const membersList = (page: Page) =>
  page.getByRole('table', { name: 'Team members' }).or(page.getByRole('list', { name: 'Team members' }));

for (const width of [1280, 390]) {
  test(`owner invites → invitee signs up from the e-mailed link → appears in the member table (${width} px)`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const ownerPage = await newIsolatedPage(browser, { width });
    const owner = uniqueUser();
    await startSignedIn(ownerPage, await createAccount(ownerPage, owner));
    const invitee = uniqueUser();

    await ownerPage.goto('/profile?tab=members');
    await expect(ownerPage.getByText('Team Management Coming Soon')).toHaveCount(0);
    await expect(ownerPage.getByText('No pending invitations.')).toBeVisible();
    await expectNoSeriousA11yViolations(ownerPage, `/profile Team Members, owner (${width} px)`);
    await ownerPage.getByRole('textbox', { name: 'Email' }).fill(invitee.email);
    await ownerPage.getByRole('textbox', { name: /^Username/ }).fill(invitee.username);
    const since = Date.now();
    await ownerPage.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(
      ownerPage.getByRole('status').filter({ hasText: 'Invitation sent successfully.' }),
    ).toBeVisible();
    await expect(ownerPage.getByText(invitee.email)).toBeVisible();

    const link = linkIn(await waitForMail(invitee.email, { since }), '/signup?invitation=');
    const inviteePage = await newIsolatedPage(browser, { width });
    await inviteePage.goto(link);
    await expect(inviteePage.getByRole('heading', { level: 1, name: 'Join the team' })).toBeVisible();
    await expect(inviteePage.getByText(`You've been invited to join ${owner.teamName}`)).toBeVisible();
    await expect(inviteePage.getByLabel('Team Name')).toHaveCount(0);
    await expect(inviteePage.getByRole('textbox', { name: 'Email' })).toHaveValue(invitee.email);
    await expect(inviteePage.getByRole('textbox', { name: 'Username' })).toHaveValue(invitee.username);
    await expectNoSeriousA11yViolations(inviteePage, `/signup with invitation (${width} px)`);
    await inviteePage.getByLabel('Full Name').fill(invitee.name);
    await inviteePage.getByLabel('Industry').selectOption('Technology');
    await inviteePage.getByRole('textbox', { name: 'Password', exact: true }).fill(invitee.password);
    await inviteePage.getByRole('textbox', { name: 'Confirm Password' }).fill(invitee.password);
    await inviteePage.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
    await inviteePage.getByRole('button', { name: 'Create account' }).click();
    await expect(
      inviteePage
        .getByRole('status')
        .filter({ hasText: 'Account created and invitation accepted! Redirecting to dashboard...' }),
    ).toBeVisible();
    await expect(inviteePage).toHaveURL(/\/dashboard$/, { timeout: 5000 });
    await inviteePage.getByRole('button', { name: 'User menu' }).click();
    await expect(inviteePage.getByTestId('user-menu-role')).toHaveText('member');
    await inviteePage.context().close();

    // The owner sees the newcomer in the member list, and no pending invitation any more.
    await ownerPage.reload();
    const members = membersList(ownerPage);
    await expect(members.getByText(invitee.name)).toBeVisible();
    await expect(ownerPage.getByText('No pending invitations.')).toBeVisible();
    await expect(members.getByRole('combobox', { name: `Role of ${owner.name}` })).toHaveCount(0);
    await members.getByRole('combobox', { name: `Role of ${invitee.name}` }).selectOption('admin');
    await expect(ownerPage.getByText('Role updated successfully.')).toBeVisible();
    await members.getByRole('combobox', { name: `Department of ${invitee.name}` }).selectOption('Support');
    await expect(ownerPage.getByText('Department updated successfully.')).toBeVisible();
    await ownerPage.reload();
    await expect(members.getByRole('combobox', { name: `Role of ${invitee.name}` })).toHaveValue('admin');
    await expect(members.getByRole('combobox', { name: `Department of ${invitee.name}` })).toHaveValue(
      'Support',
    );
    await expectNoSeriousA11yViolations(ownerPage, `/profile Team Members with members (${width} px)`);

    for (const tab of ['Profile', 'Password', 'Team']) {
      await ownerPage.getByRole('tab', { name: tab, exact: true }).click();
      await expect(ownerPage.getByRole('tab', { name: tab, exact: true })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expectNoSeriousA11yViolations(ownerPage, `/profile ${tab} tab, owner (${width} px)`);
    }
    // /team leads to the settings area, whose Members page has the same invitations and members with their controls.
    await ownerPage.goto('/team');
    await expect(ownerPage).toHaveURL(/\/settings\/general$/);
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await ownerPage.goto('/settings/members');
    await expect(ownerPage.getByRole('button', { name: 'Send Invitation' })).toBeVisible();
    await expect(
      membersList(ownerPage).getByRole('combobox', { name: `Role of ${invitee.name}` }),
    ).toHaveValue('admin');
    await expectNoSeriousA11yViolations(ownerPage, `/settings/members (${width} px)`);
    await ownerPage.context().close();
  });
}

test('a member switches into a team, sees no invite form and is sent to /unauthorized from /team', async ({
  browser,
}) => {
  const page = await newIsolatedPage(browser);
  const owner = uniqueUser();
  const ownerToken = await createAccount(page, owner);
  const member = uniqueUser();
  const memberToken = await createAccount(page, member);
  // An existing account is added to the team at once ('added to team'); its current team stays its own.
  const invite = await page.request.post('/api/team/current/invite', {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { email: member.email, username: '' },
  });
  expect((await invite.json()) as { message: string }).toMatchObject({
    message: expect.stringContaining('added to team'),
  });

  await startSignedIn(page, memberToken);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByText('Switch team')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'user menu with the team switcher');
  await page.getByRole('menuitem', { name: new RegExp(owner.teamName) }).click();
  await expect(page.getByText(`Switched to ${owner.teamName}.`)).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByTestId('user-menu-role')).toHaveText('member');
  await page.keyboard.press('Escape');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }),
  ).toHaveCount(0);

  await page.goto('/profile?tab=members');
  await expect(membersList(page).getByText(owner.name)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Invitation' })).toHaveCount(0);
  await expect(page.getByText('Pending invitations')).toHaveCount(0);
  await expect(page.getByRole('combobox')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '/profile Team Members, member');

  await page.getByRole('tab', { name: 'Team', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Team Name' })).toHaveValue(owner.teamName);
  await expect(page.getByRole('textbox', { name: 'Team Name' })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '/profile Team tab, member');

  await page.goto('/team');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await page.context().close();
});

test('accept-invitation screens have no serious axe violations', async ({ browser }) => {
  const page = await newIsolatedPage(browser, { width: 390 });
  await page.goto('/accept-invitation');
  await expect(page.getByRole('heading', { level: 1, name: 'Invalid Invitation' })).toBeVisible();
  await expect(
    page.getByText('No invitation token found. Please check your email for the correct invitation link.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/accept-invitation without token (390 px)');
  await page.goto('/accept-invitation?token=abc');
  await expect(page.getByRole('link', { name: 'Accept Invitation' })).toHaveAttribute(
    'href',
    '/signup?invitation=abc',
  );
  await expectNoSeriousA11yViolations(page, '/accept-invitation signed out (390 px)');
  await page.context().close();
});

// Team management (decision 035): an owner removes a member, who is signed out on their next step; the dialog lists
// the member's open action and offers it to someone else; several addresses are invited at once; members see the
// list read-only. axe runs on each changed view in light and dark schemes at 390 and 1366 px.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  logOops,
  newIsolatedPage,
  startSignedIn,
  test,
  TOKEN_KEY,
  uniqueUser,
} from './fixtures';

const membersList = (page: Page) =>
  page.getByRole('table', { name: 'Team members' }).or(page.getByRole('list', { name: 'Team members' }));

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data?: object,
) {
  const res = await request.fetch(url, { method, headers: bearer(token), ...(data ? { data } : {}) });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [1366, 390]) {
    const label = `${colorScheme}, ${width} px`;
    test(`an owner removes a member, who is signed out on their next step (${label})`, async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      const ownerPage = await newIsolatedPage(browser, { colorScheme, width });
      const memberPage = await newIsolatedPage(browser, { colorScheme, width });
      const owner = uniqueUser();
      const member = uniqueUser();
      const ownerToken = await createAccount(ownerPage, owner);
      const memberToken = await createAccount(memberPage, member);
      const request = ownerPage.request;

      // The member joins the owner's team and works in it, with one open follow-up action.
      const team = await api<{ id: number }>(request, ownerToken, 'GET', '/api/team/current');
      await api(request, ownerToken, 'POST', '/api/team/current/invite', { email: member.email });
      await api(request, memberToken, 'POST', '/api/user/current-team', { teamId: team.id });
      const incident = await logOops(request, ownerToken, { title: 'Queue stalled overnight' });
      const { members } = await api<{ members: { id: number; email: string }[] }>(
        request,
        ownerToken,
        'GET',
        '/api/team/current/members',
      );
      const memberId = members.find((m) => m.email === member.email)!.id;
      await api(request, ownerToken, 'POST', `/api/oops/${incident.id}/actions`, {
        title: 'Add a queue depth alert',
        owner_id: memberId,
      });

      // The member sees the team read-only, with a way to leave.
      await startSignedIn(memberPage, memberToken);
      await memberPage.goto('/profile?tab=members');
      await expect(membersList(memberPage).getByText(owner.name)).toBeVisible();
      await expect(memberPage.getByText('Team Management Coming Soon')).toHaveCount(0);
      await expect(memberPage.getByRole('button', { name: `Remove ${owner.name}` })).toHaveCount(0);
      await expect(memberPage.getByRole('button', { name: 'Leave team' })).toBeVisible();
      await expectNoSeriousA11yViolations(memberPage, `/profile Team Members, member (${label})`);
      await memberPage.getByRole('button', { name: 'Leave team' }).click();
      const leaving = memberPage.getByRole('dialog', { name: 'Leave team' });
      await expect(leaving).toContainText(`Leave ${owner.teamName}?`);
      await expectNoSeriousA11yViolations(memberPage, `leave team dialog (${label})`);
      await leaving.getByRole('button', { name: 'Cancel' }).click();
      await expect(leaving).toHaveCount(0);

      // The owner invites several addresses at once and sees what happened to each.
      await startSignedIn(ownerPage, ownerToken);
      await ownerPage.goto('/settings/members');
      const fresh = uniqueUser().email;
      await ownerPage.getByRole('textbox', { name: /^Addresses to invite/ }).fill(`${fresh}\nnot-an-address`);
      await ownerPage.getByRole('button', { name: 'Invite all' }).click();
      const results = ownerPage.getByRole('list', { name: 'Invitation results' });
      await expect(results.getByText(fresh)).toBeVisible();
      await expect(results.getByText('not-an-address')).toBeVisible();
      await expect(ownerPage.getByRole('textbox', { name: /^Addresses to invite/ })).toHaveValue(
        'not-an-address',
      );
      await expectNoSeriousA11yViolations(ownerPage, `/settings/members with invitation results (${label})`);

      // The owner removes the member: the dialog lists their open action first.
      await ownerPage.goto('/profile?tab=members');
      await expect(membersList(ownerPage).getByText(member.name)).toBeVisible();
      await expectNoSeriousA11yViolations(ownerPage, `/profile Team Members, owner (${label})`);
      await ownerPage.getByRole('button', { name: `Make ${member.name} the owner` }).click();
      const handing = ownerPage.getByRole('dialog', { name: 'Transfer ownership' });
      await expect(handing).toContainText(`Make ${member.name} the owner of this team?`);
      await expectNoSeriousA11yViolations(ownerPage, `transfer ownership dialog (${label})`);
      await handing.getByRole('button', { name: 'Cancel' }).click();
      await expect(handing).toHaveCount(0);
      await ownerPage.getByRole('button', { name: `Remove ${member.name}` }).click();
      const dialog = ownerPage.getByRole('dialog', { name: 'Remove member' });
      await expect(dialog.getByRole('list', { name: `Open actions of ${member.name}` })).toContainText(
        'Add a queue depth alert (Queue stalled overnight)',
      );
      await expectNoSeriousA11yViolations(ownerPage, `remove member dialog (${label})`);
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await expect(dialog.getByText(`${member.name} was removed from the team.`)).toBeVisible();
      const reassign = dialog.getByRole('combobox', { name: 'New owner of Add a queue depth alert' });
      await expectNoSeriousA11yViolations(ownerPage, `reassign after removal (${label})`);
      await reassign.selectOption({ label: owner.name });
      await expect(ownerPage.getByText('Action reassigned.')).toBeVisible();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(membersList(ownerPage).getByText(member.name)).toHaveCount(0);

      // The member's next step (here: coming back to the page) is refused: the tab signs out and lands on sign-in.
      await memberPage.reload();
      await expect(memberPage).toHaveURL(/\/login/);
      await expect(
        memberPage.getByText('You were signed out: your session ended. Please sign in again.'),
      ).toBeVisible();
      expect(await memberPage.evaluate((key) => window.sessionStorage.getItem(key), TOKEN_KEY)).toBeNull();
      const again = await memberPage.request.get('/api/user/profile', { headers: bearer(memberToken) });
      expect(again.status()).toBe(401);

      await ownerPage.context().close();
      await memberPage.context().close();
    });
  }
}

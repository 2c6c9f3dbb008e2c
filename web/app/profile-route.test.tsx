import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../common/contracts/auth';
import type { Member } from '../../common/contracts/team';
import { buildUser } from '../test/factories';
import { jsonResponse, renderRoutes } from '../test/render';
import { routeFetch, type Reply } from '../test/mock-api';
import { asMember, teamCalls } from '../test/team-calls';
import { ProfileRoute } from './profile-route';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** Signs `me` in and serves the team's calls; returns the request log. */
function serve(me: User, others: Member[], extra: Record<string, Reply> = {}) {
  return routeFetch(fetchMock, {
    ...teamCalls(me, others, [
      {
        id: 1,
        email: 'pending@example.test',
        invitee_username: 'newbie',
        created_at: '2025-03-01T10:00:00Z',
      },
    ]),
    ...extra,
  });
}

function renderProfile(tab?: string) {
  const user = userEvent.setup();
  renderRoutes([{ path: '/profile', element: <ProfileRoute /> }], tab ? `/profile?tab=${tab}` : '/profile');
  return user;
}

const other = (id: number, role: Member['role'], name = `Other ${id}`): Member => ({
  id,
  name,
  username: `other${id}`,
  email: `other${id}@example.test`,
  user_department: 'Support',
  role,
});

describe('ProfilePage', () => {
  it('has the five tabs and saves the profile', async () => {
    const me = buildUser({ name: 'Grace', username: 'grace', role: 'member' });
    const api = serve(me, [], {
      'POST /api/user/profile': (body) => jsonResponse(200, { ...me, ...(body as object) }),
    });
    const user = renderProfile();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Profile',
      'Password',
      'Sessions',
      'Team',
      'Team Members',
    ]);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
    await user.clear(screen.getByRole('textbox', { name: 'Full Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Full Name' }), 'Grace Hopper');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Department' }), 'Engineering');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/user/profile')).toEqual([
      { name: 'Grace Hopper', username: 'grace', user_department: 'Engineering' },
    ]);
  });

  it("says 'Failed to update profile.' with the server's reason", async () => {
    const me = buildUser({ role: 'member' });
    serve(me, [], {
      'POST /api/user/profile': jsonResponse(409, { error: 'This username is already taken.' }),
    });
    const user = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert', { name: 'Failed to update profile.' });
    expect(alert).toHaveTextContent('This username is already taken.');
  });

  it('checks the username before saving', async () => {
    serve(buildUser({ username: null, role: 'member' }), []);
    const user = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Username must be 3-32 letters or numbers.')).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('offers Set Password without a password, then Change Password', async () => {
    const me = buildUser({ role: 'member' });
    const api = serve(me, [], {
      'GET /api/user/has-password': jsonResponse(200, { hasPassword: false }),
      'POST /api/user/set-password': jsonResponse(200, { message: 'Password set successfully.' }),
    });
    const user = renderProfile('password');
    expect(await screen.findByRole('form', { name: 'Set Password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New Password/, { selector: 'input' }), 'short');
    await user.type(screen.getByLabelText(/^Confirm Password/, { selector: 'input' }), 'short');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(screen.getByText('Password must be at least 8 characters.')).toBeVisible();

    await user.clear(screen.getByLabelText(/^New Password/, { selector: 'input' }));
    await user.type(screen.getByLabelText(/^New Password/, { selector: 'input' }), 'longenough');
    await user.clear(screen.getByLabelText(/^Confirm Password/, { selector: 'input' }));
    await user.type(screen.getByLabelText(/^Confirm Password/, { selector: 'input' }), 'longenough');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Password set successfully.')).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Change Password' })).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/user/set-password')).toEqual([
      { password: 'longenough', confirmPassword: 'longenough' },
    ]);
  });

  it("says 'Failed to change password.' with the reason", async () => {
    serve(buildUser({ role: 'member' }), [], {
      'POST /api/user/change-password': jsonResponse(400, { error: 'Current password is incorrect.' }),
    });
    const user = renderProfile('password');
    await user.type(await screen.findByLabelText(/^Current Password/, { selector: 'input' }), 'wrong');
    await user.type(screen.getByLabelText(/^New Password/, { selector: 'input' }), 'N3w!Password');
    await user.type(screen.getByLabelText(/^Confirm New Password/, { selector: 'input' }), 'N3w!Password');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const alert = await screen.findByRole('alert', { name: 'Failed to change password.' });
    expect(alert).toHaveTextContent('Current password is incorrect.');
  });
});

describe('ProfilePage permissions', () => {
  it('a member sees the team read-only, no invite form, no pending list and no selectors', async () => {
    const me = buildUser({ role: 'member' });
    const api = serve(me, [other(50, 'owner')]);
    const user = renderProfile('team');
    expect(await screen.findByRole('textbox', { name: 'Team Name' })).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: 'Industry' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Your Role' })).toHaveValue('member');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Team Members' }));
    expect(await screen.findByText('Other 50')).toBeInTheDocument();
    expect(screen.queryByText('Team Management Coming Soon')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole('button', { name: /the owner$/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave team' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite a team member' })).toBeNull();
    expect(screen.queryByText('Pending invitations')).toBeNull();
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    expect(api.calls.some((c) => c.key === 'GET /api/team/current/invitations')).toBe(false);
  });

  it('an owner edits the team and changes other members, never their own row', async () => {
    const me = buildUser({ name: 'Owner Me', role: 'owner' });
    const api = serve(me, [other(60, 'member', 'Mia')], {
      'POST /api/team/current': (body) =>
        jsonResponse(200, {
          id: me.team!.id,
          ...(body as object),
          owner_id: me.id,
          created_at: '2025-01-01T00:00:00.000Z',
          role: 'owner',
          time_zone: 'UTC',
        }),
      'POST /api/team/current/member/60/role': jsonResponse(200, { ...other(60, 'admin', 'Mia') }),
      'POST /api/users/60/department': jsonResponse(403, {
        error: 'You cannot change your own role or department here.',
      }),
    });
    const user = renderProfile('team');
    const name = await screen.findByRole('textbox', { name: 'Team Name' });
    await user.clear(name);
    await user.type(name, 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Team updated successfully.')).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/team/current')).toEqual([{ name: 'Renamed', industry: 'Technology' }]);

    await user.click(screen.getByRole('tab', { name: 'Team Members' }));
    expect(await screen.findByRole('form', { name: 'Invite a team member' })).toBeInTheDocument();
    expect(await screen.findByText('pending@example.test')).toBeInTheDocument();
    expect(screen.getByText('(newbie)')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Team members' });
    expect(within(list).queryByRole('combobox', { name: 'Role of Owner Me' })).toBeNull();
    expect(within(list).queryByRole('combobox', { name: 'Department of Owner Me' })).toBeNull();
    const role = within(list).getByRole('combobox', { name: 'Role of Mia' });
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['owner', 'admin', 'member']);

    await user.selectOptions(role, 'admin');
    expect(await screen.findByText('Role updated successfully.')).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/team/current/member/60/role')).toEqual([{ role: 'admin' }]);

    await user.selectOptions(within(list).getByRole('combobox', { name: 'Department of Mia' }), 'HR');
    expect(
      await screen.findByText(
        'Failed to update department. You cannot change your own role or department here.',
      ),
    ).toBeInTheDocument();
  });

  it('an admin cannot touch the owner role', async () => {
    const me = buildUser({ role: 'admin' });
    serve(me, [other(70, 'owner', 'Olga'), other(71, 'member', 'Max')]);
    renderProfile('members');
    const list = await screen.findByRole('list', { name: 'Team members' });
    expect(within(list).queryByRole('combobox', { name: 'Role of Olga' })).toBeNull();
    expect(within(list).getByRole('combobox', { name: 'Department of Olga' })).toBeInTheDocument();
    const maxRole = within(list).getByRole('combobox', { name: 'Role of Max' });
    expect(
      within(maxRole)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['admin', 'member']);
  });

  it("reloads the member list when an invite answers 'added to team'", async () => {
    const me = buildUser({ role: 'owner' });
    let members = [asMember(me)];
    const api = serve(me, [], {
      'GET /api/team/current/members': () => jsonResponse(200, { members }),
      'POST /api/team/current/invite': () => {
        members = [...members, other(80, 'member', 'Newcomer')];
        return jsonResponse(200, { message: 'other80@example.test was added to team.' });
      },
    });
    const user = renderProfile('members');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'other80@example.test');
    await user.type(screen.getByRole('textbox', { name: /^Username/ }), 'other80');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Newcomer')).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/team/current/invite')).toEqual([
      { email: 'other80@example.test', username: 'other80' },
    ]);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(''));
  });

  it("says 'Failed to send invitation.' with the reason", async () => {
    serve(buildUser({ role: 'admin' }), [], {
      'POST /api/team/current/invite': jsonResponse(409, {
        error: 'This person is already a member of your team.',
      }),
    });
    const user = renderProfile('members');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'x@example.test');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    const alert = await screen.findByRole('alert', { name: 'Failed to send invitation.' });
    expect(alert).toHaveTextContent('This person is already a member of your team.');
  });

  it('shows a table with the spec columns on a wide screen', async () => {
    const wide = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('min-width'),
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    serve(buildUser({ name: 'Me', role: 'owner' }), [other(90, 'member', 'Tess')]);
    renderProfile('members');
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Username', 'E-mail', 'Department', 'Role', 'Actions']);
    const row = within(table).getByRole('row', { name: /Tess/ });
    expect(within(row).getByRole('combobox', { name: 'Role of Tess' })).toHaveValue('member');
    expect(within(row).getByRole('combobox', { name: 'Department of Tess' })).toHaveValue('Support');
    wide.mockRestore();
  });
});

// The Team Members tab's management (decision 035): removing a member with their open actions offered for
// reassignment, handing the team over, inviting several addresses, and signing out when the session has ended.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../common/contracts/auth';
import type { Member } from '../../common/contracts/team';
import { TOKEN_STORAGE_KEY } from '../../common/domain/options';
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

const other = (id: number, role: Member['role'], name: string): Member => ({
  id,
  name,
  username: `other${id}`,
  email: `other${id}@example.test`,
  user_department: null,
  role,
});

function serve(me: User, others: Member[], extra: Record<string, Reply> = {}) {
  return routeFetch(fetchMock, { ...teamCalls(me, others), ...extra });
}

function renderMembers() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/profile', element: <ProfileRoute /> }], '/profile?tab=members');
  return user;
}

/** The whole profile page renders before the tab's content: on a busy machine that takes more than a second. */
const FIRST_PAINT = { timeout: 10_000 };

const action = {
  id: 5,
  title: 'Add a queue depth alert',
  due_date: null,
  oops: { id: 9, id_slug: '9-queue-stalled', title: 'Queue stalled', status: 'Open' },
  verification_check: null,
  verify_on: null,
  verification: null,
};

describe('Team Members management', () => {
  it('removes a member after listing their open actions, then reassigns one', async () => {
    const me = buildUser({ name: 'Owner Me', role: 'owner' });
    const mia = other(60, 'member', 'Mia');
    const api = serve(me, [mia, other(61, 'admin', 'Ada')], {
      'GET /api/actions?owner_id=60&status=open&limit=500': jsonResponse(200, {
        actions: [
          {
            ...action,
            oops_id: 9,
            owner_id: 60,
            owner_name: 'Mia',
            status: 'open',
            completed_at: null,
            created_at: '2025-01-01T00:00:00Z',
            updated_at: '2025-01-01T00:00:00Z',
            overdue: false,
            oops: {
              id: 9,
              id_slug: '9-queue-stalled',
              title: 'Queue stalled',
              status: 'Open',
              area_department: null,
            },
          },
        ],
        matched: 1,
        counts: { open: 1, overdue: 0 },
      }),
      'DELETE /api/team/current/members/60': jsonResponse(200, {
        message: 'Mia was removed from the team.',
        member: mia,
        open_actions: [action],
      }),
      'PUT /api/oops/9/actions/5': jsonResponse(200, {
        ...action,
        oops_id: 9,
        owner_id: 61,
        owner_name: 'Ada',
        status: 'open',
        completed_at: null,
        created_at: '2025-01-01T00:00:00Z',
        updated_at: '2025-01-01T00:00:00Z',
      }),
    });
    const user = renderMembers();
    const list = await screen.findByRole('list', { name: 'Team members' }, FIRST_PAINT);
    expect(within(list).queryByRole('button', { name: 'Remove Owner Me' })).toBeNull();
    await user.click(within(list).getByRole('button', { name: 'Remove Mia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    const open = await within(dialog).findByRole('list', { name: 'Open actions of Mia' });
    expect(open).toHaveTextContent('Add a queue depth alert (Queue stalled)');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Mia was removed from the team.')).toBeInTheDocument();
    const select = within(dialog).getByRole('combobox', { name: 'New owner of Add a queue depth alert' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a member', 'Owner Me', 'Ada']);
    await user.selectOptions(select, '61');
    expect(await screen.findByText('Action reassigned.')).toBeInTheDocument();
    expect(api.bodiesOf('PUT /api/oops/9/actions/5')).toEqual([{ owner_id: 61 }]);
    expect(api.calls.filter((c) => c.key === 'DELETE /api/team/current/members/60')).toHaveLength(1);
  });

  it('hands the team over after asking', async () => {
    const me = buildUser({ name: 'Owner Me', role: 'owner' });
    const api = serve(me, [other(60, 'member', 'Mia')], {
      'POST /api/team/current/transfer-ownership': jsonResponse(200, {
        message: 'Mia is now the team owner.',
        owner: other(60, 'owner', 'Mia'),
        former_owner: { ...asMember(me), role: 'admin' },
      }),
    });
    const user = renderMembers();
    await user.click(await screen.findByRole('button', { name: 'Make Mia the owner' }, FIRST_PAINT));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer ownership' });
    expect(dialog).toHaveTextContent('Make Mia the owner of this team? You become an admin');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer ownership' }));
    expect(await screen.findByText('Mia is now the team owner.')).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/team/current/transfer-ownership')).toEqual([{ user_id: 60 }]);
  });

  it('invites several addresses and says what happened to each; bad ones stay in the box', async () => {
    const me = buildUser({ role: 'admin' });
    const api = serve(me, [], {
      'POST /api/team/current/invitations': jsonResponse(200, {
        results: [
          { email: 'a@example.test', status: 'invited', message: 'Invitation sent.' },
          { email: 'b@example.test', status: 'already_member', message: 'Already a member.' },
          { email: 'nope', status: 'invalid', message: 'Not a valid e-mail address.' },
        ],
      }),
    });
    const user = renderMembers();
    const box = await screen.findByRole('textbox', { name: /^Addresses to invite/ }, FIRST_PAINT);
    await user.click(screen.getByRole('button', { name: 'Invite all' }));
    expect(await screen.findByText('Enter at least one e-mail address.')).toBeInTheDocument();
    await user.type(box, 'a@example.test, b@example.test{enter}nope a@example.test');
    await user.click(screen.getByRole('button', { name: 'Invite all' }));
    const results = await screen.findByRole('list', { name: 'Invitation results' });
    expect(results).toHaveTextContent('Inviteda@example.test');
    expect(results).toHaveTextContent('Already a memberb@example.test');
    expect(results).toHaveTextContent('Invalidnope');
    expect(box).toHaveValue('nope');
    expect(api.bodiesOf('POST /api/team/current/invitations')).toEqual([
      { emails: ['a@example.test', 'b@example.test', 'nope'] },
    ]);
  });

  it('signs the tab out when a call answers 401 (the session ended on the server)', async () => {
    const me = buildUser({ role: 'member' });
    serve(me, [], {
      'GET /api/team/current/members': jsonResponse(401, {
        error: 'Authentication required',
        code: 'unauthenticated',
      }),
    });
    renderMembers();
    expect(
      await screen.findByText(
        'You were signed out: your session ended. Please sign in again.',
        {},
        FIRST_PAINT,
      ),
    ).toBeInTheDocument();
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

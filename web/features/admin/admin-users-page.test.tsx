import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../common/domain/options';
import { buildUser } from '../../test/factories';
import { jsonResponse, renderRoutes } from '../../test/render';
import { buildAdminUser, usersPage } from './admin-test-data';
import { AdminUsersPage } from './admin-users-page';
import { urlOf, jsonBodyOf } from '../../test/fetch-call';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const me = buildUser({ id: 1, is_super_admin: true, email: 'root@example.test' });
const self = buildAdminUser({ id: 1, name: 'Root', email: 'root@example.test', is_super_admin: true });
const grace = buildAdminUser({ id: 2, user_department: 'Engineering' });
const alan = buildAdminUser({ id: 3, name: 'Alan Turing', email: 'alan@example.test', is_active: false });

/** A small fake of the admin users API: search, status changes, and an optional failing PUT. */
function serveUsers(options: { failPut?: boolean } = {}) {
  const users = [self, grace, alan].map((u) => ({ ...u }));
  window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(urlOf(input), 'http://localhost');
    if (url.pathname === '/api/user/profile') return jsonResponse(200, me);
    if (url.pathname === '/api/admin/users') {
      const q = (url.searchParams.get('search') ?? '').toLowerCase();
      return jsonResponse(
        200,
        usersPage(users.filter((u) => `${u.email} ${u.name} ${u.username}`.toLowerCase().includes(q))),
      );
    }
    const status = url.pathname.match(/^\/api\/admin\/users\/(\d+)\/status$/);
    if (status && init?.method === 'PUT') {
      if (options.failPut) return jsonResponse(400, { error: 'You cannot disable your own account.' });
      const user = users.find((u) => u.id === Number(status[1]))!;
      user.is_active = (jsonBodyOf(init) as { is_active: boolean }).is_active;
      return jsonResponse(200, user);
    }
    return jsonResponse(404, { error: 'Not found.' });
  });
}

const renderUsers = () =>
  renderRoutes([{ path: '/admin/users', element: <AdminUsersPage /> }], '/admin/users');
const row = (id: number) => screen.getByTestId(`user-row-${id}`);
const putCalls = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('AdminUsersPage', () => {
  it('lists users with department, status badges and totals; no button on your own row', async () => {
    serveUsers();
    renderUsers();
    await screen.findByRole('table');
    expect(within(row(1)).getByText('Super Admin')).toBeInTheDocument();
    expect(within(row(1)).getByText('Not specified')).toBeInTheDocument();
    expect(within(row(1)).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row(1)).getByText('You')).toBeInTheDocument();
    expect(within(row(2)).getByText('Engineering')).toBeInTheDocument();
    expect(within(row(2)).getByText('Active')).toBeInTheDocument();
    expect(within(row(2)).getByRole('button', { name: 'Disable grace@example.test' })).toBeInTheDocument();
    expect(within(row(3)).getByText('Disabled')).toBeInTheDocument();
    expect(within(row(3)).getByRole('button', { name: 'Enable alan@example.test' })).toBeInTheDocument();
    expect(screen.getByTestId('stat-Total Users')).toHaveTextContent('3');
    expect(screen.getByTestId('stat-Super Admins')).toHaveTextContent('1');
    expect(screen.getByTestId('stat-Active')).toHaveTextContent('2');
    expect(screen.getByTestId('stat-Disabled')).toHaveTextContent('1');
    expect(screen.getByText('Showing 1–3 of 3 users')).toBeInTheDocument();
  });

  it('disables a user only after confirming, then shows the new status and totals', async () => {
    serveUsers();
    renderUsers();
    await screen.findByRole('table');
    const user = userEvent.setup();

    await user.click(within(row(2)).getByRole('button', { name: 'Disable grace@example.test' }));
    let dialog = screen.getByRole('dialog', { name: 'Disable user' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(putCalls()).toHaveLength(0);

    await user.click(within(row(2)).getByRole('button', { name: 'Disable grace@example.test' }));
    dialog = screen.getByRole('dialog', { name: 'Disable user' });
    expect(dialog).toHaveTextContent('Disable Grace Hopper (grace@example.test)?');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));

    expect(await screen.findByText('Grace Hopper has been disabled and signed out.')).toBeInTheDocument();
    const [path, init] = putCalls()[0]!;
    expect(path).toBe('/api/admin/users/2/status');
    expect(jsonBodyOf(init)).toEqual({ is_active: false });
    await waitFor(() => expect(within(row(2)).getByText('Disabled')).toBeInTheDocument());
    expect(screen.getByTestId('stat-Disabled')).toHaveTextContent('2');
    expect(within(row(2)).getByRole('button', { name: 'Enable grace@example.test' })).toBeInTheDocument();
  });

  it('enables a disabled user after confirming', async () => {
    serveUsers();
    renderUsers();
    await screen.findByRole('table');
    const user = userEvent.setup();
    await user.click(within(row(3)).getByRole('button', { name: 'Enable alan@example.test' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Enable user' })).getByRole('button', { name: 'Enable' }),
    );
    expect(await screen.findByText('Alan Turing can sign in again.')).toBeInTheDocument();
    expect(jsonBodyOf(putCalls()[0]![1])).toEqual({ is_active: true });
  });

  it("says 'Failed to update user status' when the change is refused", async () => {
    serveUsers({ failPut: true });
    renderUsers();
    await screen.findByRole('table');
    const user = userEvent.setup();
    await user.click(within(row(2)).getByRole('button', { name: 'Disable grace@example.test' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Disable user' })).getByRole('button', { name: 'Disable' }),
    );
    expect(await screen.findByText('Failed to update user status')).toBeInTheDocument();
    expect(within(row(2)).getByText('Active')).toBeInTheDocument();
  });

  it('searches on the server by e-mail, name or username', async () => {
    serveUsers();
    renderUsers();
    await screen.findByRole('table');
    await userEvent.setup().type(screen.getByRole('searchbox', { name: /Search users/ }), 'alan');
    await waitFor(() => expect(screen.queryByTestId('user-row-2')).not.toBeInTheDocument());
    expect(row(3)).toBeInTheDocument();
    const searches = fetchMock.mock.calls.map(([u]) => urlOf(u)).filter((u) => u.includes('search='));
    expect(searches).toEqual(['/api/admin/users?limit=25&offset=0&search=alan']);
  });

  it("says 'Failed to fetch admin users' when the list fails", async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    fetchMock.mockImplementation(async (input) =>
      urlOf(input) === '/api/user/profile'
        ? jsonResponse(200, me)
        : jsonResponse(400, { error: 'Bad query.' }),
    );
    renderUsers();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch admin users');
  });
});

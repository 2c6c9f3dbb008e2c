import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../common/domain/options';
import { buildUser } from '../../test/factories';
import { jsonResponse, renderRoutes } from '../../test/render';
import { AdminDashboardPage } from './admin-dashboard-page';
import { AdminTeamsPage } from './admin-teams-page';
import { AdminUsersPage } from './admin-users-page';
import { buildAdminTeam } from './admin-test-data';
import { urlOf } from '../../test/fetch-call';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

// No route guard here: the pages must redirect by themselves (docs/product.md §2 in-page redirects).
const routes = [
  { path: '/admin', element: <AdminDashboardPage /> },
  { path: '/admin/users', element: <AdminUsersPage /> },
  { path: '/admin/teams', element: <AdminTeamsPage /> },
  { path: '/login', element: <h1>Login page</h1> },
  { path: '/unauthorized', element: <h1>Unauthorized page</h1> },
  { path: '/admin/audit', element: <h1>Audit page</h1> },
];

function signedInAs(user: ReturnType<typeof buildUser>, answer: (path: string) => Response) {
  window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  fetchMock.mockImplementation(async (input) => {
    const path = urlOf(input);
    if (path === '/api/user/profile') return jsonResponse(200, user);
    return answer(path);
  });
}

const adminCalls = () =>
  fetchMock.mock.calls.map(([u]) => urlOf(u)).filter((u) => u.startsWith('/api/admin'));

describe('admin pages redirect in-page', () => {
  for (const path of ['/admin', '/admin/users', '/admin/teams']) {
    it(`${path}: no user goes to /login`, async () => {
      const { router } = renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(adminCalls()).toEqual([]);
    });

    it(`${path}: a user without the super-admin flag goes to /unauthorized`, async () => {
      signedInAs(buildUser({ role: 'owner', is_super_admin: false }), () => jsonResponse(403, {}));
      const { router } = renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { name: 'Unauthorized page' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/unauthorized');
      expect(adminCalls()).toEqual([]);
    });
  }
});

describe('AdminDashboardPage', () => {
  it('shows the four counts, the last 7 days and the three ways in', async () => {
    signedInAs(buildUser({ is_super_admin: true }), () =>
      jsonResponse(200, {
        total_users: 42,
        total_teams: 9,
        total_oops: 310,
        super_admins: 2,
        oops_last_7_days: 17,
        active_users: 40,
        disabled_users: 2,
      }),
    );
    renderRoutes(routes, '/admin');
    expect(await screen.findByTestId('stat-Total Users')).toHaveTextContent('42');
    expect(screen.getByTestId('stat-Total Teams')).toHaveTextContent('9');
    expect(screen.getByTestId('stat-Total Oops')).toHaveTextContent('310');
    expect(screen.getByTestId('stat-Super Admins')).toHaveTextContent('2');
    expect(screen.getByTestId('stat-last-7-days')).toHaveTextContent('17');
    expect(screen.getByText('Oops created in the last 7 days')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Users' })).toHaveAttribute('href', '/admin/users');
    expect(screen.getByRole('link', { name: 'Manage Teams' })).toHaveAttribute('href', '/admin/teams');
    expect(screen.getByRole('link', { name: 'View Audit Log' })).toHaveAttribute('href', '/admin/audit');
  });

  it("says 'Failed to fetch admin stats' when the call fails", async () => {
    signedInAs(buildUser({ is_super_admin: true }), () =>
      jsonResponse(403, { error: 'Only platform super admins can do this.' }),
    );
    renderRoutes(routes, '/admin');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch admin stats');
    expect(alert).toHaveTextContent('Only platform super admins can do this.');
  });
});

describe('AdminTeamsPage', () => {
  it("names unnamed teams 'Unnamed Team', ownerless ones 'No owner', and every status Active", async () => {
    signedInAs(buildUser({ is_super_admin: true }), () =>
      jsonResponse(200, {
        teams: [buildAdminTeam(), buildAdminTeam({ id: 6, name: null, owner_id: null })],
        matched: 2,
        total: 11,
      }),
    );
    renderRoutes(routes, '/admin/teams');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Rocket Team');
    expect(rows[0]).toHaveTextContent('ID 5');
    expect(rows[1]).toHaveTextContent('Unnamed Team');
    expect(rows[1]).toHaveTextContent('No owner');
    expect(within(table).getAllByText('Active')).toHaveLength(2);
    expect(screen.getByTestId('stat-Total Teams')).toHaveTextContent('11');
  });

  it("says 'Failed to fetch admin teams' when the call fails", async () => {
    signedInAs(buildUser({ is_super_admin: true }), () => jsonResponse(400, { error: 'Bad search.' }));
    renderRoutes(routes, '/admin/teams');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch admin teams');
  });

  it('waits for a pause in typing before searching on the server', async () => {
    signedInAs(buildUser({ is_super_admin: true }), () =>
      jsonResponse(200, { teams: [buildAdminTeam()], matched: 1, total: 1 }),
    );
    renderRoutes(routes, '/admin/teams');
    await screen.findByRole('table');
    await userEvent.setup().type(screen.getByRole('searchbox', { name: /Search teams/ }), '42');
    await waitFor(() => expect(adminCalls()).toContain('/api/admin/teams?limit=25&offset=0&search=42'));
    expect(adminCalls()).not.toContain('/api/admin/teams?limit=25&offset=0&search=4');
  });
});

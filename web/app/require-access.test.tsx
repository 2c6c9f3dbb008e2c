import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MANAGER_ROLES, TOKEN_STORAGE_KEY } from '../../common/domain/options';
import { buildUser } from '../test/factories';
import { jsonResponse, renderRoutes } from '../test/render';
import { RequireAccess } from './require-access';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const routes = [
  { element: <RequireAccess />, children: [{ path: '/dashboard', element: <h1>Dashboard</h1> }] },
  { element: <RequireAccess roles={MANAGER_ROLES} />, children: [{ path: '/team', element: <h1>Team</h1> }] },
  { element: <RequireAccess superAdmin />, children: [{ path: '/admin', element: <h1>Admin</h1> }] },
  { path: '/login', element: <h1>Login</h1> },
  { path: '/unauthorized', element: <h1>Unauthorized</h1> },
];

describe('RequireAccess', () => {
  it('shows a loader, not a redirect, while the session loads', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const { router } = renderRoutes(routes, '/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    expect(router.state.location.pathname).toBe('/dashboard');
    answer(jsonResponse(200, buildUser()));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login', async () => {
    const { router } = renderRoutes(routes, '/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends a member away from /team and a non-super-admin away from /admin', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    fetchMock.mockImplementation(async () => jsonResponse(200, buildUser({ role: 'member' })));
    const team = renderRoutes(routes, '/team');
    await waitFor(() => expect(team.router.state.location.pathname).toBe('/unauthorized'));
    team.unmount();

    const admin = renderRoutes(routes, '/admin');
    await waitFor(() => expect(admin.router.state.location.pathname).toBe('/unauthorized'));
  });

  it('lets an admin into /team', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    fetchMock.mockImplementation(async () => jsonResponse(200, buildUser({ role: 'admin' })));
    renderRoutes(routes, '/team');
    expect(await screen.findByRole('heading', { name: 'Team' })).toBeInTheDocument();
  });
});

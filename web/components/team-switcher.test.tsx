import { Menu } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../common/domain/options';
import { buildUser } from '../test/factories';
import { jsonResponse, renderRoutes } from '../test/render';
import { TeamSwitcherItems } from './team-switcher';
import { urlOf, jsonBodyOf } from '../test/fetch-call';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function OpenMenu() {
  return (
    <Menu opened withinPortal={false}>
      <Menu.Target>
        <button>Menu</button>
      </Menu.Target>
      <Menu.Dropdown>
        <TeamSwitcherItems />
        <Menu.Item>Profile Settings</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function serve(teams: { id: number; name: string; role: string; current: boolean }[]) {
  window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  const user = buildUser();
  fetchMock.mockImplementation(async (input, init) => {
    const path = urlOf(input);
    if (path === '/api/user/teams') return jsonResponse(200, { teams });
    if (path === '/api/user/current-team' && init?.method === 'POST') {
      return jsonResponse(200, { ...user, team: { id: 2, name: 'Engines' }, role: 'member' });
    }
    return jsonResponse(200, user);
  });
}

const render = () =>
  renderRoutes(
    [
      { path: '/oops', element: <OpenMenu /> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
    ],
    '/oops',
  );

describe('TeamSwitcherItems', () => {
  it('lists nothing for a person in one team', async () => {
    serve([{ id: 1, name: 'Personal Team', role: 'owner', current: true }]);
    render();
    await waitFor(() => expect(fetchMock.mock.calls.some(([p]) => p === '/api/user/teams')).toBe(true));
    expect(screen.queryByText('Switch team')).toBeNull();
    expect(screen.getAllByRole('menuitem')).toHaveLength(1);
  });

  it('switches to another team, re-reads the session and lands on /dashboard', async () => {
    serve([
      { id: 1, name: 'Personal Team', role: 'owner', current: true },
      { id: 2, name: 'Engines', role: 'member', current: false },
    ]);
    const { router } = render();
    expect(await screen.findByText('Switch team')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /Personal Team\s*\(current team\)/ })).toBeInTheDocument();
    const profileCalls = () => fetchMock.mock.calls.filter(([p]) => p === '/api/user/profile').length;
    const before = profileCalls();

    await userEvent.setup().click(screen.getByRole('menuitem', { name: /Engines/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const post = fetchMock.mock.calls.find(([p]) => p === '/api/user/current-team')!;
    expect(jsonBodyOf(post[1])).toEqual({ teamId: 2 });
    expect(profileCalls()).toBeGreaterThan(before);
    expect(await screen.findByText('Switched to Engines.')).toBeInTheDocument();
  });
});

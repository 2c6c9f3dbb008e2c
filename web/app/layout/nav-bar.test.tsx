import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../common/contracts/auth';
import { avatarUrl, identiconDataUri } from '../../../common/domain/avatar';
import { TOKEN_STORAGE_KEY } from '../../../common/domain/options';
import { setPresentationMode } from '../../lib/use-presentation-mode';
import { buildUser } from '../../test/factories';
import { jsonResponse, renderRoutes } from '../../test/render';
import { NavBar } from './nav-bar';

// The signed-in navigation is a lazy chunk (decision 029); loading it under a busy test run can take a few seconds.
const LAZY = { timeout: 10_000 };

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setPresentationMode(false);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const paths = ['/', '/dashboard', '/oops', '/login'];

function renderNav(path: string, user?: User) {
  if (user) {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    fetchMock.mockImplementation(async () => jsonResponse(200, user));
  }
  return renderRoutes(
    paths.map((p) => ({ path: p, element: <NavBar /> })),
    path,
  );
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('NavBar', () => {
  it('offers Log In and Sign Up to signed-out visitors', () => {
    renderNav('/dashboard');
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('button', { name: 'User menu' })).not.toBeInTheDocument();
  });

  it('shows the user menu and Get Started on the landing page when signed in', async () => {
    renderNav('/', buildUser());
    expect(await screen.findByRole('button', { name: 'User menu' }, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('gives a member Dashboard, Oops Log, My Actions and Lessons, an owner also Triage and Team, a super admin also Admin', async () => {
    const member = renderNav('/oops', buildUser({ role: 'member' }));
    await waitFor(() => expect(mainNav()).toBeInTheDocument());
    expect(
      within(mainNav())
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Dashboard', 'Oops Log', 'My Actions', 'Lessons']);
    member.unmount();

    const owner = renderNav('/oops', buildUser({ role: 'owner' }));
    await waitFor(() => expect(mainNav()).toBeInTheDocument());
    expect(
      within(mainNav())
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Dashboard', 'Oops Log', 'My Actions', 'Lessons', 'Triage', 'Team']);
    owner.unmount();

    renderNav('/oops', buildUser({ role: 'member', is_super_admin: true }));
    await waitFor(() => expect(mainNav()).toBeInTheDocument());
    expect(
      within(mainNav())
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Dashboard', 'Oops Log', 'My Actions', 'Lessons', 'Admin']);
    // The wide bar's button and the narrow bar's icon (CSS shows one of them).
    for (const link of screen.getAllByRole('link', { name: 'Log Oops' })) {
      expect(link).toHaveAttribute('href', '/oops/new');
    }
  });

  it('keeps Log Oops and search one tap away beside the burger: the search button opens the palette', async () => {
    renderNav('/oops', buildUser());
    const search = await screen.findByRole('button', { name: 'Search' }, LAZY);
    expect(screen.getAllByRole('link', { name: 'Log Oops' })).toHaveLength(2);
    await userEvent.setup().click(search);
    expect(
      await screen.findByRole('textbox', { name: 'Search incidents, actions, lessons and pages' }, LAZY),
    ).toBeInTheDocument();
  });

  it('searches only with non-blank text, trimmed and encoded', async () => {
    const { router } = renderNav('/oops', buildUser());
    const user = userEvent.setup();
    const box = await screen.findByRole('searchbox', { name: 'Search incidents' }, LAZY);
    expect(box).toHaveAttribute('placeholder', 'Search incidents...');

    await user.type(box, '   {Enter}');
    expect(router.state.location.search).toBe('');

    await user.clear(box);
    await user.type(box, '  disk full #2 {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/oops'));
    expect(router.state.location.search).toBe('?search=disk%20full%20%232');
  });

  it('shows the presentation toggle only on /dashboard and flips its title', async () => {
    const dash = renderNav('/dashboard', buildUser());
    const toggle = await screen.findByRole('button', { name: 'Presentation Mode' }, LAZY);
    expect(toggle).toHaveAttribute('title', 'Presentation Mode');
    await userEvent.setup().click(toggle);
    expect(screen.getByRole('button', { name: 'Exit Presentation Mode' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    dash.unmount();

    renderNav('/oops', buildUser());
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('button', { name: /Presentation Mode/ })).not.toBeInTheDocument();
  });

  it("draws the avatar here from the e-mail hash, unless the server sent the public service's URL", async () => {
    const local = renderNav('/dashboard', buildUser({ email: 'ada@example.com', avatar_url: null }));
    const button = await screen.findByRole('button', { name: 'User menu' });
    expect(button.querySelector('img')?.getAttribute('src')).toBe(identiconDataUri('ada@example.com'));
    local.unmount();
    const url = avatarUrl('ada@example.com', 128);
    renderNav('/dashboard', buildUser({ email: 'ada@example.com', avatar_url: url }));
    const withService = await screen.findByRole('button', { name: 'User menu' });
    expect(withService.querySelector('img')?.getAttribute('src')).toBe(url);
  });

  it('lists the user menu entries with the name and the default role', async () => {
    renderNav('/dashboard', buildUser({ name: 'Grace Hopper', role: null }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'User menu' }, LAZY));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByTestId('user-menu-name')).toHaveTextContent('Grace Hopper');
    expect(within(menu).getByTestId('user-menu-role')).toHaveTextContent('member');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Dashboard', 'Profile Settings', 'Executive Report', 'How it Works', 'Sign out']);
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SSO_ERROR_TEXTS, SSO_TEXTS } from '../../../common/domain/sso-texts';
import type { AuthProviders } from '../../../common/contracts/sso';
import { jsonResponse, renderRoutes } from '../../test/render';
import { LoginPage } from './login-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function renderLogin(
  path = '/login',
  providers: AuthProviders = { oidc: { name: 'Acme ID' }, oidcOnly: false },
) {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      input === '/api/auth/providers'
        ? jsonResponse(200, providers)
        : jsonResponse(500, { error: 'unexpected call' }),
    ),
  );
  return renderRoutes([{ path: '/login', element: <LoginPage /> }], path);
}

describe('LoginPage with single sign-on', () => {
  it('offers "Sign in with <provider>" as a link to the start route, beside the password form', async () => {
    renderLogin('/login?returnTo=%2Foops%2F7');
    const button = await screen.findByRole('link', { name: 'Sign in with Acme ID' });
    expect(button).toHaveAttribute('href', '/api/auth/oidc/start?returnTo=%2Foops%2F7');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('shows no button when single sign-on is not configured', async () => {
    renderLogin('/login', { oidc: null, oidcOnly: false });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it('explains why the last single sign-on failed', async () => {
    renderLogin('/login?sso_error=domain');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(SSO_ERROR_TEXTS.domain)).toBeInTheDocument();
  });

  it('has a general text for a reason it does not know', async () => {
    renderLogin('/login?sso_error=something-new');
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_TEXTS.unknownError);
  });

  it('in OIDC-only mode folds the password and link forms under "Administrator sign-in"', async () => {
    renderLogin('/login', { oidc: { name: 'Acme ID' }, oidcOnly: true });
    expect(await screen.findByRole('link', { name: 'Sign in with Acme ID' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: SSO_TEXTS.adminSignIn });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});

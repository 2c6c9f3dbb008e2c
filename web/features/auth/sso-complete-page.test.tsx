import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../common/domain/options';
import { SSO_TEXTS } from '../../../common/domain/sso-texts';
import { jsonBodyOf } from '../../test/fetch-call';
import { buildUser } from '../../test/factories';
import { jsonResponse, renderRoutes } from '../../test/render';
import { SsoCompletePage } from './sso-complete-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function renderPage(path: string) {
  return renderRoutes(
    [
      { path: '/login/sso', element: <SsoCompletePage /> },
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/oops/:id', element: <h1>Incident page</h1> },
    ],
    path,
  );
}

describe('SsoCompletePage (/login/sso)', () => {
  it('trades the code for a session once and goes to the dashboard', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { token: 'tok-sso', user: buildUser(), returnTo: null }),
    );
    const { router } = renderPage('/login/sso?code=abc');
    expect(screen.getByRole('status')).toHaveTextContent(SSO_TEXTS.completing);
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-sso');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/auth/oidc/complete');
    expect(init?.method).toBe('POST');
    expect(jsonBodyOf(init)).toEqual({ code: 'abc' });
    // The spent code does not stay in the history.
    expect(router.state.location.search).toBe('');
  });

  it('goes where the user was heading', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { token: 't', user: buildUser(), returnTo: '/oops/7' }),
    );
    renderPage('/login/sso?code=abc');
    expect(await screen.findByRole('heading', { name: 'Incident page' })).toBeInTheDocument();
  });

  it("shows the server's text for a used or expired code, with a way back", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(410, { error: SSO_TEXTS.handoffExpired }));
    renderPage('/login/sso?code=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_TEXTS.handoffExpired);
    expect(screen.getByRole('link', { name: SSO_TEXTS.backToLogin })).toHaveAttribute('href', '/login');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('without a code says so and calls nothing', async () => {
    renderPage('/login/sso');
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_TEXTS.handoffInvalid);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

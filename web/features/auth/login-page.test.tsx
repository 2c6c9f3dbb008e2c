import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../common/domain/options';
import { buildUser } from '../../test/factories';
import { jsonResponse, renderRoutes, withoutSso } from '../../test/render';
import { LoginPage } from './login-page';
import { jsonBodyOf } from '../../test/fetch-call';

const fetchMock = vi.fn<typeof fetch>();

// The login page also asks which sign-in methods exist; here only password and e-mail links (no single sign-on).
beforeEach(() => vi.stubGlobal('fetch', withoutSso(fetchMock)));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
    ],
    '/login',
  );
}

async function submit(email = 'ada@example.test', password = 'secret-Pass1') {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
  // The mode toggle's 'Password' radio shares the label's first word.
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input[type=password]' }), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginPage', () => {
  it('signs in, stores the token, says so and goes to /dashboard', async () => {
    const account = buildUser({ email: 'ada@example.test' });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { token: 'tok-1', user: account }));
    const { router } = renderLogin();
    await submit();

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-1');
    expect(screen.getByText('Login successful! Redirecting...')).toBeInTheDocument();
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/auth/login');
    expect(jsonBodyOf(init)).toEqual({ email: 'ada@example.test', password: 'secret-Pass1' });
  });

  it('shows the form text inline and the server text as a toast on 401', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'Invalid email or password.' }));
    const { router } = renderLogin();
    await submit();

    expect(await screen.findByRole('alert', { name: 'Sign-in failed' })).toHaveTextContent(
      'Invalid credentials. Please try again.',
    );
    expect(screen.getByText('Invalid email or password.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("refuses an answer without both token and user: 'Invalid response from server'", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { token: 'tok-only' }));
    const { router } = renderLogin();
    await submit();

    expect(await screen.findByRole('alert', { name: 'Sign-in failed' })).toHaveTextContent(
      'Invalid response from server',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('shows the server text for other refusals, such as throttling', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(429, { error: 'Too many sign-in attempts.' }));
    renderLogin();
    await submit();
    expect(await screen.findByRole('alert', { name: 'Sign-in failed' })).toHaveTextContent(
      'Too many sign-in attempts.',
    );
  });

  it('checks the fields before calling the server', async () => {
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reads 'Signing in...' while the call is in flight", async () => {
    fetchMock.mockReturnValueOnce(new Promise(() => {}));
    renderLogin();
    await submit();
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
  });
});

describe('LoginPage: links that open where they point (decision 033)', () => {
  it('returns to the requested page and asks to keep the device signed in when ticked', async () => {
    const account = buildUser({ email: 'ada@example.test' });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { token: 'tok-2', user: account }));
    const { router } = renderRoutes(
      [
        { path: '/login', element: <LoginPage /> },
        { path: '/oops/:idSlug', element: <h1>Incident page</h1> },
      ],
      `/login?returnTo=${encodeURIComponent('/oops/7-db-down?tab=notes#n2')}`,
    );
    await userEvent.setup().click(screen.getByRole('checkbox', { name: /Keep me signed in on this device/ }));
    await submit();

    expect(await screen.findByRole('heading', { name: 'Incident page' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({
      pathname: '/oops/7-db-down',
      search: '?tab=notes',
      hash: '#n2',
    });
    expect(jsonBodyOf(fetchMock.mock.calls[0]![1])).toEqual({
      email: 'ada@example.test',
      password: 'secret-Pass1',
      remember: true,
    });
  });

  it('never returns to another site', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { token: 'tok-3', user: buildUser() }));
    const { router } = renderRoutes(
      [
        { path: '/login', element: <LoginPage /> },
        { path: '/dashboard', element: <h1>Dashboard page</h1> },
      ],
      `/login?returnTo=${encodeURIComponent('//evil.example/phish')}`,
    );
    await submit();
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('says when the session expired', () => {
    renderRoutes([{ path: '/login', element: <LoginPage /> }], '/login?expired=1&returnTo=%2Foops');
    expect(screen.getByRole('status')).toHaveTextContent('Your session has expired. Please sign in again.');
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../common/domain/options';
import { buildUser } from '../../test/factories';
import { jsonResponse, renderRoutes } from '../../test/render';
import { useSession } from './use-session';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Probe() {
  const { status, user, signOut } = useSession();
  return (
    <div>
      <p data-testid="status">{status}</p>
      <p data-testid="name">{user?.name ?? ''}</p>
      <button onClick={() => void signOut()}>Sign out</button>
    </div>
  );
}

const renderProbe = (path = '/app') =>
  renderRoutes(
    [
      { path: '/app', element: <Probe /> },
      { path: '/', element: <h1>Landing</h1> },
    ],
    path,
  );

describe('SessionProvider', () => {
  it('is signed out at once without a stored token, and asks the server nothing', () => {
    renderProbe();
    expect(screen.getByTestId('status')).toHaveTextContent('anonymous');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the profile with the stored token', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, buildUser({ name: 'Grace' })));
    renderProbe();
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    expect(screen.getByTestId('name')).toHaveTextContent('Grace');
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/user/profile');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
  });

  it('clears token and user when the profile check fails', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'expired');
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'Authentication required' }));
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('anonymous'));
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('treats a profile answer that is not a user as a failed check', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { hello: 'world' }));
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('anonymous'));
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('signs out on the server, clears the session and lands on /', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, buildUser()))
      .mockResolvedValueOnce(jsonResponse(200, { success: true }));
    const { router } = renderProbe();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    const [path, init] = fetchMock.mock.calls[1]!;
    expect(path).toBe('/api/auth/logout');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
    expect((init?.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('clears the session even when the logout call fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, buildUser()))
      .mockResolvedValueOnce(jsonResponse(401, { error: 'Authentication required' }));
    const { router } = renderProbe();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});

describe('SessionProvider with a remembered device (decision 033)', () => {
  const remember = () => {
    document.cookie = 'oopsboard_device=1; path=/';
  };
  afterEach(() => {
    document.cookie = 'oopsboard_device=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('asks for a session once before deciding the tab is signed out', async () => {
    remember();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { token: 'tok-r', user: buildUser({ name: 'Ada' }) }));
    renderProbe();
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    expect(screen.getByTestId('name')).toHaveTextContent('Ada');
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-r');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/auth/refresh');
    expect(init?.method).toBe('POST');
  });

  it('is signed out when the device has nothing to give', async () => {
    remember();
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('anonymous'));
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('trades a refused session for a new one from the device', async () => {
    remember();
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'stale');
    fetchMock
      .mockResolvedValueOnce(jsonResponse(401, { error: 'Authentication required', code: 'unauthenticated' }))
      .mockResolvedValueOnce(jsonResponse(200, { token: 'fresh', user: buildUser({ name: 'Back' }) }));
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('name')).toHaveTextContent('Back'));
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh');
  });
});

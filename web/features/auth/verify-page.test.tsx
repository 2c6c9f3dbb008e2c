import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../common/domain/options';
import { buildUser } from '../../test/factories';
import { jsonResponse, renderRoutes } from '../../test/render';
import { VerifyPage } from './verify-page';
import { urlOf } from '../../test/fetch-call';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderVerify(path = '/verify?token=tok-abc') {
  return renderRoutes(
    [
      { path: '/verify', element: <VerifyPage /> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    path,
  );
}

describe('VerifyPage', () => {
  it('shows loading, then signs in and goes to /dashboard after 1.2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = buildUser({ name: 'Marie' });
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementation((input) =>
      urlOf(input).startsWith('/api/auth/verify')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : Promise.resolve(jsonResponse(200, user)),
    );
    const { router } = renderVerify();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in link...');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/verify?token=tok-abc');

    answer(jsonResponse(200, { success: true, token: 'session-1', user }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are signed in' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('session-1');
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(router.state.location.pathname).toBe('/verify');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    // The token is single use: one call only.
    expect(fetchMock.mock.calls.filter(([p]) => urlOf(p).startsWith('/api/auth/verify'))).toHaveLength(1);
  });

  it("shows the expired page for an error containing 'expired'", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(410, { error: 'This link has expired. Please request a new one.' }),
    );
    renderVerify();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops!! That token has expired!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/request a new link/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/login');
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("shows the server's error for a used link", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, { error: 'This link is invalid or has already been used.' }),
    );
    renderVerify();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has already been used.',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it("falls back to 'Invalid or expired token.' when the server gives no reason", async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 400 }));
    renderVerify();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired token.');
  });

  it("says 'Missing token.' without calling the server", () => {
    renderVerify('/verify');
    expect(screen.getByRole('alert')).toHaveTextContent('Missing token.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Invalid response from server.' when the answer lacks a token or user", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true }));
    renderVerify();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid response from server.');
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("says 'Network error. Please try again.' once the transport's retries are spent", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderVerify();
    await act(() => vi.advanceTimersByTimeAsync(8000));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again.');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});

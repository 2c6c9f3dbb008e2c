import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../common/domain/options';
import { buildUser } from '../../test/factories';
import { jsonResponse, renderRoutes } from '../../test/render';
import { AcceptInvitationPage } from './accept-invitation-page';
import { urlOf, jsonBodyOf } from '../../test/fetch-call';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderAccept(path: string) {
  return renderRoutes(
    [
      { path: '/accept-invitation', element: <AcceptInvitationPage /> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
    ],
    path,
  );
}

describe('AcceptInvitationPage', () => {
  it("shows 'Invalid Invitation' without a token", () => {
    renderAccept('/accept-invitation');
    expect(screen.getByRole('heading', { level: 1, name: 'Invalid Invitation' })).toBeInTheDocument();
    expect(
      screen.getByText('No invitation token found. Please check your email for the correct invitation link.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).toBeNull();
  });

  it('sends a signed-out visitor to sign-up with the invitation', () => {
    renderAccept('/accept-invitation?token=inv-7');
    expect(screen.getByRole('link', { name: 'Accept Invitation' })).toHaveAttribute(
      'href',
      '/signup?invitation=inv-7',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('accepts for a signed-in user and goes to /dashboard after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    fetchMock.mockImplementation(async (input) =>
      urlOf(input) === '/api/team/accept-invitation'
        ? jsonResponse(200, { message: 'Invitation accepted. Welcome to Engines!' })
        : jsonResponse(200, buildUser()),
    );
    const { router } = renderAccept('/accept-invitation?token=inv-7');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Invitation accepted. Welcome to Engines!');
    const accept = fetchMock.mock.calls.find(([p]) => p === '/api/team/accept-invitation')!;
    expect(jsonBodyOf(accept[1])).toEqual({ token: 'inv-7' });
    // The session user is read again: the invitation's team is now the current one.
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([p]) => p === '/api/user/profile').length).toBeGreaterThan(1),
    );
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(router.state.location.pathname).toBe('/accept-invitation');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("says 'Failed to accept invitation. Please try again.' with the reason", async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    fetchMock.mockImplementation(async (input) =>
      urlOf(input) === '/api/team/accept-invitation'
        ? jsonResponse(400, { error: 'This invitation was sent to a different email address.' })
        : jsonResponse(200, buildUser()),
    );
    renderAccept('/accept-invitation?token=inv-7');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    const alert = await screen.findByRole('alert', {
      name: 'Failed to accept invitation. Please try again.',
    });
    expect(alert).toHaveTextContent('This invitation was sent to a different email address.');
    expect(screen.getByRole('button', { name: 'Accept Invitation' })).toBeEnabled();
  });
});

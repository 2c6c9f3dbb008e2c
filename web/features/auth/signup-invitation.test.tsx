import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../common/domain/options';
import { buildUser } from '../../test/factories';
import { jsonResponse, renderRoutes } from '../../test/render';
import { SignupPage } from './signup-page';
import { jsonBodyOf } from '../../test/fetch-call';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const INVITATION = {
  teamName: 'Engines',
  email: 'ada@example.test',
  invitee_username: 'adal',
  message: 'Invitation is valid.',
};

function renderSignup(path = '/signup?invitation=inv-1') {
  return renderRoutes(
    [
      { path: '/signup', element: <SignupPage /> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    path,
  );
}

describe('SignupPage with an invitation', () => {
  it('validates on load, then invites: title, team, no Team Name, e-mail and username prefilled', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, INVITATION));
    renderSignup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Join the team' })).toBeInTheDocument();
    expect(await screen.findByText("You've been invited to join Engines")).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/team/accept-invitation?token=inv-1');
    expect(screen.queryByRole('textbox', { name: 'Team Name' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.test');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('adal');
  });

  it('registers with the token, signs in, confirms and goes to /dashboard after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const account = buildUser({ email: 'ada@example.test', role: 'member' });
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, INVITATION))
      .mockResolvedValueOnce(jsonResponse(201, { token: 'session-9', user: account }));
    const { router } = renderSignup();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByRole('textbox', { name: 'Full Name' }), 'Ada Lovelace');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Industry' }), 'Technology');
    await user.type(screen.getByLabelText(/^Password\W*$/), 'Str0ng!Pass');
    await user.type(screen.getByLabelText(/^Confirm Password\W*$/), 'Str0ng!Pass');
    await user.click(screen.getByRole('checkbox', { name: /I accept the Terms of Service/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Account created and invitation accepted! Redirecting to dashboard...',
    );
    const [path, init] = fetchMock.mock.calls[1]!;
    expect(path).toBe('/api/auth/register');
    expect(jsonBodyOf(init)).toEqual({
      name: 'Ada Lovelace',
      username: 'adal',
      industry: 'Technology',
      email: 'ada@example.test',
      password: 'Str0ng!Pass',
      invitationToken: 'inv-1',
    });
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('session-9');
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(router.state.location.pathname).toBe('/signup');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("says 'Invalid invitation' for a refused token and offers the normal sign-up", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { error: 'Invalid invitation' }));
    renderSignup();
    expect(await screen.findByRole('alert', { name: 'Invalid invitation' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Team Name' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).not.toHaveAttribute('readonly');
  });

  it("says 'Failed to validate invitation' when the check cannot complete", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderSignup();
    await act(() => vi.advanceTimersByTimeAsync(8000));
    expect(await screen.findByRole('alert', { name: 'Failed to validate invitation' })).toBeInTheDocument();
  });

  it('asks the server nothing without an invitation', () => {
    renderSignup('/signup');
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

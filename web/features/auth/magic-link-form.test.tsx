import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  renderRoutes([{ path: '/login', element: <LoginPage /> }], '/login');
  return userEvent.setup();
}

async function openMagicLink(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'Magic Link' }));
}

async function sendLink(user: ReturnType<typeof userEvent.setup>, email = 'ada@example.test') {
  await user.clear(screen.getByRole('textbox', { name: 'Email' }));
  await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
  await user.click(screen.getByRole('button', { name: 'Send Magic Link' }));
}

describe('LoginPage magic-link mode', () => {
  it('swaps the password field for an optional name and the Send Magic Link button', async () => {
    const user = renderLogin();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    await openMagicLink(user);
    expect(screen.queryByLabelText(/^Password/, { selector: 'input[type=password]' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(screen.getByRole('textbox', { name: /Name \(optional\)/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Magic Link' })).toBeInTheDocument();
  });

  it('sends e-mail and name, then shows the sent state with a spam hint and try again', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { message: 'Magic link sent! Check your email.' }));
    const user = renderLogin();
    await openMagicLink(user);
    await user.type(screen.getByRole('textbox', { name: /Name \(optional\)/ }), 'Ada');
    await sendLink(user, ' Ada@Example.test ');

    const sent = await screen.findByRole('status');
    expect(sent).toHaveTextContent('Magic link sent! Check your email.');
    expect(sent).toHaveTextContent(/check your spam folder/);
    expect(sent).toHaveTextContent('ada@example.test');
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/auth/magic-link');
    expect(jsonBodyOf(init)).toEqual({ email: 'ada@example.test', name: 'Ada' });

    await user.click(screen.getByRole('button', { name: 'try again' }));
    expect(screen.getByRole('button', { name: 'Send Magic Link' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'try again' })).toBeNull();
    // Focus moves in the next animation frame, once the form is back.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus());
  });

  it('resets the sent state when the mode is toggled, keeping the e-mail', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { message: 'Magic link sent! Check your email.' }));
    const user = renderLogin();
    await openMagicLink(user);
    await sendLink(user);
    expect(await screen.findByRole('button', { name: 'try again' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Password' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    await openMagicLink(user);
    expect(screen.getByRole('button', { name: 'Send Magic Link' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'try again' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.test');
  });

  it("reads 'Sending...' while the call is in flight", async () => {
    fetchMock.mockReturnValueOnce(new Promise(() => {}));
    const user = renderLogin();
    await openMagicLink(user);
    await sendLink(user);
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
  });

  it.each([
    [503, 'Failed to send magic link. Please try again.', 'Failed to send magic link. Please try again.'],
    [
      429,
      'Too many e-mails requested. Please wait a few minutes and try again.',
      'Too many e-mails requested. Please wait a few minutes and try again.',
    ],
    [400, 'Something odd.', 'Failed to send magic link. Please try again.'],
  ])('on HTTP %i (server: %j) shows the right text', async (status, serverText, shown) => {
    fetchMock.mockResolvedValueOnce(jsonResponse(status, { error: serverText }));
    const user = renderLogin();
    await openMagicLink(user);
    await sendLink(user);
    expect(await screen.findByRole('alert', { name: 'Could not send the link' })).toHaveTextContent(shown);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("says 'Network error. Please try again.' without an answer", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = renderLogin();
    await openMagicLink(user);
    await sendLink(user);
    expect(await screen.findByRole('alert', { name: 'Could not send the link' })).toHaveTextContent(
      'Network error. Please try again.',
    );
  });

  it('checks the e-mail before calling the server', async () => {
    const user = renderLogin();
    await openMagicLink(user);
    await user.click(screen.getByRole('button', { name: 'Send Magic Link' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/render';
import { PasswordResetPage } from './password-reset-page';
import { jsonBodyOf } from '../../test/fetch-call';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderReset(path: string) {
  return renderRoutes(
    [
      { path: '/password-reset', element: <PasswordResetPage /> },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    path,
  );
}

const newPassword = () => screen.getByLabelText(/^New Password/, { selector: 'input' });
const confirmPassword = () => screen.getByLabelText(/^Confirm New Password/, { selector: 'input' });

describe('PasswordResetPage without a token', () => {
  it('requires the e-mail before asking the server', async () => {
    renderReset('/password-reset');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Email is required.')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message once the request is sent", async () => {
    const message = 'If an account exists for that email, a password reset link is on its way.';
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { message }));
    renderReset('/password-reset');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.test');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(message);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/auth/request-password-reset');
    expect(jsonBodyOf(init)).toEqual({ email: 'ada@example.test' });
  });

  it("says 'Failed to request password reset' with the reason when refused", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(429, { error: 'Too many e-mails requested. Please wait a few minutes and try again.' }),
    );
    renderReset('/password-reset');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.test');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    const alert = await screen.findByRole('alert', { name: 'Failed to request password reset' });
    expect(alert).toHaveTextContent('Too many e-mails requested.');
  });
});

describe('PasswordResetPage with a token', () => {
  it("validates the token first: 'Invalid or expired reset token'", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { error: 'Invalid or expired reset token' }));
    renderReset('/password-reset?token=bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired reset token');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/reset-password?token=bad');
    expect(screen.queryByLabelText(/^New Password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/password-reset',
    );
  });

  it('needs all 5 rules and matching passwords, with the meter and checklist', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { valid: true, email: 'ada@example.test' }));
    renderReset('/password-reset?token=good');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New Password/, { selector: 'input' }), 'Abcdefg1');
    expect(screen.getByText(/Password strength:/)).toHaveTextContent('Strong');
    expect(screen.getByRole('list', { name: 'Password requirements' })).toBeInTheDocument();
    await user.type(confirmPassword(), 'Abcdefg2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Please meet all password requirements')).toBeVisible();
    expect(screen.getByText('Passwords do not match')).toBeVisible();
    expect(newPassword()).toHaveFocus();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('resets and goes to /login after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { valid: true, email: 'ada@example.test' }))
      .mockResolvedValueOnce(
        jsonResponse(200, { message: 'Your password has been reset. You can now sign in.' }),
      );
    const { router } = renderReset('/password-reset?token=good');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    expect(await screen.findByText('For ada@example.test')).toBeInTheDocument();
    await user.type(newPassword(), 'Brand!New1');
    await user.type(confirmPassword(), 'Brand!New1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been reset.');
    expect(jsonBodyOf(fetchMock.mock.calls[1]![1])).toEqual({
      token: 'good',
      password: 'Brand!New1',
    });
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(router.state.location.pathname).toBe('/password-reset');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("says 'Failed to reset password' with the reason when refused", async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { valid: true, email: 'ada@example.test' }))
      .mockResolvedValueOnce(jsonResponse(400, { error: 'Invalid or expired reset token' }));
    const { router } = renderReset('/password-reset?token=good');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New Password/, { selector: 'input' }), 'Brand!New1');
    await user.type(confirmPassword(), 'Brand!New1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const alert = await screen.findByRole('alert', { name: 'Failed to reset password' });
    expect(alert).toHaveTextContent('Invalid or expired reset token');
    expect(router.state.location.pathname).toBe('/password-reset');
  });
});

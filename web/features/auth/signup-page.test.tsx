import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

function renderSignup() {
  return renderRoutes(
    [
      { path: '/signup', element: <SignupPage /> },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    '/signup',
  );
}

type User = ReturnType<typeof userEvent.setup>;

async function fillValidForm(user: User, password = 'Str0ng!Pass') {
  await user.type(screen.getByRole('textbox', { name: 'Full Name' }), 'Ada Lovelace');
  await user.type(screen.getByRole('textbox', { name: 'Username' }), 'ada');
  await user.type(screen.getByRole('textbox', { name: 'Team Name' }), 'Engines');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Industry' }), 'Technology');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.test');
  await user.type(screen.getByLabelText(/^Password\W*$/), password);
  await user.type(screen.getByLabelText(/^Confirm Password\W*$/), password);
  await user.click(screen.getByRole('checkbox', { name: /I accept the Terms of Service/ }));
}

describe('SignupPage', () => {
  it("is titled 'Create your account' and links the legal pages", () => {
    renderSignup();
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('Non-Profit');
  });

  it('shows the spec texts and sends nothing when the form is wrong', async () => {
    const user = userEvent.setup();
    renderSignup();
    await user.type(screen.getByLabelText(/^Password\W*$/), 'abc');
    await user.type(screen.getByLabelText(/^Confirm Password\W*$/), 'abd');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(
      screen.getByText(/^Password requirements not met: At least 8 characters, One uppercase letter/),
    ).toBeVisible();
    expect(screen.getByText('Passwords do not match.')).toBeVisible();
    expect(screen.getByText('You must accept the terms and conditions.')).toBeVisible();
    expect(screen.getByText('Full name is required.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('updates the strength meter as the password is typed', async () => {
    const user = userEvent.setup();
    renderSignup();
    expect(screen.getByText(/Password strength:/)).toHaveTextContent('Very weak');
    await user.type(screen.getByLabelText(/^Password\W*$/), 'Abcdefg1');
    expect(screen.getByText(/Password strength:/)).toHaveTextContent('Strong');
  });

  it('registers, confirms, and moves to /login after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { user: buildUser() }));
    const { router } = renderSignup();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Account created successfully! Please sign in.',
    );
    const body = jsonBodyOf(fetchMock.mock.calls[0]![1]);
    expect(body).toEqual({
      name: 'Ada Lovelace',
      username: 'ada',
      teamName: 'Engines',
      industry: 'Technology',
      email: 'ada@example.test',
      password: 'Str0ng!Pass',
    });
    expect(router.state.location.pathname).toBe('/signup');
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(router.state.location.pathname).toBe('/signup');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the server text when the account exists', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(409, { error: 'An account with this email already exists.' }),
    );
    const { router } = renderSignup();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert', { name: 'Sign-up failed' })).toHaveTextContent(
      'An account with this email already exists.',
    );
    expect(router.state.location.pathname).toBe('/signup');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows 'Network error' when the server cannot be reached", async () => {
    const user = userEvent.setup();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderSignup();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert', { name: 'Sign-up failed' })).toHaveTextContent('Network error');
  });
});

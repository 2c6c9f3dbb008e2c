import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { replayEarlyInput } from './early-input';

/** Sets a field as the browser does for a visitor before React listens: past React's record of the field. */
function enterBeforeReact(field: HTMLInputElement, change: { value?: string; checked?: boolean }) {
  const prototype = Object.getPrototypeOf(field) as object;
  if (change.value !== undefined) Reflect.set(prototype, 'value', change.value, field);
  if (change.checked !== undefined) Reflect.set(prototype, 'checked', change.checked, field);
}

function SignInForm({ onSend }: { onSend: (sent: { email: string; remember: boolean }) => void }) {
  const [email, setEmail] = useState('');
  const [remember, setRemember] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend({ email, remember });
      }}
    >
      <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <input
        aria-label="Remember"
        type="checkbox"
        checked={remember}
        onChange={(event) => setRemember(event.target.checked)}
      />
      <button type="submit">Sign in</button>
    </form>
  );
}

function SignUpForm({ onSend }: { onSend: (sent: { industry: string }) => void }) {
  const [industry, setIndustry] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend({ industry });
      }}
    >
      <select aria-label="Industry" value={industry} onChange={(event) => setIndustry(event.target.value)}>
        <option value="">Select an industry</option>
        <option value="Technology">Technology</option>
      </select>
      <button type="submit">Create</button>
    </form>
  );
}

/** Two forms behind a choice, the address shared between them (as the sign-in page's password and magic-link modes). */
function ModeForms() {
  const [mode, setMode] = useState<'password' | 'link'>('password');
  const [email, setEmail] = useState('');
  const field = <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />;
  return (
    <div>
      {(['password', 'link'] as const).map((value) => (
        <input
          key={value}
          type="radio"
          name="mode"
          aria-label={value}
          checked={mode === value}
          onChange={() => setMode(value)}
        />
      ))}
      {mode === 'password' ? (
        <form aria-label="password">{field}</form>
      ) : (
        <section aria-label="link">{field}</section>
      )}
    </div>
  );
}

describe('replayEarlyInput', () => {
  it('hands React the typed text before the choices, so a choice that swaps the form keeps what was typed', () => {
    const { container } = render(<ModeForms />);
    // The visitor picked the other mode, then typed into the field the drawing still showed.
    enterBeforeReact(screen.getByRole<HTMLInputElement>('radio', { name: 'password' }), { checked: false });
    enterBeforeReact(screen.getByRole<HTMLInputElement>('radio', { name: 'link' }), { checked: true });
    enterBeforeReact(screen.getByLabelText<HTMLInputElement>('Email'), { value: 'ann@example.test' });
    replayEarlyInput(container);
    expect(screen.getByRole('region', { name: 'link' })).toBeInTheDocument();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ann@example.test');
  });

  it('hands React what was typed and ticked, then presses the marked button again', async () => {
    const onSend = vi.fn();
    const { container } = render(<SignInForm onSend={onSend} />);
    enterBeforeReact(screen.getByLabelText<HTMLInputElement>('Email'), { value: 'ann@example.test' });
    enterBeforeReact(screen.getByLabelText<HTMLInputElement>('Remember'), { checked: true });
    // React's state never saw either: a press now would send the drawn values.
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSend).toHaveBeenLastCalledWith({ email: '', remember: false });

    screen.getByRole('button', { name: 'Sign in' }).setAttribute('data-early-press', '');
    replayEarlyInput(container);
    // The press comes in a task of its own, once the replayed fields are rendered.
    await waitFor(() =>
      expect(onSend).toHaveBeenLastCalledWith({ email: 'ann@example.test', remember: true }),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ann@example.test');
    expect(screen.getByLabelText<HTMLInputElement>('Remember').checked).toBe(true);
    expect(container.querySelector('[data-early-press]')).toBeNull();
  });

  it('hands React the choice made in a list', async () => {
    const onSend = vi.fn();
    const { container } = render(<SignUpForm onSend={onSend} />);
    const industry = screen.getByLabelText<HTMLSelectElement>('Industry');
    // The browser changes the choice without an event React has heard.
    industry.value = 'Technology';
    screen.getByRole('button', { name: 'Create' }).setAttribute('data-early-press', '');
    replayEarlyInput(container);
    await waitFor(() => expect(onSend).toHaveBeenLastCalledWith({ industry: 'Technology' }));
    expect(industry.value).toBe('Technology');
  });

  it('leaves untouched fields alone and presses nothing unmarked', () => {
    const onSend = vi.fn();
    const { container } = render(<SignInForm onSend={onSend} />);
    replayEarlyInput(container);
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('');
  });
});

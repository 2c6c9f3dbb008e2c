import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { TIMINGS } from '../../../common/domain/options';
import { renderWithApp } from '../../test/render';
import { InlineField, type InlineFieldProps } from './inline-field';
import { stubDocumentFonts } from '../../test/oops-test-data';

stubDocumentFonts();

/** Fake timers that still move with real time, so a test can skip past the blur delay instead of sleeping. */
function fakeClockUser() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return userEvent.setup({ delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}
const pastBlurDelay = () => act(() => vi.advanceTimersByTimeAsync(TIMINGS.inlineBlurDelayMs * 2));

function renderField(props: Partial<InlineFieldProps> = {}) {
  const onSave = vi.fn<(value: string) => Promise<unknown>>(() => Promise.resolve());
  renderWithApp(
    <>
      <InlineField label="Root cause" value="Old cause" editor="text" onSave={onSave} {...props} />
      <button type="button">Elsewhere</button>
    </>,
  );
  return {
    onSave: (props.onSave as typeof onSave | undefined) ?? onSave,
    user: userEvent.setup({ delay: null }),
  };
}

const display = (name: RegExp = /^Root cause/) => screen.getByRole('button', { name });
const editor = (name = 'Root cause') => screen.getByRole('textbox', { name });

// Whole pages under jsdom are slow on a busy 2-core machine; the default 5 s is too tight.
describe('InlineField', { timeout: 30_000 }, () => {
  it('opens on click and saves the trimmed value with Enter', async () => {
    const { onSave, user } = renderField();
    await user.click(display());
    expect(editor()).toHaveValue('Old cause');
    expect(editor()).toHaveFocus();
    await user.clear(editor());
    await user.type(editor(), '  Pool exhausted  {Enter}');
    expect(onSave).toHaveBeenCalledExactlyOnceWith('Pool exhausted');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    // The new value shows while the save settles; then the stored value is whatever the parent passes.
    expect(display()).toHaveFocus();
  });

  it('cancels with Escape: nothing sent, the stored value shown', async () => {
    const { onSave, user } = renderField();
    await user.click(display());
    await user.type(editor(), ' changed{Escape}');
    expect(onSave).not.toHaveBeenCalled();
    expect(display()).toHaveTextContent('Old cause');
  });

  it('saves 100 ms after the field loses focus, not at once', async () => {
    const { onSave, user } = renderField();
    await user.click(display());
    await user.type(editor(), ' and more');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onSave).not.toHaveBeenCalled();
    await waitFor(() => expect(onSave).toHaveBeenCalledExactlyOnceWith('Old cause and more'));
  });

  it('does not also save on blur after Enter already saved', async () => {
    const user = fakeClockUser();
    const { onSave } = renderField();
    await user.click(display());
    await user.type(editor(), '!{Enter}');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await pastBlurDelay();
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('lets the Cancel button win over the blur', async () => {
    const user = fakeClockUser();
    const { onSave } = renderField();
    await user.click(display());
    await user.type(editor(), ' typo');
    await user.click(screen.getByRole('button', { name: 'Cancel editing Root cause' }));
    await pastBlurDelay();
    expect(onSave).not.toHaveBeenCalled();
    expect(display()).toHaveTextContent('Old cause');
  });

  it('does not send an unchanged value', async () => {
    const { onSave, user } = renderField();
    await user.click(display());
    await user.type(editor(), '   {Enter}');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('does not save a required field left empty, and says why', async () => {
    const { onSave, user } = renderField({ required: true, label: 'Title', value: 'Outage' });
    await user.click(display(/^Title/));
    await user.clear(editor('Title'));
    await user.keyboard('{Enter}');
    expect(onSave).not.toHaveBeenCalled();
    expect(display(/^Title/)).toHaveTextContent('Outage');
    expect(await screen.findByText('Title is required, so the empty value was not saved.')).toBeVisible();
  });

  it('reverts to the stored value when the save fails', async () => {
    let fail: (e: Error) => void = () => {};
    const onSave = vi.fn(() => new Promise((_resolve, reject) => (fail = reject)));
    const { user } = renderField({ onSave });
    await user.click(display());
    await user.clear(editor());
    await user.type(editor(), 'New cause{Enter}');
    expect(display()).toHaveTextContent('New cause');
    await act(async () => fail(new Error('boom')));
    await waitFor(() => expect(display()).toHaveTextContent('Old cause'));
  });

  it('adds a newline with Shift+Enter in a multiline field and saves with Enter', async () => {
    const { onSave, user } = renderField({ editor: 'multiline', value: '' });
    await user.click(display());
    await user.type(editor(), 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(editor()).toHaveValue('Line one\nLine two');
    expect(onSave).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledExactlyOnceWith('Line one\nLine two');
  });

  it('saves a select with Enter, showing the option label', async () => {
    const options = [
      { value: 'Low', label: 'Low - Minor issue' },
      { value: 'High', label: 'High - Significant impact' },
    ];
    const { onSave, user } = renderField({ label: 'Severity', editor: 'select', value: 'Low', options });
    expect(display(/^Severity/)).toHaveTextContent('Low - Minor issue');
    await user.click(display(/^Severity/));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'High');
    await user.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledExactlyOnceWith('High');
  });

  it('does not open on a closed incident and says why', async () => {
    const { onSave, user } = renderField({ disabled: true });
    expect(display()).toHaveAttribute('aria-disabled', 'true');
    expect(display()).toHaveAccessibleDescription('Cannot edit closed incidents');
    await user.click(display());
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { HowItWorksModal, timerColourBands } from './how-it-works-modal';

describe('timerColourBands', () => {
  it('follows the timer colour rule: red 0-10, orange 11-29, green 30 or more', () => {
    expect(timerColourBands()).toEqual([
      { color: 'red', from: 0, to: 10 },
      { color: 'orange', from: 11, to: 29 },
      { color: 'green', from: 30, to: null },
    ]);
  });
});

describe('HowItWorksModal', () => {
  it('shows the process, features, impact table, timer guide and quick start, and closes on Got it!', async () => {
    const onClose = vi.fn();
    renderWithApp(<HowItWorksModal opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'How it Works' });
    for (const step of ['1. Capture', '2. Reflect', '3. Improve']) {
      expect(within(dialog).getByText(step)).toBeInTheDocument();
    }
    expect(
      within(dialog).getByRole('region', { name: 'Key features' }).querySelectorAll('strong'),
    ).toHaveLength(4);
    const impact = within(dialog).getByRole('table');
    expect(
      within(impact)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['SeverityPoints', 'Critical7.0', 'High5.0', 'Medium3.0', 'Low2.0', 'Unknown1.0']);
    const timer = within(dialog).getByRole('region', { name: 'Timer colours' });
    expect(timer).toHaveTextContent('0–10 days since the last incident');
    expect(timer).toHaveTextContent('11–29 days since the last incident');
    expect(timer).toHaveTextContent('30 or more days since the last incident');
    expect(
      within(within(dialog).getByRole('region', { name: 'Quick start' })).getAllByRole('listitem'),
    ).toHaveLength(4);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Got it!' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

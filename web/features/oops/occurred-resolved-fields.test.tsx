// The log form's time pickers (decision 042): Mantine date-time pickers that refuse future days and check the pair
// with the same rules as the API.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RESOLUTION_TEXTS } from '../../../common/domain/resolution';
import { renderWithApp } from '../../test/render';
import {
  incidentTimeErrors,
  nowPickerValue,
  OccurredResolvedFields,
  toIso,
  toPickerValue,
  type IncidentTimes,
  type TimeErrors,
} from './occurred-resolved-fields';

function Harness({ start, errors }: { start: IncidentTimes; errors?: TimeErrors }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <OccurredResolvedFields idPrefix="t" value={value} onChange={setValue} errors={errors} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}
const shown = () => JSON.parse(screen.getByTestId('value').textContent) as IncidentTimes;

describe('OccurredResolvedFields', { timeout: 30_000 }, () => {
  it('shows the times in the viewer time zone and picks a past day with the keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    const occurred = dayjs().subtract(3, 'day').hour(9).minute(30).second(0);
    renderWithApp(<Harness start={{ occurred: occurred.format('YYYY-MM-DD HH:mm:ss'), resolved: null }} />);
    const picker = screen.getByRole('button', { name: /Occurred at/ });
    expect(picker).toHaveTextContent(occurred.format('YYYY-MM-DD HH:mm'));
    picker.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    // Days after today cannot be picked: neither time may be in the future.
    const tomorrow = dayjs().add(1, 'day');
    if (tomorrow.month() === dayjs().month()) {
      expect(within(dialog).getByRole('button', { name: tomorrow.format('D MMMM YYYY') })).toBeDisabled();
    }
    expect(within(dialog).getByRole('spinbutton', { name: 'Occurred at: hours' })).toHaveValue('09');
    const earlier = occurred.subtract(1, 'day');
    if (earlier.month() === occurred.month()) {
      await user.click(within(dialog).getByRole('button', { name: earlier.format('D MMMM YYYY') }));
      await user.click(within(dialog).getByRole('button', { name: 'Confirm occurred at' }));
      expect(shown().occurred).toBe(earlier.format('YYYY-MM-DD HH:mm:ss'));
    }
  });

  it('offers the resolution time as optional, with its hint, and shows errors on the field', () => {
    renderWithApp(
      <Harness
        start={{ occurred: nowPickerValue(), resolved: null }}
        errors={{ resolved_at: RESOLUTION_TEXTS.resolved_at.order }}
      />,
    );
    expect(screen.getByRole('button', { name: /Resolved at/ })).toHaveAccessibleDescription(
      expect.stringContaining(RESOLUTION_TEXTS.resolvedHint),
    );
    expect(screen.getByText(RESOLUTION_TEXTS.resolved_at.order)).toBeVisible();
  });
});

describe('incidentTimeErrors', () => {
  const at = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD HH:mm:ss');
  it('accepts now and past times in order', () => {
    expect(
      incidentTimeErrors({ occurred: at(dayjs().subtract(2, 'hour')), resolved: nowPickerValue() }),
    ).toEqual({});
    expect(incidentTimeErrors({ occurred: nowPickerValue(), resolved: null })).toEqual({});
  });
  it('refuses future times and a resolution before the start, in the form words', () => {
    expect(incidentTimeErrors({ occurred: at(dayjs().add(1, 'hour')), resolved: null })).toEqual({
      occurred_at: RESOLUTION_TEXTS.occurred_at.future,
    });
    expect(
      incidentTimeErrors({
        occurred: at(dayjs().subtract(1, 'hour')),
        resolved: at(dayjs().subtract(2, 'hour')),
      }),
    ).toEqual({ resolved_at: RESOLUTION_TEXTS.resolved_at.order });
    expect(
      incidentTimeErrors({ occurred: at(dayjs().subtract(1, 'hour')), resolved: at(dayjs().add(2, 'hour')) }),
    ).toEqual({ resolved_at: RESOLUTION_TEXTS.resolved_at.future });
  });
  it('converts between the API and the pickers without losing the minute', () => {
    const iso = '2026-10-01T08:15:00.000Z';
    expect(toIso(toPickerValue(iso))).toBe(iso);
    expect(toPickerValue(null)).toBeNull();
  });
});

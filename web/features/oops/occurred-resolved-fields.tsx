// "Occurred at" and "Resolved at" (decision 042): Mantine date-time pickers in the viewer's time zone, never in the
// future, the resolution never before the start. The API checks the same rules (common/domain/resolution.ts).
import '@mantine/dates/styles.css';
import { memo } from 'react';
import { SimpleGrid } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { RESOLUTION_TEXTS, resolutionTimeErrors } from '../../../common/domain/resolution';

/** A picker's value: local time as 'YYYY-MM-DD HH:mm:ss', the form Mantine's pickers use; null when empty. */
export type PickerValue = string | null;

export const toPickerValue = (iso: string | null | undefined): PickerValue =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : null;
export const toIso = (value: PickerValue): string | null => (value ? dayjs(value).toISOString() : null);
/** Now, to the minute (what a picker shows). */
export const nowPickerValue = (): string => dayjs().second(0).format('YYYY-MM-DD HH:mm:ss');

export interface IncidentTimes {
  occurred: PickerValue;
  resolved: PickerValue;
}
export type TimeField = 'occurred_at' | 'resolved_at';
export type TimeErrors = Partial<Record<TimeField, string>>;

/** The form's texts for what is wrong with the times (both are checked, as when logging). */
export function incidentTimeErrors(
  times: IncidentTimes,
  loggedAt: Date = new Date(),
  changed = { occurred: true, resolved: true },
): TimeErrors {
  const errors: TimeErrors = {};
  const found = resolutionTimeErrors(
    {
      occurredAt: times.occurred ? dayjs(times.occurred).toDate() : null,
      resolvedAt: times.resolved ? dayjs(times.resolved).toDate() : null,
      loggedAt,
    },
    changed,
    new Date(),
  );
  for (const { field, rule } of found) errors[field] ??= RESOLUTION_TEXTS[field][rule];
  return errors;
}

export interface IncidentTimePickerProps {
  id: string;
  label: string;
  value: PickerValue;
  onChange: (value: PickerValue) => void;
  /** The earliest time allowed (the start, for a resolution). */
  min?: PickerValue;
  error?: string;
  description?: string;
  placeholder?: string;
  clearable?: boolean;
  disabled?: boolean;
}

export function IncidentTimePicker({ min, ...props }: IncidentTimePickerProps) {
  return (
    <DateTimePicker
      {...props}
      valueFormat="YYYY-MM-DD HH:mm"
      maxDate={dayjs().format('YYYY-MM-DD HH:mm:ss')}
      minDate={min ?? undefined}
      popoverProps={{ withinPortal: true }}
      timePickerProps={{
        'aria-label': `${props.label}: time`,
        hoursInputLabel: `${props.label}: hours`,
        minutesInputLabel: `${props.label}: minutes`,
      }}
      submitButtonProps={{ 'aria-label': `Confirm ${props.label.toLowerCase()}` }}
      dropdownType="popover"
      // The month arrows are icons: they need names (axe), and weekends drawn red fail contrast in dark mode.
      clearButtonProps={{ 'aria-label': `Clear ${props.label.toLowerCase()}` }}
      previousLabel="Previous month"
      nextLabel="Next month"
      weekendDays={[]}
      // Its placeholder is an element (not ::placeholder), so axe measures it: Mantine's gray-4 is 2.1:1 on white.
      styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
    />
  );
}

export interface OccurredResolvedFieldsProps {
  value: IncidentTimes;
  onChange: (value: IncidentTimes) => void;
  errors?: TimeErrors;
  disabled?: boolean;
  /** Prefix of the inputs' ids, so a failed check can move focus to one. */
  idPrefix: string;
}

export const timeFieldId = (prefix: string, field: TimeField) => `${prefix}-${field.replace('_', '-')}`;

/** The log form's pair: occurred at (now by default) and an optional resolved at. */
export const OccurredResolvedFields = memo(function OccurredResolvedFields({
  value,
  onChange,
  errors,
  disabled,
  idPrefix,
}: OccurredResolvedFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <IncidentTimePicker
        id={timeFieldId(idPrefix, 'occurred_at')}
        label={RESOLUTION_TEXTS.occurredLabel}
        description={RESOLUTION_TEXTS.occurredHint}
        value={value.occurred}
        onChange={(occurred) => onChange({ ...value, occurred })}
        error={errors?.occurred_at}
        disabled={disabled}
      />
      <IncidentTimePicker
        id={timeFieldId(idPrefix, 'resolved_at')}
        label={RESOLUTION_TEXTS.resolvedLabel}
        description={RESOLUTION_TEXTS.resolvedHint}
        value={value.resolved}
        onChange={(resolved) => onChange({ ...value, resolved })}
        min={value.occurred}
        error={errors?.resolved_at}
        clearable
        disabled={disabled}
      />
    </SimpleGrid>
  );
});

// A calendar date field: type YYYY-MM-DD or pick from a calendar (Mantine's DateInput), instead of the browser's
// locale-dependent native date input. Values are 'YYYY-MM-DD' strings, '' when empty, as the API expects.
import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';

export interface DateFieldProps {
  /** The input's id, so a failed check can move focus to it. */
  id?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: string;
}

export function DateField({ id, label, value, onChange, required, error }: DateFieldProps) {
  return (
    <DateInput
      id={id}
      label={label}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat="YYYY-MM-DD"
      placeholder="YYYY-MM-DD"
      clearable={!required}
      required={required}
      error={error}
      popoverProps={{ withinPortal: true }}
    />
  );
}

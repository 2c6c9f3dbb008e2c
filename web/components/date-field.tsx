// A calendar date field: type YYYY-MM-DD or pick from a calendar (Mantine's DateInput), instead of the browser's
// locale-dependent native date input. Values are 'YYYY-MM-DD' strings, '' when empty, as the API expects.
import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';

export interface DateFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: string;
}

export function DateField({ label, value, onChange, required, error }: DateFieldProps) {
  return (
    <DateInput
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

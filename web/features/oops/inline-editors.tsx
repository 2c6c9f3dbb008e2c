// The click-to-edit editors of the custom fields' kinds that a text box cannot be: a multi select and a calendar
// date. Both keep the inline editor's text model (InlineField holds one string draft): a multi select's values are
// joined by MULTI_SEPARATOR, a date is 'YYYY-MM-DD'. Their dropdowns stay inside the editor (no portal), so picking
// from them is not "leaving the field", which would save.
import type { KeyboardEvent } from 'react';
import { MultiSelect } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import type { Option } from './field-config';

/** A line break cannot be part of an option (options are one-line labels), so it separates the chosen ones. */
export const MULTI_SEPARATOR = '\n';

export const splitMulti = (text: string): string[] => text.split(MULTI_SEPARATOR).filter(Boolean);

interface EditorProps {
  'aria-label': string;
  autoFocus: boolean;
  value: string;
  onKeyDown: (event: KeyboardEvent) => void;
  className?: string;
  onValue: (text: string) => void;
}

export function InlineMultiSelect({
  options,
  value,
  onValue,
  ...rest
}: EditorProps & { options: readonly Option[] }) {
  return (
    <MultiSelect
      {...rest}
      data={options.map((o) => ({ value: o.value, label: o.label }))}
      value={splitMulti(value)}
      onChange={(values) => onValue(values.join(MULTI_SEPARATOR))}
      comboboxProps={{ withinPortal: false }}
      searchable
      style={{ flex: 1 }}
    />
  );
}

export function InlineDateInput({ value, onValue, ...rest }: EditorProps) {
  return (
    <DateInput
      {...rest}
      value={value || null}
      onChange={(next) => onValue(next ?? '')}
      valueFormat="YYYY-MM-DD"
      placeholder="YYYY-MM-DD"
      clearable
      popoverProps={{ withinPortal: false }}
      style={{ flex: 1 }}
    />
  );
}

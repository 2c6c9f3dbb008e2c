// One input of the logging form, shaped by the field table: a select where the field has options (a number's
// options hold every value, other fields get an empty first entry), a textarea for long text, else a text box.
import { NativeSelect, TextInput, Textarea } from '@mantine/core';
import { fieldOptions, fieldSpec, type FieldOption } from '../../../common/domain/oops-fields';
import { withEmpty, type SetField } from './form-types';
import type { LogFormField, OopsFormState, TextFormField } from './oops-form-model';

/** The id of a field's input, so a failed check can move focus to it. */
export const formFieldId = (name: LogFormField) => `oops-field-${name}`;

interface FormInputProps {
  name: TextFormField;
  state: OopsFormState;
  set: SetField;
  /** Options in place of the table's (e.g. the server's departments). */
  options?: readonly FieldOption[];
  /** The empty first entry of a select. */
  emptyLabel?: string;
  invalid?: boolean;
  description?: string;
  /** Marks the input required where the log screen asks more than the contract (the type). */
  required?: boolean;
  /** Off where typing past the limit must be possible, so the check can say by how much (the title). */
  limitLength?: boolean;
  minRows?: number;
}

export function FormInput({
  name,
  state,
  set,
  options = fieldOptions(name),
  emptyLabel = 'Not specified',
  invalid = false,
  description,
  required,
  limitLength = true,
  minRows = 2,
}: FormInputProps) {
  const spec = fieldSpec(name);
  const maxLength = limitLength ? spec.max : undefined;
  const common = {
    id: formFieldId(name),
    label: spec.label,
    required: required ?? spec.required,
    description,
    value: state[name],
    error: invalid || undefined,
  };
  const onChange = (e: { currentTarget: { value: string } }) => set(name, e.currentTarget.value);
  if (options.length > 0 || spec.options === 'departments') {
    const data = spec.kind === 'number' ? [...options] : withEmpty(emptyLabel, options);
    return <NativeSelect {...common} data={data} onChange={onChange} />;
  }
  if (spec.kind === 'longText') {
    return <Textarea {...common} autosize minRows={minRows} maxLength={maxLength} onChange={onChange} />;
  }
  return <TextInput {...common} maxLength={maxLength} onChange={onChange} />;
}

import type { FieldOption } from '../../../common/domain/oops-fields';
import type { OopsFormState } from './oops-form-model';

/** Sets one field of the logging form. */
export type SetField = <K extends keyof OopsFormState>(key: K, value: OopsFormState[K]) => void;

/** Options of a native select with a first "not chosen" entry. */
export function withEmpty(label: string, options: readonly FieldOption[]): FieldOption[] {
  return [{ value: '', label }, ...options];
}

/** Plain text values as select options. */
export const asOptions = (values: readonly string[]): FieldOption[] =>
  values.map((value) => ({ value, label: value }));

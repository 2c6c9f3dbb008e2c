import type { OopsFormState } from './oops-form-model';

/** Sets one field of the logging form. */
export type SetField = <K extends keyof OopsFormState>(key: K, value: OopsFormState[K]) => void;

/** Options of a native select with a first "not chosen" entry. */
export function withEmpty(label: string, values: readonly string[]) {
  return [{ value: '', label }, ...values.map((value) => ({ value, label: value }))];
}

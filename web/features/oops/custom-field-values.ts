// Custom field values on the incident screens (decision 026): the form holds text (or a list for a multi
// select); these turn it into the API's value and check it with the ONE validator the server uses too, add the
// "required for this type" rule, and find which field a server refusal names. Pure, so the rules are tested alone.
import {
  checkCustomFieldValue,
  requiredCustomFields,
  type CustomFieldValue,
  type CustomFieldValues,
  type CustomFieldView,
} from '../../../common/contracts/custom-fields';
import { CUSTOM_FIELD_TEXTS as T } from '../../../common/domain/custom-field-texts';
import type { EditorKind } from './field-config';

/** What an input holds: text, or the chosen options of a multi select. */
export type CustomDraft = string | string[];
export type CustomDrafts = Record<string, CustomDraft>;

/** The raw API value of an input's content ('' and [] are "no value"; the validator says so). */
export function draftToRaw(field: Pick<CustomFieldView, 'type'>, draft: CustomDraft | undefined): unknown {
  if (draft === undefined) return null;
  if (Array.isArray(draft)) return draft;
  const text = draft.trim();
  if (field.type === 'multi_select') return text === '' ? [] : [text];
  if (field.type === 'number' || field.type === 'user') return text === '' ? null : Number(text);
  return text;
}

/** The editor text of a stored value: a multi select's options one per line, a number or user id as digits. */
export function valueToText(value: CustomFieldValue | null | undefined): string {
  if (value === null || value === undefined) return '';
  return Array.isArray(value) ? value.join('\n') : String(value);
}

/** The click-to-edit editor of each type. */
export const CUSTOM_EDITORS: Record<CustomFieldView['type'], EditorKind> = {
  text: 'multiline',
  number: 'number',
  select: 'select',
  multi_select: 'multi',
  date: 'date',
  user: 'select',
};

export interface CustomCheck {
  /** The values to send: only fields with a value. */
  values: CustomFieldValues;
  /** The first error of each field, by key. */
  errors: Record<string, string>;
}

/**
 * The log form's custom fields checked: each value by the common validator, then the fields the chosen type
 * requires (`type` is the team's incident type: its id and name) must have one.
 */
export function checkCustomDrafts(
  fields: readonly CustomFieldView[],
  drafts: CustomDrafts,
  type: { id: number; name: string } | null,
): CustomCheck {
  const values: CustomFieldValues = {};
  const errors: Record<string, string> = {};
  const required = new Set(requiredCustomFields(fields, type?.id).map((f) => f.key));
  for (const field of fields) {
    if (field.archived) continue;
    const check = checkCustomFieldValue(field, draftToRaw(field, drafts[field.key]));
    if (!check.ok) errors[field.key] = check.error;
    else if (check.value !== null) values[field.key] = check.value;
    else if (type && required.has(field.key)) errors[field.key] = T.required(field.label, type.name);
  }
  return { values, errors };
}

/** The field a server refusal is about: the one whose label (or quoted key) the message names first. */
export function fieldOfMessage(fields: readonly CustomFieldView[], message: string): string | undefined {
  const byLength = [...fields].sort((a, b) => b.label.length - a.label.length);
  return (
    byLength.find((f) => message.startsWith(`${f.label} `))?.key ??
    fields.find((f) => message.includes(`"${f.key}"`))?.key
  );
}

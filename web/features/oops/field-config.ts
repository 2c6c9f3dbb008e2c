// How each click-to-edit field of the detail page (docs/product.md §2) is edited and sent, derived from the field table
// (common/domain/oops-fields.ts): editor kind, options, whether it may be emptied, and how the editor's text
// becomes the API value.
import type { OopsDetail } from '../../../common/contracts/oops';
import {
  fieldOptions,
  fieldSpec,
  fieldsWhere,
  type FieldOption,
  type FieldsWith,
} from '../../../common/domain/oops-fields';

/** 'date' and 'multi' (a multi select, its values joined by MULTI_SEPARATOR) serve the custom fields. */
export type EditorKind = 'text' | 'multiline' | 'select' | 'number' | 'date' | 'multi';
export type Option = FieldOption;

export type InlineFieldName = FieldsWith<{ editable: 'inline' }>;
/** The click-to-edit fields, in table order. */
export const INLINE_FIELDS = fieldsWhere((spec) => spec.editable === 'inline') as InlineFieldName[];

export type DetailSection = 'header' | 'overview' | 'what' | 'impact' | 'analysis';
/** The click-to-edit fields of one section of the detail page, in table order. */
export const inlineFieldsIn = (section: DetailSection): InlineFieldName[] =>
  INLINE_FIELDS.filter((name) => fieldSpec(name).section === section);

export interface FieldConfig {
  label: string;
  editor: EditorKind;
  required: boolean;
  /** Fixed options of a select; department options come from the server at render time. */
  options?: readonly Option[];
  /** Options fetched from the server (the team's departments) come after the fixed ones. */
  serverOptions?: 'departments';
}

function configOf(name: InlineFieldName): FieldConfig {
  const spec = fieldSpec(name);
  const options = fieldOptions(name);
  const listed = options.length > 0 || spec.options === 'departments';
  const editor: EditorKind =
    spec.kind === 'number'
      ? 'number'
      : spec.kind === 'longText'
        ? 'multiline'
        : spec.kind === 'choice' || listed
          ? 'select'
          : 'text';
  return {
    label: spec.label,
    editor,
    required: spec.required,
    options:
      editor !== 'select'
        ? undefined
        : spec.required
          ? options
          : [{ value: '', label: 'Not specified' }, ...options],
    serverOptions: spec.options === 'departments' ? 'departments' : undefined,
  };
}

export const FIELD_CONFIG = Object.fromEntries(INLINE_FIELDS.map((name) => [name, configOf(name)])) as Record<
  InlineFieldName,
  FieldConfig
>;

/** The editor's text of a field's stored value ('' for none). */
export function fieldText(detail: OopsDetail, field: InlineFieldName): string {
  const value = detail[field];
  return value === null || value === undefined ? '' : String(value);
}

/** The API value of an editor's text: numbers parsed (empty downtime is 0), empty optional text cleared (null). */
export function toApiValue(field: InlineFieldName, text: string): string | number | null {
  if (FIELD_CONFIG[field].editor === 'number') {
    const n = Number.parseFloat(text);
    return Number.isFinite(n) ? n : 0;
  }
  return text === '' ? null : text;
}

/** Keeps a stored value that is not in the option list selectable (e.g. a value from an older list). */
export function optionsWith(options: readonly Option[], current: string): Option[] {
  if (!current || options.some((o) => o.value === current)) return [...options];
  return [...options, { value: current, label: current }];
}

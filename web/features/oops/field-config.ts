// How each click-to-edit field of the detail page (spec §2) is edited and sent: editor kind, options, whether it
// may be emptied, and how the editor's text becomes the API value.
import type { OopsDetail } from '../../../common/contracts/oops';
import { OOPS_FIELDS, type OopsFieldKind, type OopsFieldSpec } from '../../../common/domain/oops-fields';
import { OOPS_KINDS, OOPS_KIND_LABELS, OOPS_STATUSES, SEVERITY_OPTIONS } from '../../../common/domain/oops-options';

export type EditorKind = 'text' | 'multiline' | 'select' | 'number';
export interface Option {
  value: string;
  label: string;
}

export const INLINE_FIELDS = [
  'title',
  'severity',
  'status',
  'kind',
  'what_happened',
  'area_department',
  'oops_type',
  'product_system',
  'owner_name',
  'impact',
  'downtime_hours',
  'users_affected',
  'systems_impacted',
  'detection_method',
  'response_team',
  'mitigation_steps',
  'root_cause',
  'lesson_learned',
] as const;
export type InlineFieldName = (typeof INLINE_FIELDS)[number];

export interface FieldConfig {
  label: string;
  editor: EditorKind;
  required: boolean;
  /** Fixed options of a select; department options come from the server at render time. */
  options?: readonly Option[];
}

const plain = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));
const optionalSelect = (values: readonly string[]): Option[] => [
  { value: '', label: 'Not specified' },
  ...plain(values),
];

const EDITORS: Partial<Record<OopsFieldKind, EditorKind>> = {
  text: 'text',
  'long-text': 'multiline',
  choice: 'select',
  number: 'number',
};

/** A field's editor as the field table describes it; `extra` for what only this page decides. */
function config(field: InlineFieldName, extra: Partial<FieldConfig> = {}): FieldConfig {
  const spec: OopsFieldSpec = OOPS_FIELDS[field];
  const required = spec.required ?? false;
  const options = spec.options && (required ? plain(spec.options) : optionalSelect(spec.options));
  return { label: spec.label, editor: EDITORS[spec.kind] ?? 'text', required, options, ...extra };
}

export const FIELD_CONFIG: Record<InlineFieldName, FieldConfig> = {
  title: config('title'),
  severity: config('severity', { options: SEVERITY_OPTIONS }),
  // Always set, so never emptied, though not asked for when logging.
  status: config('status', { required: true, options: plain(OOPS_STATUSES) }),
  kind: config('kind', {
    required: true,
    options: OOPS_KINDS.map((k) => ({ value: k, label: OOPS_KIND_LABELS[k] })),
  }),
  what_happened: config('what_happened'),
  // The team's departments come from the server at render time.
  area_department: config('area_department', { editor: 'select' }),
  oops_type: config('oops_type'),
  product_system: config('product_system'),
  owner_name: config('owner_name'),
  impact: config('impact'),
  downtime_hours: config('downtime_hours'),
  users_affected: config('users_affected'),
  systems_impacted: config('systems_impacted'),
  detection_method: config('detection_method'),
  response_team: config('response_team'),
  mitigation_steps: config('mitigation_steps'),
  root_cause: config('root_cause'),
  lesson_learned: config('lesson_learned'),
};

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

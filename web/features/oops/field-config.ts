// How each click-to-edit field of the detail page (spec §2) is edited and sent: editor kind, options, whether it
// may be emptied, and how the editor's text becomes the API value.
import type { OopsDetail } from '../../../common/contracts/oops';
import {
  DETECTION_METHODS,
  INCIDENT_TYPES,
  OOPS_KINDS,
  OOPS_KIND_LABELS,
  OOPS_STATUSES,
  SEVERITY_OPTIONS,
  SYSTEMS_IMPACTED,
  USERS_AFFECTED,
} from '../../../common/domain/oops-options';
import { OOPS_FIELD_LABELS } from '../../../common/domain/oops-texts';

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

const config = (
  field: InlineFieldName,
  editor: EditorKind,
  extra: Partial<Omit<FieldConfig, 'label' | 'editor'>> = {},
): FieldConfig => ({ label: OOPS_FIELD_LABELS[field], editor, required: false, ...extra });

export const FIELD_CONFIG: Record<InlineFieldName, FieldConfig> = {
  title: config('title', 'text', { required: true }),
  severity: config('severity', 'select', { required: true, options: SEVERITY_OPTIONS }),
  status: config('status', 'select', { required: true, options: plain(OOPS_STATUSES) }),
  kind: config('kind', 'select', {
    required: true,
    options: OOPS_KINDS.map((k) => ({ value: k, label: OOPS_KIND_LABELS[k] })),
  }),
  what_happened: config('what_happened', 'multiline', { required: true }),
  area_department: config('area_department', 'select'),
  oops_type: config('oops_type', 'select', { options: optionalSelect(INCIDENT_TYPES) }),
  product_system: config('product_system', 'text'),
  owner_name: config('owner_name', 'text'),
  impact: config('impact', 'multiline'),
  downtime_hours: config('downtime_hours', 'number'),
  users_affected: config('users_affected', 'select', { options: optionalSelect(USERS_AFFECTED) }),
  systems_impacted: config('systems_impacted', 'select', { options: optionalSelect(SYSTEMS_IMPACTED) }),
  detection_method: config('detection_method', 'select', { options: optionalSelect(DETECTION_METHODS) }),
  response_team: config('response_team', 'text'),
  mitigation_steps: config('mitigation_steps', 'multiline'),
  root_cause: config('root_cause', 'multiline'),
  lesson_learned: config('lesson_learned', 'multiline'),
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

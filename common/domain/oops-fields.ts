// The incident fields a client sets (docs/product.md §3), each described once: label, kind, options, rules, where the log
// screen asks for it, how the detail page edits it and its completeness weight (docs/product.md §5). The create and update
// contracts, the answers, both screens, the exports and the server's column mapping are all derived from this
// table, so a field's label or list cannot disagree between them.
import { INCIDENT_TYPE_LIMITS } from './incident-type-limits';
import { LIMITS } from './options';
import {
  DETECTION_METHODS,
  DOWNTIME_OPTIONS,
  GENERIC_OWNERS,
  INCIDENT_TYPE_ALIASES,
  INCIDENT_TYPES,
  OOPS_KINDS,
  OOPS_KIND_LABELS,
  OOPS_LIMITS as L,
  OOPS_STATUSES,
  PREVENTABILITY_LABELS,
  SEVERITY_OPTIONS,
  SYSTEMS_IMPACTED,
  USERS_AFFECTED,
  SYSTEMS_IMPACTED_ALIASES,
  USERS_AFFECTED_ALIASES,
} from './oops-options';
import type { FieldOption, OopsFieldSpec } from './oops-field-spec';

// Users of the table read its types from here too.
export type { FieldOption, OopsFieldKind, OopsFieldSpec } from './oops-field-spec';

const plain = <V extends string>(values: readonly V[]): FieldOption<V>[] =>
  values.map((value) => ({ value, label: value }));
/** Ratings share preventability's 1-5 scale (docs/product.md §3). */
const ratingOptions = (label: (n: number) => string): FieldOption[] =>
  Array.from({ length: LIMITS.preventabilityMax - LIMITS.preventabilityMin + 1 }, (_, i) => {
    const n = LIMITS.preventabilityMin + i;
    return { value: String(n), label: label(n) };
  });
const rating = (label: string, optionLabel: (n: number) => string = String) =>
  ({
    label,
    kind: 'rating',
    options: ratingOptions(optionLabel),
    required: false,
    editable: 'batch',
  }) as const;
const followThrough = (label: string) =>
  ({ label, kind: 'boolean', required: false, editable: 'batch', weight: 0, detailOnly: true }) as const;

/** In table order: the order of the CSV columns and of the fields within each section of both screens. */
export const OOPS_FIELDS = {
  title: {
    label: 'Title',
    kind: 'text',
    max: L.titleMax,
    required: true,
    logForm: 'main',
    editable: 'inline',
    section: 'header',
    weight: 15,
    csv: true,
  },
  severity: {
    label: 'Severity',
    kind: 'choice',
    options: SEVERITY_OPTIONS,
    required: true,
    formDefault: 'Medium',
    logForm: 'main',
    editable: 'inline',
    section: 'overview',
    weight: 10,
    csv: true,
  },
  status: {
    label: 'Status',
    kind: 'choice',
    options: plain(OOPS_STATUSES),
    required: true,
    serverDefault: 'Open',
    formDefault: 'Open',
    editable: 'inline',
    section: 'overview',
    weight: 0,
    closedList: true,
    csv: true,
  },
  kind: {
    label: 'Kind',
    kind: 'choice',
    options: OOPS_KINDS.map((value) => ({ value, label: OOPS_KIND_LABELS[value] })),
    required: true,
    serverDefault: 'incident',
    formDefault: 'incident',
    logForm: 'main',
    editable: 'inline',
    section: 'overview',
    weight: 0,
    closedList: true,
    csv: true,
  },
  description: {
    label: 'Detailed description',
    kind: 'longText',
    max: L.descriptionMax,
    required: true,
    logForm: 'main',
    editable: false,
    weight: 0,
  },
  what_happened: {
    label: 'What happened',
    kind: 'longText',
    max: L.descriptionMax,
    required: true,
    sameAs: 'description',
    editable: 'inline',
    section: 'what',
    weight: 15,
  },
  oops_type: {
    label: 'Incident Type',
    kind: 'choice',
    options: plain(INCIDENT_TYPES),
    aliases: INCIDENT_TYPE_ALIASES,
    teamList: true,
    max: INCIDENT_TYPE_LIMITS.nameMax,
    required: false,
    formDefault: 'Service Outage',
    logForm: 'main',
    editable: 'inline',
    section: 'overview',
    weight: 10,
    csv: true,
  },
  area_department: {
    label: 'Department',
    kind: 'text',
    options: 'departments',
    max: L.departmentMax,
    required: false,
    logForm: 'main',
    editable: 'inline',
    section: 'overview',
    weight: 5,
    csv: true,
  },
  department: {
    label: 'Department',
    kind: 'text',
    max: L.departmentMax,
    required: false,
    editable: false,
    weight: 0,
  },
  users_affected: {
    label: 'Users affected',
    kind: 'choice',
    options: plain(USERS_AFFECTED),
    aliases: USERS_AFFECTED_ALIASES,
    required: false,
    formDefault: '1-100 Users',
    logForm: 'impact',
    editable: 'inline',
    section: 'impact',
    weight: 10,
    csv: true,
  },
  systems_impacted: {
    label: 'Systems impacted',
    kind: 'choice',
    options: plain(SYSTEMS_IMPACTED),
    aliases: SYSTEMS_IMPACTED_ALIASES,
    required: false,
    formDefault: '1 System',
    logForm: 'impact',
    editable: 'inline',
    section: 'impact',
    weight: 0,
    csv: true,
  },
  downtime_hours: {
    label: 'Downtime',
    kind: 'number',
    unit: 'hours',
    options: DOWNTIME_OPTIONS.map((o) => ({ value: String(o.value), label: o.label })),
    max: L.downtimeMax,
    required: false,
    formDefault: 0,
    logForm: 'impact',
    editable: 'inline',
    section: 'impact',
    weight: 0,
    csv: true,
  },
  detection_method: {
    label: 'Detection method',
    kind: 'choice',
    options: plain(DETECTION_METHODS),
    required: false,
    formDefault: 'Monitoring Alert',
    logForm: 'impact',
    editable: 'inline',
    section: 'impact',
    weight: 8,
    csv: true,
  },
  owner_name: {
    label: 'Owner',
    kind: 'text',
    options: plain(GENERIC_OWNERS),
    max: L.shortTextMax,
    required: false,
    logForm: 'impact',
    editable: 'inline',
    section: 'overview',
    weight: 0,
  },
  product_system: {
    label: 'Product or system',
    kind: 'text',
    max: L.shortTextMax,
    required: false,
    logForm: 'impact',
    editable: 'inline',
    section: 'overview',
    weight: 0,
  },
  impact: {
    label: 'Impact',
    kind: 'longText',
    max: L.textMax,
    required: false,
    logForm: 'impact',
    editable: 'inline',
    section: 'impact',
    weight: 8,
  },
  response_team: {
    label: 'Response team',
    kind: 'text',
    max: L.shortTextMax,
    required: false,
    editable: 'inline',
    section: 'impact',
    weight: 0,
    detailOnly: true,
  },
  mitigation_steps: {
    label: 'Mitigation steps',
    kind: 'longText',
    max: L.textMax,
    required: false,
    editable: 'inline',
    section: 'impact',
    weight: 0,
    detailOnly: true,
  },
  root_cause: {
    label: 'Root cause',
    kind: 'longText',
    max: L.textMax,
    required: false,
    logForm: 'analysis',
    editable: 'inline',
    section: 'analysis',
    weight: 8,
  },
  lesson_learned: {
    label: 'Lesson learned',
    kind: 'longText',
    max: L.textMax,
    required: false,
    logForm: 'analysis',
    editable: 'inline',
    section: 'analysis',
    weight: 8,
  },
  preventability: {
    ...rating('Preventability', (n) => `${n} - ${PREVENTABILITY_LABELS[n]}`),
    formDefault: 3,
    logForm: 'analysis',
    weight: 3,
  },
  learning_value: { ...rating('Learning value'), weight: 3 },
  process_clarity: { ...rating('Process clarity'), weight: 3 },
  stakeholders_notified: followThrough('Stakeholders notified'),
  process_updated: followThrough('Process updated'),
  postmortem_completed: followThrough('Postmortem completed'),
  tags: {
    label: 'Tags',
    kind: 'tags',
    max: L.tagsMax,
    required: false,
    logForm: 'main',
    editable: false,
    weight: 1,
    csv: true,
  },
  related_incidents: {
    label: 'Related incidents',
    kind: 'list',
    max: L.relatedMax,
    required: false,
    editable: false,
    weight: 2,
  },
  occurred_at: { label: 'Occurred', kind: 'datetime', required: false, editable: false, weight: 0 },
  timeline_events: {
    label: 'Timeline events',
    kind: 'events',
    max: L.timelineEventsMax,
    required: false,
    notOnCreate: true,
    editable: 'timeline',
    weight: 0,
    detailOnly: true,
  },
} as const satisfies Record<string, OopsFieldSpec>;

export type OopsFieldName = keyof typeof OOPS_FIELDS;
export type OopsFieldSpecOf<K extends OopsFieldName> = (typeof OOPS_FIELDS)[K];

/** Field names in table order. */
export const OOPS_FIELD_NAMES = Object.keys(OOPS_FIELDS) as OopsFieldName[];

/** The spec (widened to OopsFieldSpec, so optional properties can be read) of one field. */
export const fieldSpec = (name: OopsFieldName): OopsFieldSpec => OOPS_FIELDS[name];

/** A field's label, e.g. in '{Field name} updated successfully!'. */
export const fieldLabel = (name: OopsFieldName): string => OOPS_FIELDS[name].label;

/** Field names, in table order, whose spec passes the test. */
export function fieldsWhere(test: (spec: OopsFieldSpec, name: OopsFieldName) => boolean): OopsFieldName[] {
  return OOPS_FIELD_NAMES.filter((name) => test(fieldSpec(name), name));
}

/** The fixed options of a field ([] for none or for the server's department list). */
export function fieldOptions(name: OopsFieldName): readonly FieldOption[] {
  const options = fieldSpec(name).options;
  return options === undefined || options === 'departments' ? [] : options;
}

/** docs/product.md §9 form defaults, by field. */
export const OOPS_FORM_DEFAULTS = Object.fromEntries(
  fieldsWhere((spec) => spec.formDefault !== undefined).map((name) => [name, fieldSpec(name).formDefault]),
) as {
  [
    K in OopsFieldName as OopsFieldSpecOf<K> extends { formDefault: unknown } ? K : never
  ]: OopsFieldSpecOf<K> extends {
    formDefault: infer D;
  }
    ? D
    : never;
};

/** Names of the fields whose spec has the properties P (a type-level fieldsWhere). */
export type FieldsWith<P> = {
  [K in OopsFieldName]: OopsFieldSpecOf<K> extends P ? K : never;
}[OopsFieldName];

type SameAsTarget = {
  [K in FieldsWith<{ sameAs: string }>]: OopsFieldSpecOf<K> extends { sameAs: infer T } ? T : never;
}[FieldsWith<{ sameAs: string }>];
/** Fields that are one stored value under two API names (description and what_happened). */
export type PairedField = FieldsWith<{ sameAs: string }> | SameAsTarget;

export function isPaired(name: OopsFieldName): boolean {
  return (
    fieldSpec(name).sameAs !== undefined || OOPS_FIELD_NAMES.some((other) => fieldSpec(other).sameAs === name)
  );
}

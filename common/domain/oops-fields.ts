// The incident fields a client writes (spec §3), once: label, kind, options, whether required, and weight in the
// completeness score (spec §5). The create/update contracts, the log form, the detail page's editors and labels,
// the exports and the completeness score all read this table.
import { SEVERITIES } from './options';
import {
  DETECTION_METHODS,
  INCIDENT_TYPES,
  OOPS_KINDS,
  OOPS_STATUSES,
  SYSTEMS_IMPACTED,
  USERS_AFFECTED,
} from './oops-options';

/** text: one line; long-text: paragraphs; choice: one of `options`; rating: a whole number 1-5. */
export type OopsFieldKind =
  | 'text'
  | 'long-text'
  | 'choice'
  | 'number'
  | 'rating'
  | 'boolean'
  | 'tags'
  | 'datetime'
  | 'list'
  | 'events';

export interface OopsFieldSpec {
  label: string;
  kind: OopsFieldKind;
  options?: readonly string[];
  /** Needed to log an incident, and never emptied afterwards. */
  required?: boolean;
  /** Weight in "Event Data Collected" (spec §5); fields without one do not count. */
  weight?: number;
}

export const OOPS_FIELDS = {
  title: { label: 'Title', kind: 'text', required: true, weight: 15 },
  severity: { label: 'Severity', kind: 'choice', options: SEVERITIES, required: true, weight: 10 },
  status: { label: 'Status', kind: 'choice', options: OOPS_STATUSES },
  kind: { label: 'Kind', kind: 'choice', options: OOPS_KINDS },
  what_happened: { label: 'What happened', kind: 'long-text', required: true, weight: 15 },
  area_department: { label: 'Department', kind: 'text', weight: 5 },
  oops_type: { label: 'Incident type', kind: 'choice', options: INCIDENT_TYPES, weight: 10 },
  product_system: { label: 'Product / system', kind: 'text' },
  impact: { label: 'Impact', kind: 'long-text', weight: 8 },
  downtime_hours: { label: 'Downtime (hours)', kind: 'number' },
  users_affected: { label: 'Users affected', kind: 'choice', options: USERS_AFFECTED, weight: 10 },
  systems_impacted: { label: 'Systems impacted', kind: 'choice', options: SYSTEMS_IMPACTED },
  detection_method: { label: 'Detection method', kind: 'choice', options: DETECTION_METHODS, weight: 8 },
  owner_name: { label: 'Owner', kind: 'text' },
  response_team: { label: 'Response team', kind: 'text' },
  mitigation_steps: { label: 'Mitigation steps', kind: 'long-text' },
  root_cause: { label: 'Root cause', kind: 'long-text', weight: 8 },
  lesson_learned: { label: 'Lesson learned', kind: 'long-text', weight: 8 },
  preventability: { label: 'Preventability', kind: 'rating', weight: 3 },
  learning_value: { label: 'Learning value', kind: 'rating', weight: 3 },
  process_clarity: { label: 'Process clarity', kind: 'rating', weight: 3 },
  stakeholders_notified: { label: 'Stakeholders notified', kind: 'boolean' },
  process_updated: { label: 'Process updated', kind: 'boolean' },
  postmortem_completed: { label: 'Postmortem completed', kind: 'boolean' },
  tags: { label: 'Tags', kind: 'tags', weight: 1 },
  occurred_at: { label: 'Occurred at', kind: 'datetime' },
  related_incidents: { label: 'Related incidents', kind: 'list', weight: 2 },
  timeline_events: { label: 'Timeline events', kind: 'events' },
} as const satisfies Record<string, OopsFieldSpec>;
export type OopsFieldName = keyof typeof OOPS_FIELDS;

type Labels = { [K in OopsFieldName]: (typeof OOPS_FIELDS)[K]['label'] };
/** Field names as people read them: labels, '{Field name} updated successfully!', validation messages. */
export const OOPS_FIELD_LABELS = Object.fromEntries(
  Object.entries(OOPS_FIELDS).map(([name, spec]) => [name, spec.label]),
) as Labels;

type Weighted = { [K in OopsFieldName]: (typeof OOPS_FIELDS)[K] extends { weight: number } ? K : never }[OopsFieldName];
/** The fields that count towards completeness, with their weights. */
export const COMPLETENESS_WEIGHTS = Object.fromEntries(
  Object.entries(OOPS_FIELDS).flatMap(([name, spec]) => ('weight' in spec ? [[name, spec.weight]] : [])),
) as Record<Weighted, number>;

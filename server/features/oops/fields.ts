// API field names → columns of the oops table, and how a change to one sets the server-kept system fields.
import type { UpdateOopsBody } from '../../../common/contracts/oops';
import { completenessPercent } from '../../../common/domain/completeness';
import { normaliseTags, slugify } from '../../../common/domain/tags';
import type { oops } from '../../db/schema';
import { completenessInput, type OopsRow } from './mapper';

type Insert = typeof oops.$inferInsert;
type ColumnKey = keyof Insert;

/** API name → column key for the plainly stored fields (description and what_happened are one column). */
export const FIELD_COLUMNS = {
  kind: 'kind',
  title: 'title',
  severity: 'severity',
  status: 'status',
  description: 'description',
  what_happened: 'description',
  area_department: 'areaDepartment',
  department: 'department',
  oops_type: 'oopsType',
  product_system: 'productSystem',
  impact: 'impact',
  downtime_hours: 'downtimeHours',
  users_affected: 'usersAffected',
  systems_impacted: 'systemsImpacted',
  detection_method: 'detectionMethod',
  owner_name: 'ownerName',
  root_cause: 'rootCause',
  lesson_learned: 'lessonLearned',
  preventability: 'preventability',
  learning_value: 'learningValue',
  process_clarity: 'processClarity',
  tags: 'tags',
  occurred_at: 'occurredAt',
  response_team: 'responseTeam',
  stakeholders_notified: 'stakeholdersNotified',
  mitigation_steps: 'mitigationSteps',
  process_updated: 'processUpdated',
  postmortem_completed: 'postmortemCompleted',
  related_incidents: 'relatedIncidents',
  timeline_events: 'timelineEvents',
} as const satisfies Record<keyof UpdateOopsBody, ColumnKey>;

/** Converts validated API values to column values (dates, normalised tags). */
export function toColumnValues(body: Partial<UpdateOopsBody>): Partial<Insert> {
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (value === undefined) continue;
    const column = FIELD_COLUMNS[field as keyof UpdateOopsBody];
    if (field === 'occurred_at') values[column] = value === null ? null : new Date(value as string);
    else if (field === 'tags') values[column] = normaliseTags(value as string[]);
    else values[column] = value;
  }
  return values;
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return (a instanceof Date ? a.getTime() : a) === (b instanceof Date ? b.getTime() : b);
  }
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

/** Only the values that differ from the stored row (unchanged values are not rewritten). */
export function changedValues(row: OopsRow, values: Partial<Insert>): Partial<Insert> {
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => !same(row[key as keyof OopsRow], value)),
  );
}

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/**
 * The system fields behind the system timeline events, set by the server when the field they follow changes:
 * resolved_* on close (cleared on reopen), root_cause_identified_* when a root cause is first recorded, and so on.
 */
export function systemFieldChanges(
  row: Partial<OopsRow>,
  changes: Partial<Insert>,
  actorName: string,
  now: Date,
): Partial<Insert> {
  const out: Partial<Insert> = {};
  if (changes.status === 'Closed') Object.assign(out, { resolvedAt: now, resolvedBy: actorName });
  if (changes.status === 'Open') Object.assign(out, { resolvedAt: null, resolvedBy: null });
  if (filled(changes.rootCause) && !row.rootCauseIdentifiedAt) {
    Object.assign(out, { rootCauseIdentifiedAt: now, rootCauseIdentifiedBy: actorName });
  }
  if (filled(changes.responseTeam) && !row.responseTeamNotifiedAt) out.responseTeamNotifiedAt = now;
  if (filled(changes.mitigationSteps) && !row.mitigationDeployedAt) out.mitigationDeployedAt = now;
  if (changes.stakeholdersNotified !== undefined)
    out.stakeholdersNotifiedAt = changes.stakeholdersNotified ? now : null;
  if (changes.processUpdated !== undefined) {
    Object.assign(
      out,
      changes.processUpdated
        ? { processUpdatedAt: now, processUpdatedBy: actorName }
        : { processUpdatedAt: null, processUpdatedBy: null },
    );
  }
  if (changes.postmortemCompleted !== undefined)
    out.postmortemCompletedAt = changes.postmortemCompleted ? now : null;
  if (changes.title !== undefined) out.slug = slugify(changes.title);
  return out;
}

export function completenessOf(row: Partial<OopsRow>): number {
  return completenessPercent(completenessInput(row));
}

// API field names → columns of the oops table, and how a change to one sets the server-kept system fields.
import type { UpdateOopsBody } from '../../../common/contracts/oops';
import { completenessPercent } from '../../../common/domain/completeness';
import { fieldSpec, type OopsFieldName } from '../../../common/domain/oops-fields';
import { normaliseTags, slugify } from '../../../common/domain/tags';
import { FIELD_COLUMNS, type Insert } from './columns';
import { completenessInput, type OopsRow } from './mapper';

/** Converts validated API values to column values (dates, normalised tags). */
export function toColumnValues(body: Partial<UpdateOopsBody>): Partial<Insert> {
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (value === undefined) continue;
    const column = FIELD_COLUMNS[field as OopsFieldName];
    const { kind } = fieldSpec(field as OopsFieldName);
    if (kind === 'datetime') values[column] = value === null ? null : new Date(value as string);
    else if (kind === 'tags') values[column] = normaliseTags(value as string[]);
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
 * resolved_* on close when the incident has no resolution yet (kept on reopen, decision 042), root_cause_identified_*
 * when a root cause is first recorded, and so on.
 */
export function systemFieldChanges(
  row: Partial<OopsRow>,
  changes: Partial<Insert>,
  actorName: string,
  now: Date,
): Partial<Insert> {
  const out: Partial<Insert> = {};
  if (changes.status === 'Closed' && !row.resolvedAt && !changes.resolvedAt) {
    Object.assign(out, { resolvedAt: now, resolvedBy: actorName });
  }
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

/**
 * When the states an incident is logged with (response team notified, root cause identified, mitigation deployed,
 * ...) are stamped: an incident logged after its resolution reached them by then at the latest, so they carry the
 * resolution's time, not the logging's; otherwise they carry when it was logged, the first time we knew of them.
 */
export function loggedStatesAt(loggedAt: Date, resolvedAt: Date | null | undefined): Date {
  return resolvedAt && resolvedAt.getTime() < loggedAt.getTime() ? resolvedAt : loggedAt;
}

/**
 * The completeness of a row as stored; with `linked`, of an incident that has links, which its related_incidents field
 * lists besides the column's plain text (decision 044).
 */
export function completenessOf(row: Partial<OopsRow>, linked = false): number {
  return completenessPercent({ ...completenessInput(row), ...(linked && { related_incidents: [LINKED] }) });
}

/** What stands for the linked incidents in the field completeness reads (only whether it is empty matters). */
const LINKED = 'linked';

// Incident, note and action events (common/contracts/domain-events.ts): built in the transaction of the change from
// the rows as they now stand, so a webhook tells what the incident was when it happened.
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { OopsSnapshot } from '../../../common/contracts/domain-events';
import { OOPS_FIELD_NAMES } from '../../../common/domain/oops-fields';
import { idSlugOf } from '../../../common/domain/tags';
import type { Db } from '../../db/client';
import { oops, oopsActions, users } from '../../db/schema';
import { eventActor } from '../../events/outbox';
import type { TeamActor } from '../../lib/actor';
import { FIELD_COLUMNS } from './columns';
import type { OopsRow } from './mapper';
import { CONFIDENTIAL_REPORTER } from '../../../common/domain/confidential-texts';

/**
 * Who logged the incident, as a column of a select or of RETURNING on `oops`: a write can return its row with it
 * rather than read the row again for its event.
 */
export const loggedByColumn = sql<
  string | null
>`(select coalesce(u.name, u.email) from ${users} u where u.id = ${oops.createdById})`;

/** Every column of an incident with who logged it: what a write needs of a row to tell its event. */
export const loggedRowColumns = { ...getTableColumns(oops), loggedBy: loggedByColumn };

export async function oopsSnapshot(db: Db, id: number): Promise<OopsSnapshot> {
  const [found] = await db.select(loggedRowColumns).from(oops).where(eq(oops.id, id)).limit(1);
  return snapshotOf(found!);
}

/**
 * What an event tells of an incident: from its row as stored, or as a create is about to store it (whose values may
 * leave out the columns that are null).
 */
export type SnapshotSource = Pick<
  OopsRow,
  'id' | 'slug' | 'title' | 'kind' | 'severity' | 'status' | 'confidential'
> &
  Partial<Pick<OopsRow, 'areaDepartment' | 'lessonLearned'>> & { loggedBy: string | null };

/** A stored incident with who logged it, as a write reads it to tell its event (`loggedRowColumns`). */
export type LoggedRow = OopsRow & { loggedBy: string | null };

/** The incident as an event tells it, from its row and who logged it. */
export function snapshotOf({ loggedBy, ...row }: SnapshotSource): OopsSnapshot {
  return {
    id: row.id,
    id_slug: idSlugOf(row),
    title: row.title,
    kind: row.kind,
    severity: row.severity as OopsSnapshot['severity'],
    status: row.status,
    area_department: row.areaDepartment ?? null,
    logged_by: row.confidential ? CONFIDENTIAL_REPORTER : loggedBy,
    lesson_learned: row.lessonLearned ?? null,
  };
}

type EventWriter = Pick<TeamActor, 'userId' | 'name' | 'email'>;

/** The event data common to every incident event: who, and the incident as it now stands. */
export async function oopsEventBase(db: Db, actor: EventWriter, oopsId: number) {
  return { actor: eventActor(actor), oops: await oopsSnapshot(db, oopsId) };
}

/** The same, from the row a write returned with `loggedByColumn`. */
export function oopsEventBaseOf(actor: EventWriter, row: SnapshotSource) {
  return { actor: eventActor(actor), oops: snapshotOf(row) };
}

export async function actionSnapshot(db: Db, oopsId: number, actionId: number) {
  const [action] = await db
    .select()
    .from(oopsActions)
    .where(and(eq(oopsActions.id, actionId), eq(oopsActions.oopsId, oopsId)))
    .limit(1);
  return { id: action!.id, title: action!.title, status: action!.status, due_date: action!.dueDate };
}

/** The API names of the fields whose columns changed (what an `oops.updated` event lists). */
export function changedFieldNames(columns: readonly string[]): string[] {
  const changed = new Set(columns);
  return OOPS_FIELD_NAMES.filter((name) => changed.has(FIELD_COLUMNS[name]));
}

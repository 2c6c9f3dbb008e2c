// Incident, note and action events (common/contracts/domain-events.ts): built in the transaction of the change from
// the rows as they now stand, so a webhook tells what the incident was when it happened.
import { and, eq, sql } from 'drizzle-orm';
import type { OopsSnapshot } from '../../../common/contracts/domain-events';
import { OOPS_FIELD_NAMES } from '../../../common/domain/oops-fields';
import { idSlugOf } from '../../../common/domain/tags';
import type { Db } from '../../db/client';
import { oops, oopsActions, users } from '../../db/schema';
import { eventActor } from '../../lib/outbox';
import type { TeamActor } from '../../plugins/auth';
import { FIELD_COLUMNS } from './columns';
import { CONFIDENTIAL_REPORTER } from '../../../common/domain/confidential-texts';

export async function oopsSnapshot(db: Db, id: number): Promise<OopsSnapshot> {
  const [found] = await db
    .select({ row: oops, loggedBy: sql<string | null>`coalesce(${users.name}, ${users.email})` })
    .from(oops)
    .leftJoin(users, eq(users.id, oops.createdById))
    .where(eq(oops.id, id))
    .limit(1);
  const { row, loggedBy } = found!;
  return {
    id: row.id,
    id_slug: idSlugOf(row),
    title: row.title,
    kind: row.kind,
    severity: row.severity as OopsSnapshot['severity'],
    status: row.status,
    area_department: row.areaDepartment,
    logged_by: row.confidential ? CONFIDENTIAL_REPORTER : loggedBy,
    lesson_learned: row.lessonLearned,
  };
}

/** The event data common to every incident event: who, and the incident as it now stands. */
export async function oopsEventBase(
  db: Db,
  actor: Pick<TeamActor, 'userId' | 'name' | 'email'>,
  oopsId: number,
) {
  return { actor: eventActor(actor), oops: await oopsSnapshot(db, oopsId) };
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

// An incident's follow-up actions as the incident reads them (its postmortem; the actions feature's answers too):
// the Action of a row with its owner's name.
import { eq, sql } from 'drizzle-orm';
import type { Action } from '../../../common/contracts/actions';
import type { Db } from '../../db/client';
import { oopsActions, users } from '../../db/schema';

export const actionColumns = {
  action: oopsActions,
  ownerName: sql<string | null>`coalesce(${users.name}, ${users.email})`,
};

export function toAction({
  action,
  ownerName,
}: {
  action: typeof oopsActions.$inferSelect;
  ownerName: string | null;
}): Action {
  return {
    id: action.id,
    oops_id: action.oopsId,
    title: action.title,
    owner_id: action.ownerId,
    owner_name: action.ownerId === null ? null : ownerName,
    due_date: action.dueDate,
    status: action.status,
    completed_at: action.completedAt?.toISOString() ?? null,
    created_at: action.createdAt.toISOString(),
    updated_at: action.updatedAt.toISOString(),
  };
}

export const actionQuery = (db: Db) =>
  db.select(actionColumns).from(oopsActions).leftJoin(users, eq(users.id, oopsActions.ownerId));

/** The incident's actions, oldest first (at most 500); the caller has checked the incident is the actor's team's. */
export async function readActions(db: Db, oopsId: number): Promise<Action[]> {
  const rows = await actionQuery(db).where(eq(oopsActions.oopsId, oopsId)).orderBy(oopsActions.id).limit(500);
  return rows.map(toAction);
}

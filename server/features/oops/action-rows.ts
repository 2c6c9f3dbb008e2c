// An incident's follow-up actions as the incident reads them (its postmortem; the actions feature's answers too):
// the Action of a row with its owner's name.
import { eq, sql } from 'drizzle-orm';
import type { Action } from '../../../common/contracts/actions';
import type { Db } from '../../db/client';
import { oopsActions, users } from '../../db/schema';

export const actionColumns = {
  action: oopsActions,
  ownerName: sql<string | null>`coalesce(${users.name}, ${users.email})`,
  // Who answered "Did it hold?" and the repeat that reopened it (decision 048): rare, so looked up per row.
  answeredByName: sql<string | null>`(select coalesce(nullif(v.name, ''), v.email) from users v
    where v.id = ${oopsActions.verificationAnsweredBy})`,
  repeatedBySlug: sql<string | null>`(select r.id || '-' || r.slug from oops r
    where r.id = ${oopsActions.verificationRepeatedBy})`,
};

type ActionRow = {
  action: typeof oopsActions.$inferSelect;
  ownerName: string | null;
  answeredByName: string | null;
  repeatedBySlug: string | null;
};

function verificationOf({ action, answeredByName, repeatedBySlug }: ActionRow): Action['verification'] {
  if (action.verificationState === null) return null;
  const repeatedBy = action.verificationRepeatedBy;
  return {
    state: action.verificationState,
    answered_at: action.verificationAnsweredAt?.toISOString() ?? null,
    answered_by_name: action.verificationAnsweredAt ? answeredByName : null,
    note: action.verificationNote,
    prompted_at: action.verificationPromptedAt?.toISOString() ?? null,
    repeated_by: repeatedBy === null || !repeatedBySlug ? null : { id: repeatedBy, id_slug: repeatedBySlug },
  };
}

export function toAction(row: ActionRow): Action {
  const { action, ownerName } = row;
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
    verification_check: action.verificationCheck,
    verify_on: action.verifyOn,
    verification: verificationOf(row),
  };
}

export const actionQuery = (db: Db) =>
  db.select(actionColumns).from(oopsActions).leftJoin(users, eq(users.id, oopsActions.ownerId));

/** The incident's actions, oldest first (at most 500); the caller has checked the incident is the actor's team's. */
export async function readActions(db: Db, oopsId: number): Promise<Action[]> {
  const rows = await actionQuery(db).where(eq(oopsActions.oopsId, oopsId)).orderBy(oopsActions.id).limit(500);
  return rows.map(toAction);
}

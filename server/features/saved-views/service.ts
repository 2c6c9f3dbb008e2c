// A user's saved views of the log in their current team (decision 041). Every read and write is scoped to the actor's
// own user and team: another member's view, or one of another team, is simply not found.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  SAVED_VIEW_LIMITS,
  SAVED_VIEW_TEXTS as T,
  type SavedView,
} from '../../../common/contracts/saved-views';
import type { Db } from '../../db/client';
import { savedViews } from '../../db/schema';
import { uniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TeamActor } from '../../lib/actor';

export interface SavedViewsContext {
  db: Db;
  actor: TeamActor;
}

const mine = (actor: TeamActor) =>
  and(eq(savedViews.userId, actor.userId), eq(savedViews.teamId, actor.teamId));

const toView = (row: typeof savedViews.$inferSelect): SavedView => ({
  id: row.id,
  name: row.name,
  query: row.query,
  created_at: row.createdAt.toISOString(),
});

/** A unique name per user and team: the index says so, and this says it in words. */
async function named<R>(write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === 'saved_views_user_team_name_key') throw conflict(T.nameTaken);
    throw error;
  }
}

export async function listSavedViews({ db, actor }: SavedViewsContext): Promise<SavedView[]> {
  const rows = await db
    .select()
    .from(savedViews)
    .where(mine(actor))
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
  return rows.map(toView);
}

export async function createSavedView(
  { db, actor }: SavedViewsContext,
  body: { name: string; query: string },
): Promise<SavedView> {
  return db.transaction(async (tx) => {
    // The cap per user (all teams): the user's rows locked first, so two creates at once cannot both pass it.
    await tx.execute(sql`select id from ${savedViews} where ${savedViews.userId} = ${actor.userId} for update`);
    const [held] = await tx.select({ n: count() }).from(savedViews).where(eq(savedViews.userId, actor.userId));
    if ((held?.n ?? 0) >= SAVED_VIEW_LIMITS.perUser) throw badRequest(T.tooMany);
    const [row] = await named(() =>
      tx
        .insert(savedViews)
        .values({ userId: actor.userId, teamId: actor.teamId, name: body.name, query: body.query })
        .returning(),
    );
    return toView(row!);
  });
}

export async function renameSavedView(
  { db, actor }: SavedViewsContext,
  id: number,
  name: string,
): Promise<SavedView> {
  const [row] = await named(() =>
    db
      .update(savedViews)
      .set({ name })
      .where(and(eq(savedViews.id, id), mine(actor)))
      .returning(),
  );
  if (!row) throw notFound(T.notFound);
  return toView(row);
}

export async function deleteSavedView({ db, actor }: SavedViewsContext, id: number): Promise<void> {
  const gone = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), mine(actor)))
    .returning({ id: savedViews.id });
  if (gone.length === 0) throw notFound(T.notFound);
}

// The links an incident's own writes make (decision 019): POST /api/oops with `repeat_of` and a related_incidents list
// sent by POST or PUT. A link is one row of oops_links for the pair, whichever way it was made; both incidents'
// related_incidents lists name each other ("<id>-<slug>") so that the spec's field, its completeness weight and the
// exports agree with the links. Each list change is an `oops.updated` event of that incident (changed:
// related_incidents), which refreshes caches, live dashboards and webhooks like any other edit. The /related
// endpoints (server/features/links) write through these too.
import { and, eq, inArray, or } from 'drizzle-orm';
import { OOPS_LIMITS } from '../../../common/domain/oops-options';
import { RECURRENCE_TEXTS as T } from '../../../common/domain/recurrence-texts';
import { idSlugOf, parseIdSlug } from '../../../common/domain/tags';
import type { Db } from '../../db/client';
import { oops, oopsLinks } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/errors';
import type { TeamActor } from '../../lib/actor';
import type { OopsRow } from './mapper';
import { loggedRowColumns, type LoggedRow } from './events';
import { closedError, oopsNotFound } from './policy';
import { writeOopsChanges } from './service';

/** The entry of a list that names incident `id` the way links are written, if any. */
const namesIncident = (entry: string, id: number) => parseIdSlug(entry.trim()) === id;

/** Earlier in the team's order: created first (ties by id). */
const isEarlier = (a: OopsRow, b: OopsRow) =>
  a.createdAt.getTime() < b.createdAt.getTime() ||
  (a.createdAt.getTime() === b.createdAt.getTime() && a.id < b.id);

/** Locks both incidents of the actor's team in id order (no deadlock between two opposite links), or 404. */
async function lockPair(tx: Db, actor: TeamActor, id: number, otherId: number, missing: () => AppError) {
  const rows = await tx
    .select(loggedRowColumns)
    .from(oops)
    .where(and(inArray(oops.id, [id, otherId]), eq(oops.teamId, actor.teamId)))
    .orderBy(oops.id)
    .for('update');
  const row = rows.find((r) => r.id === id);
  const other = rows.find((r) => r.id === otherId);
  if (!row) throw oopsNotFound();
  if (!other) throw missing();
  return { row, other };
}

const pairWhere = (a: number, b: number) =>
  or(
    and(eq(oopsLinks.oopsId, a), eq(oopsLinks.otherId, b)),
    and(eq(oopsLinks.oopsId, b), eq(oopsLinks.otherId, a)),
  );

async function addToList(tx: Db, actor: TeamActor, row: LoggedRow, other: OopsRow): Promise<void> {
  if (row.relatedIncidents.some((e) => namesIncident(e, other.id))) return;
  if (row.relatedIncidents.length >= OOPS_LIMITS.relatedMax)
    throw badRequest(T.tooMany(OOPS_LIMITS.relatedMax));
  await writeOopsChanges(tx, actor, row, { related_incidents: [...row.relatedIncidents, idSlugOf(other)] });
}

async function removeFromList(tx: Db, actor: TeamActor, row: LoggedRow, otherId: number): Promise<void> {
  const kept = row.relatedIncidents.filter((e) => !namesIncident(e, otherId));
  if (kept.length !== row.relatedIncidents.length) {
    await writeOopsChanges(tx, actor, row, { related_incidents: kept });
  }
}

/**
 * Links two incidents of the actor's team in the caller's transaction; with `repeat`, `id` repeats the earlier
 * `otherId`. `missing` is the error for an unknown other incident (404 on the link call, 400 on create's repeat_of).
 */
export async function linkInTransaction(
  tx: Db,
  actor: TeamActor,
  id: number,
  otherId: number,
  repeat: boolean,
  missing: () => AppError = oopsNotFound,
): Promise<void> {
  if (id === otherId) throw badRequest(T.self);
  const { row, other } = await lockPair(tx, actor, id, otherId, missing);
  if (row.status === 'Closed') throw closedError();
  if (repeat && !isEarlier(other, row)) throw badRequest(T.repeatOfLater);
  const [existing] = await tx
    .select({ id: oopsLinks.id })
    .from(oopsLinks)
    .where(pairWhere(id, otherId))
    .limit(1);
  if (existing) throw conflict(T.alreadyLinked);
  await tx.insert(oopsLinks).values({
    teamId: actor.teamId,
    oopsId: id,
    otherId,
    isRepeat: repeat,
    // 0 is the masked confidential reporter (decision 024): the link names nobody.
    createdById: actor.userId || null,
  });
  await addToList(tx, actor, row, other);
  await addToList(tx, actor, other, row);
}

/** Removes the link of the pair (either direction) and both list entries in the caller's transaction, or 404. */
export async function unlinkInTransaction(tx: Db, actor: TeamActor, id: number, otherId: number): Promise<void> {
  if (id === otherId) throw badRequest(T.self);
  const { row, other } = await lockPair(tx, actor, id, otherId, oopsNotFound);
  if (row.status === 'Closed') throw closedError();
  const deleted = await tx.delete(oopsLinks).where(pairWhere(id, otherId)).returning({ id: oopsLinks.id });
  if (deleted.length === 0) throw new AppError('not_found', T.notLinked);
  await removeFromList(tx, actor, row, otherId);
  await removeFromList(tx, actor, other, id);
}

/**
 * The incident's related_incidents list as written by PUT or POST /api/oops made true of the links: entries
 * that name an incident of the team ("<id>-<slug>", "<id>") are linked both ways, and links it no longer names are
 * removed both ways. Entries that name nothing of the team stay plain text, as before links existed.
 */
export async function syncLinksWithList(tx: Db, actor: TeamActor, id: number) {
  const [self] = await tx.select().from(oops).where(eq(oops.id, id));
  const named = new Set(
    self!.relatedIncidents
      .map((e) => parseIdSlug(e.trim()))
      .filter((n): n is number => n !== null && n !== id),
  );
  const links = await tx
    .select()
    .from(oopsLinks)
    .where(or(eq(oopsLinks.oopsId, id), eq(oopsLinks.otherId, id)));
  const linked = new Set(links.map((l) => (l.oopsId === id ? l.otherId : l.oopsId)));
  const gone = [...linked].filter((other) => !named.has(other));
  const wanted = [...named].filter((other) => !linked.has(other));
  const touched = [...gone, ...wanted];
  if (touched.length === 0) return;
  const others = await tx
    .select(loggedRowColumns)
    .from(oops)
    .where(and(inArray(oops.id, touched), eq(oops.teamId, actor.teamId)))
    .orderBy(oops.id)
    .for('update');
  for (const other of others) {
    if (linked.has(other.id)) {
      await tx.delete(oopsLinks).where(pairWhere(id, other.id));
      await removeFromList(tx, actor, other, id);
    } else {
      await tx
        .insert(oopsLinks)
        .values({ teamId: actor.teamId, oopsId: id, otherId: other.id, createdById: actor.userId || null });
      await addToList(tx, actor, other, self!);
    }
  }
}

// The links an incident's writes make (decisions 019 and 044): POST /api/oops with `repeat_of` or a related_incidents
// list, PUT with a list, and the /related endpoints (server/features/links), which write through these. A link is one
// row of oops_links for the pair, whichever way it was made, and nothing else: both incidents' related_incidents
// fields list it ("<id>-<slug>", derived when read, mapper.ts), and their columns keep only the plain-text entries
// that name no incident of the team. A link made or removed is an `oops.updated` event (changed: related_incidents)
// of each incident whose list it changed, which refreshes caches, live dashboards and webhooks like any other edit;
// an incident's row is written only where its completeness changed (link-change.ts), or by its own edit.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { OOPS_LIMITS } from '../../../common/domain/oops-options';
import { RECURRENCE_TEXTS as T } from '../../../common/domain/recurrence-texts';
import { parseIdSlug } from '../../../common/domain/tags';
import type { Db } from '../../db/client';
import { oops, oopsLinks } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/errors';
import type { TeamActor } from '../../lib/actor';
import { queryRows } from '../../lib/sql-rows';
import { loggedRowColumns, type LoggedRow } from './events';
import { writeLinkChange } from './link-change';
import { closedError, oopsNotFound } from './policy';

/** Earlier in the team's order: created first (ties by id). */
const isEarlier = (a: Pick<LoggedRow, 'id' | 'createdAt'>, b: Pick<LoggedRow, 'id' | 'createdAt'>) =>
  a.createdAt.getTime() < b.createdAt.getTime() ||
  (a.createdAt.getTime() === b.createdAt.getTime() && a.id < b.id);

/**
 * Locks the actor's team's incidents among `ids` in id order (two link writes never wait for each other crosswise)
 * and answers them.
 */
async function lockRows(tx: Db, actor: TeamActor, ids: number[]): Promise<LoggedRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select(loggedRowColumns)
    .from(oops)
    .where(and(inArray(oops.id, ids), eq(oops.teamId, actor.teamId)))
    .orderBy(oops.id)
    .for('update');
}

/** Locks both incidents of the actor's team, or 404 (`missing` for the other). */
async function lockPair(tx: Db, actor: TeamActor, id: number, otherId: number, missing: () => AppError) {
  const rows = await lockRows(tx, actor, [id, otherId]);
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

/**
 * The incidents each of `rows` is linked to now. Read after the rows were locked, by a statement of its own: it sees
 * every link committed before the locks were granted.
 */
async function linksOf(tx: Db, ids: number[]): Promise<Map<number, number[]>> {
  if (ids.length === 0) return new Map();
  const found = await queryRows<{ id: number; other: number }>(
    tx,
    sql`select oops_id as id, other_id as other from oops_links where oops_id in ${ids}
        union all select other_id, oops_id from oops_links where other_id in ${ids}`,
  );
  const links = new Map<number, number[]>(ids.map((id) => [id, []]));
  for (const { id, other } of found) links.get(Number(id))!.push(Number(other));
  return links;
}

/** Refuses a link that would make an incident's related_incidents longer than the limit. */
function assertRoomFor(row: LoggedRow, links: Map<number, number[]>) {
  if (row.relatedIncidents.length + (links.get(row.id)?.length ?? 0) >= OOPS_LIMITS.relatedMax) {
    throw badRequest(T.tooMany(OOPS_LIMITS.relatedMax));
  }
}

const insertLink = (tx: Db, actor: TeamActor, oopsId: number, otherId: number, repeat = false) =>
  tx.insert(oopsLinks).values({
    teamId: actor.teamId,
    oopsId,
    otherId,
    isRepeat: repeat,
    // 0 is the masked confidential reporter (decision 024): the link names nobody.
    createdById: actor.userId || null,
  });

/**
 * Links two incidents of the actor's team in the caller's transaction; with `repeat`, `id` repeats the earlier
 * `otherId`. `missing` is the error for an unknown other incident.
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
  const links = await linksOf(tx, [id, otherId]);
  if (links.get(id)!.includes(otherId)) throw conflict(T.alreadyLinked);
  assertRoomFor(row, links);
  assertRoomFor(other, links);
  await insertLink(tx, actor, id, otherId, repeat);
  await writeLinkChange(tx, actor, row);
  await writeLinkChange(tx, actor, other);
}

/** Removes the link of the pair (either direction) in the caller's transaction, or 404. */
export async function unlinkInTransaction(
  tx: Db,
  actor: TeamActor,
  id: number,
  otherId: number,
): Promise<void> {
  if (id === otherId) throw badRequest(T.self);
  const { row, other } = await lockPair(tx, actor, id, otherId, oopsNotFound);
  if (row.status === 'Closed') throw closedError();
  const deleted = await tx.delete(oopsLinks).where(pairWhere(id, otherId)).returning({ id: oopsLinks.id });
  if (deleted.length === 0) throw new AppError('not_found', T.notLinked);
  await writeLinkChange(tx, actor, row);
  await writeLinkChange(tx, actor, other);
}

/** A related_incidents list as sent, split into the incidents of the team it names and its plain text. */
export interface SentRelated {
  /** The entries that name no incident of the team (nor name the incident itself), in their order. */
  plain: string[];
  /** The team's incidents the other entries name ("<id>-<slug>" or "<id>"), once each, in the list's order. */
  named: number[];
}

/** Splits a sent related_incidents list; `self` is the incident it belongs to (none yet on a create). */
export async function splitRelated(
  tx: Db,
  actor: TeamActor,
  self: number | null,
  list: readonly string[],
): Promise<SentRelated> {
  const ids = list.map((e) => parseIdSlug(e.trim()));
  const candidates = [...new Set(ids.filter((n): n is number => n !== null && n !== self))];
  const found = new Set(
    candidates.length === 0
      ? []
      : (
          await tx
            .select({ id: oops.id })
            .from(oops)
            .where(and(inArray(oops.id, candidates), eq(oops.teamId, actor.teamId)))
        ).map((r) => r.id),
  );
  const named = (n: number | null): n is number => n !== null && found.has(n);
  return {
    plain: list.filter((_, i) => !named(ids[i]!)),
    named: [...new Set(ids.filter(named))],
  };
}

/**
 * Makes the links of incident `id` those to `named` (splitRelated's), in the caller's transaction: links it no
 * longer names are removed and new ones made, both ways, in the list's order. Each other incident whose list changed
 * is told (writeLinkChange); the incident's own row is left to its edit, which says whether the links changed.
 */
export async function syncLinks(
  tx: Db,
  actor: TeamActor,
  id: number,
  named: readonly number[],
): Promise<boolean> {
  const linked = (await linksOf(tx, [id])).get(id)!;
  const gone = linked.filter((other) => !named.includes(other));
  const wanted = named.filter((other) => !linked.includes(other));
  if (gone.length + wanted.length === 0) return false;
  const others = await lockRows(tx, actor, [...gone, ...wanted]);
  const links = await linksOf(
    tx,
    others.map((o) => o.id),
  );
  for (const other of others.filter((o) => gone.includes(o.id))) {
    await tx.delete(oopsLinks).where(pairWhere(id, other.id));
    await writeLinkChange(tx, actor, other);
  }
  for (const otherId of wanted) {
    const other = others.find((o) => o.id === otherId);
    if (!other) continue;
    assertRoomFor(other, links);
    await insertLink(tx, actor, id, otherId);
    await writeLinkChange(tx, actor, other);
  }
  return true;
}

/**
 * The links of an incident just inserted in the caller's transaction (`created`, which counts them in its
 * completeness already): the repeat of `repeatOf`, then plain links to `named`. The other incidents are locked by
 * `lockOthers` before the insert; an unknown or foreign `repeatOf` is a 400 (the same text for both).
 */
export async function linkNewIncident(
  tx: Db,
  actor: TeamActor,
  created: Pick<LoggedRow, 'id' | 'createdAt' | 'relatedIncidents'>,
  others: LoggedRow[],
  repeatOf: number | undefined,
  named: readonly number[],
): Promise<void> {
  const repeated = repeatOf === undefined ? undefined : others.find((o) => o.id === repeatOf);
  if (repeatOf !== undefined) {
    if (!repeated) throw badRequest(T.repeatOfUnknown);
    if (!isEarlier(repeated, created)) throw badRequest(T.repeatOfLater);
  }
  // In the order of their entries in related_incidents: the repeat first, then the list's.
  const byId = new Map(others.map((o) => [o.id, o]));
  const targets = [...new Set([...(repeated ? [repeated.id] : []), ...named])]
    .map((otherId) => byId.get(otherId))
    .filter((o) => o !== undefined);
  if (created.relatedIncidents.length + targets.length > OOPS_LIMITS.relatedMax) {
    throw badRequest(T.tooMany(OOPS_LIMITS.relatedMax));
  }
  const links = await linksOf(
    tx,
    targets.map((o) => o.id),
  );
  for (const other of targets) {
    assertRoomFor(other, links);
    await insertLink(tx, actor, created.id, other.id, other.id === repeatOf);
    await writeLinkChange(tx, actor, other);
  }
}

/** Locks the incidents a create will link to (those of the actor's team among them), before its insert. */
export const lockOthers = (
  tx: Db,
  actor: TeamActor,
  repeatOf: number | undefined,
  named: readonly number[],
) => lockRows(tx, actor, [...new Set([...(repeatOf === undefined ? [] : [repeatOf]), ...named])]);

// Related incidents and repeats (decision 019). A link is one row of oops_links for the pair, whichever way
// it was made; both incidents' related_incidents lists name each other ("<id>-<slug>") so that the spec's field,
// its completeness weight and the exports agree with the links. Each list change is an `oops.updated` event of that
// incident (changed: related_incidents), which refreshes caches, live dashboards and webhooks like any other edit.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { CreateOopsBody, OopsDetail } from '../../../common/contracts/oops';
import type { RelatedResponse } from '../../../common/contracts/recurrence';
import { OOPS_LIMITS } from '../../../common/domain/oops-options';
import { RECURRENCE_TEXTS as T } from '../../../common/domain/recurrence-texts';
import { idSlugOf, parseIdSlug } from '../../../common/domain/tags';
import { onOneConnection, type Db } from '../../db/client';
import { oops, oopsLinks } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { queryRows } from '../../lib/sql-rows';
import type { TeamActor } from '../../plugins/auth';
import { newDetail, type OopsRow } from './mapper';
import { loggedRowColumns, type LoggedRow } from './events';
import { actionsAllDoneSql } from '../../lib/recurrence-sql';
import { maskedActor, writerOnId } from './confidential';
import { closedError, oopsNotFound } from './policy';
import {
  findOopsRow,
  getOopsDetail,
  insertOops,
  updateOops,
  writeOopsChanges,
  type OopsContext,
} from './service';

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

/** POST /api/oops/{id}/related/{otherId}: whoever may edit {id} (an open incident of their team). */
export async function linkOops(
  { db, actor, confidentialKey }: OopsContext,
  id: number,
  otherId: number,
  repeat: boolean,
): Promise<RelatedResponse> {
  await db.transaction(async (tx) =>
    linkInTransaction(tx, await writerOnId(tx, confidentialKey, actor, id), id, otherId, repeat),
  );
  return listRelated({ db, actor }, id);
}

/** DELETE /api/oops/{id}/related/{otherId}: either direction, by whoever may edit {id}. */
export async function unlinkOops(
  { db, actor: reader, confidentialKey }: OopsContext,
  id: number,
  otherId: number,
): Promise<RelatedResponse> {
  if (id === otherId) throw badRequest(T.self);
  await db.transaction(async (tx) => {
    const actor = await writerOnId(tx, confidentialKey, reader, id);
    const { row, other } = await lockPair(tx, actor, id, otherId, oopsNotFound);
    if (row.status === 'Closed') throw closedError();
    const deleted = await tx.delete(oopsLinks).where(pairWhere(id, otherId)).returning({ id: oopsLinks.id });
    if (deleted.length === 0) throw new AppError('not_found', T.notLinked);
    await removeFromList(tx, actor, row, otherId);
    await removeFromList(tx, actor, other, id);
  });
  return listRelated({ db, actor: reader }, id);
}

/**
 * POST /api/oops: logs an incident (with no tags, up to 3 are suggested from title and description, docs/product.md §5); with
 * `repeat_of`, the incident and its repeat link in one transaction (all or nothing).
 */
export async function createOopsWithRepeat(ctx: OopsContext, input: CreateOopsBody): Promise<OopsDetail> {
  const { repeat_of: repeatOf, ...body } = input;
  const { db, confidentialKey } = ctx;
  // insertOops refuses a confidential report the team does not allow, so past it the mask is the writer.
  const actor = body.confidential ? maskedActor(ctx.actor) : ctx.actor;
  const closing = input.status === 'Closed';
  // A create that writes only its row needs no transaction: one statement writes it with its event (decision 027).
  const alone = repeatOf === undefined && !body.related_incidents?.length && !body.confidential;
  const write = <T>(fn: (tx: Db) => Promise<T>) => (alone ? onOneConnection(db, fn) : db.transaction(fn));
  const { id, detail } = await write(async (tx) => {
    const created = await insertOops(tx, ctx.actor, body, {}, confidentialKey);
    const { id } = created;
    // The repeat first: the list then names it too, so the sync keeps it.
    if (repeatOf !== undefined) {
      await linkInTransaction(tx, actor, id, repeatOf, true, () => badRequest(T.repeatOfUnknown));
    }
    if (body.related_incidents?.length) await syncLinksWithList(tx, actor, id);
    if (closing) return { id, detail: null };
    // A new incident without links has nothing else to tell, and a confidential one's answer says the caller
    // reported it: only those read their answer, on the transaction's connection (decision 027).
    return { id, detail: alone ? newDetail(created) : await getOopsDetail({ ...ctx, db: tx }, id) };
  });
  return detail ?? updateOops(ctx, id, { status: 'Closed' });
}

interface RelatedRow {
  id: number;
  slug: string;
  title: string;
  severity: string;
  status: string;
  created_at: Date | string;
  repeat: 'repeat_of' | 'repeated_by' | null;
  despite_action: boolean;
}

/** GET /api/oops/{id}/related: the incident's links, newest other incident first. */
export async function listRelated({ db, actor }: OopsContext, id: number): Promise<RelatedResponse> {
  await findOopsRow(db, actor, id);
  const rows = await queryRows<RelatedRow>(
    db,
    sql`select o.id, o.slug, o.title, o.severity, o.status, o.created_at,
          case when not l.is_repeat then null when l.oops_id = ${id} then 'repeat_of' else 'repeated_by' end as repeat,
          (l.is_repeat and ${actionsAllDoneSql(sql`l.other_id`)}) as despite_action
        from oops_links l
        join oops o on o.id = case when l.oops_id = ${id} then l.other_id else l.oops_id end
        where (l.oops_id = ${id} or l.other_id = ${id}) and l.team_id = ${actor.teamId}
        order by o.created_at desc, o.id desc
        limit ${OOPS_LIMITS.relatedMax * 5}`,
  );
  const related = rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    id_slug: idSlugOf(r),
    title: r.title,
    severity: r.severity,
    status: r.status,
    created_at: new Date(r.created_at).toISOString(),
    repeat: r.repeat,
    despite_action: Boolean(r.despite_action),
  }));
  return {
    related,
    repeated_despite_action: related.some((r) => r.repeat === 'repeat_of' && r.despite_action),
  };
}

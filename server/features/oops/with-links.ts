// The incident writes that make links as well (decision 037): a create with `repeat_of` or a related_incidents list,
// and an edit that sends the list. Each composes the incident's write and its links in one transaction, and writes
// the incident's row once (decision 044: the links are oops_links rows; its column keeps the list's plain text).
import { and, eq } from 'drizzle-orm';
import type { CreateOopsBody, OopsDetail, UpdateOopsBody } from '../../../common/contracts/oops';
import { onOneConnection, type Db } from '../../db/client';
import { oops } from '../../db/schema';
import { maskedActor, writerOnId } from '../confidential';
import { linkNewIncident, lockOthers, splitRelated, syncLinks } from './link-writes';
import { newDetail, type WrittenOops } from './mapper';
import { closedError, oopsNotFound } from './policy';
import { getOopsDetail, insertOops, updateOops, type OopsContext } from './service';

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
  // A new incident without links has nothing else to tell, and a confidential one's answer says the caller reported
  // it: only those read their answer, on the transaction's connection (decision 027).
  const answer = async (row: WrittenOops, tx: Db) => ({
    id: row.id,
    detail: closing ? null : alone ? newDetail(row) : await getOopsDetail({ ...ctx, db: tx }, row.id),
  });
  const { id, detail } = await write(async (tx) => {
    if (alone) return answer(await insertOops(tx, ctx.actor, body, {}, confidentialKey), tx);
    // The incidents it links to are locked before the insert, which stores the completeness with its links counted:
    // the new row is written once (decision 044).
    const { plain, named } = await splitRelated(tx, actor, null, body.related_incidents ?? []);
    const others = await lockOthers(tx, actor, repeatOf, named);
    const linked = others.length > 0 || repeatOf !== undefined;
    const sent = { ...body, related_incidents: plain };
    const row = await insertOops(tx, ctx.actor, sent, {}, confidentialKey, linked);
    await linkNewIncident(tx, actor, row, others, repeatOf, named);
    return answer(row, tx);
  });
  return detail ?? updateOops(ctx, id, { status: 'Closed' });
}

/**
 * PUT /api/oops/{id} with related_incidents: the links its list names made true, and the edit with the list's plain
 * text, in one transaction (all or nothing); the answer is read after both.
 */
export async function updateOopsWithLinks(
  ctx: OopsContext,
  id: number,
  input: UpdateOopsBody,
): Promise<OopsDetail> {
  return ctx.db.transaction(async (tx) => {
    const inTransaction = { ...ctx, db: tx };
    // The row is locked first, then the incidents its list names (in id order, link-writes.ts): two edits of one
    // incident's list take turns. A closed incident takes no list (only a reopening, alone).
    const [row] = await tx
      .select({ status: oops.status })
      .from(oops)
      .where(and(eq(oops.id, id), eq(oops.teamId, ctx.actor.teamId)))
      .for('update');
    if (!row) throw oopsNotFound();
    if (row.status === 'Closed') throw closedError();
    // Recorded under the writer of the edit: the mask for the incident's confidential reporter.
    const writer = await writerOnId(tx, ctx.confidentialKey, ctx.actor, id);
    const { plain, named } = await splitRelated(tx, writer, id, input.related_incidents ?? []);
    // The links first: the edit's write then stores the completeness they make (link-change.ts).
    const linksChanged = await syncLinks(tx, writer, id, named);
    await updateOops(inTransaction, id, { ...input, related_incidents: plain }, linksChanged);
    return getOopsDetail(inTransaction, id);
  });
}

// The incident writes that make links as well (decision 037): a create with `repeat_of` or a related_incidents list,
// and an edit that sends the list. Each composes the incident's write and its links in one transaction.
import { and, eq } from 'drizzle-orm';
import type { CreateOopsBody, OopsDetail, UpdateOopsBody } from '../../../common/contracts/oops';
import { RECURRENCE_TEXTS as T } from '../../../common/domain/recurrence-texts';
import { onOneConnection, type Db } from '../../db/client';
import { oops } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { maskedActor, writerOnId } from '../confidential';
import { linkInTransaction, syncLinksWithList } from './link-writes';
import { newDetail } from './mapper';
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

/**
 * PUT /api/oops/{id} with related_incidents: the edit, then the links its list names made true, in one transaction
 * (all or nothing); the answer is read after both.
 */
export async function updateOopsWithLinks(ctx: OopsContext, id: number, input: UpdateOopsBody): Promise<OopsDetail> {
  return ctx.db.transaction(async (tx) => {
    const inTransaction = { ...ctx, db: tx };
    // The row is locked first, then the incidents its list names (in id order, link-writes.ts): two edits of one
    // incident's list take turns, as they did when the edit itself read the row locked.
    await tx
      .select({ id: oops.id })
      .from(oops)
      .where(and(eq(oops.id, id), eq(oops.teamId, ctx.actor.teamId)))
      .for('update');
    await updateOops(inTransaction, id, input);
    // Recorded under the writer of the edit: the mask for the incident's confidential reporter.
    await syncLinksWithList(tx, await writerOnId(tx, ctx.confidentialKey, ctx.actor, id), id);
    return getOopsDetail(inTransaction, id);
  });
}

// How the dispatcher (server/events/dispatcher.ts) claims pending events: with FOR UPDATE SKIP LOCKED, so several
// processes never hand out the same event, and marked dispatched in the same statement. Events that no consumer needs
// in a transaction (most: a team without webhooks) are claimed in one statement on their own, without a transaction:
// under load a write's dispatch was four of its ten statements, and each statement is what a request costs. (A write
// request writes those dispatched already, server/events/outbox.ts; what is left are the ones changing who an actor is,
// and those emitted outside requests, by the CLI or a job.)
import { and, asc, inArray, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { DomainEvent } from '../../common/contracts/domain-events';
import type { Db } from '../db/client';
import { domainEvents } from '../db/schema';
import { queryRows } from '../lib/sql-rows';
import type { EventNeed } from './outbox';

/** What a claim tells the dispatcher about the events it marked. */
export type ClaimedEvent = Pick<DomainEvent, 'id' | 'teamId' | 'type'>;

/**
 * The events some consumer needs in the dispatch's transaction: null when one of them needs every event (it declared
 * no condition), none when there are no consumers.
 */
export function neededInTransaction(needs: (EventNeed | undefined)[]): EventNeed | null {
  if (needs.some((need) => need === undefined)) return null;
  const all = needs as EventNeed[];
  return (teamId) => (all.length === 0 ? sql`false` : or(...all.map((need) => need(teamId)))!);
}

/** The condition on a `domain_events` row. */
const onRow = (need: EventNeed): SQL => need(sql`${domainEvents.teamId}`);

const pendingIds = (db: Db, condition: SQL | undefined, batch: number) =>
  db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(and(isNull(domainEvents.dispatchedAt), condition))
    .orderBy(asc(domainEvents.id))
    .limit(batch)
    .for('update', { skipLocked: true });

/**
 * Marks up to `batch` pending events that no consumer needs as dispatched, in one statement that commits on its own,
 * and tells whether events some consumer needs are pending too.
 */
export async function claimUnneeded(
  db: Db,
  need: EventNeed,
  batch: number,
): Promise<{ claimed: ClaimedEvent[]; neededPending: boolean }> {
  const needed = onRow(need);
  const claim = db
    .update(domainEvents)
    .set({ dispatchedAt: new Date() })
    .where(inArray(domainEvents.id, pendingIds(db, not(needed), batch)))
    .returning({ id: domainEvents.id, teamId: domainEvents.teamId, type: domainEvents.type });
  const [row] = await queryRows<{ claimed: ClaimedEvent[]; needed_pending: boolean }>(
    db,
    sql`with claimed as ${claim}
        select (select coalesce(json_agg(json_build_object('id', c.id, 'teamId', c.team_id, 'type', c.type)
            order by c.id), '[]'::json) from claimed c) as claimed,
          exists (select 1 from ${domainEvents} where ${domainEvents.dispatchedAt} is null and ${needed})
            as needed_pending`,
  );
  return { claimed: row!.claimed, neededPending: row!.needed_pending };
}

/** Claims up to `batch` pending events (those `needed`, when given) in the caller's transaction, oldest first. */
export async function claimInTransaction(
  tx: Db,
  need: EventNeed | null,
  batch: number,
): Promise<DomainEvent[]> {
  const rows = await tx
    .update(domainEvents)
    .set({ dispatchedAt: new Date() })
    .where(inArray(domainEvents.id, pendingIds(tx, need ? onRow(need) : undefined, batch)))
    .returning();
  return rows.sort((a, b) => a.id - b.id).map((row) => ({ ...row }) as unknown as DomainEvent);
}

// Emitting a domain event = writing it to the outbox inside the transaction of the change (docs/decisions/014-domain-events-and-jobs.md).
// So an event exists exactly when its change committed: never lost after a commit, never sent for a rollback.
// The dispatcher (server/plugins/events.ts) hands committed events to their consumers.
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { DomainEventInput } from '../../common/contracts/domain-events';
import type { Actor } from '../plugins/auth';
import { EVENTS_CHANNEL, type Db } from '../db/client';
import { domainEvents } from '../db/schema';
import { queryRows } from './sql-rows';

/** The notification payload that wakes every process's dispatcher (PostgreSQL delivers it at commit). */
export const OUTBOX_WAKE = JSON.stringify({ outbox: 'wake' });

/** The ids of the events emitted while a write request is served (server/plugins/events.ts waits for those). */
const emittedInRequest = new AsyncLocalStorage<number[]>();

/** Runs `next` (the rest of a request) so that the ids of the events it emits are added to `into`. */
export function collectEmittedEvents(into: number[], next: () => void): void {
  emittedInRequest.run(into, next);
}

/** Writes events to the outbox; `db` must be the transaction of the change they describe. */
export async function emitEvents(db: Db, ...events: DomainEventInput[]): Promise<void> {
  if (events.length === 0) return;
  const insert = db
    .insert(domainEvents)
    .values(events.map((event) => ({ teamId: event.teamId, type: event.type, payload: event.payload })))
    .returning({ id: domainEvents.id });
  // A NOTIFY inside the transaction is delivered at commit and dropped on rollback: on PostgreSQL to every app
  // process, on PGlite to this one. One statement with the insert: a round trip less in every write. (The NOTIFY is
  // a subquery in FROM: a CTE nobody reads would not run.)
  const rows = await queryRows<{ id: number | string }>(
    db,
    sql`with inserted as ${insert} select inserted.id from inserted, (select pg_notify(${EVENTS_CHANNEL}, ${OUTBOX_WAKE})) woken`,
  );
  emittedInRequest.getStore()?.push(...rows.map((row) => Number(row.id)));
}

/** Who an event names as its actor. */
export const eventActor = (actor: Pick<Actor, 'userId' | 'name' | 'email'>) => ({
  id: actor.userId,
  name: actor.name || actor.email,
});

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
import { liveEventOf, type LiveItem } from './event-effects';

/**
 * The notification an emit sends at its commit, to every process: it names the teams whose data changed (their
 * cached answers are stale from the commit on), the live events their streams hear (server/plugins/live.ts), and
 * the events it committed, for the dispatchers (one that has handed them out already starts no pass for them).
 */
export interface OutboxWake {
  outbox: 'wake';
  teams: number[];
  live: LiveItem[];
  ids: number[];
}
/**
 * A wake-up names at most this many events (a NOTIFY payload holds 8,000 bytes); one that names none makes every
 * dispatcher look for pending events. Its live events are told once each, and at most this many: clients refetch
 * on any of them.
 */
const WAKE_IDS_MAX = 50;
const WAKE_PREFIX = '{"outbox":"wake"';

/** The outbox wake-up a notification is, or null for any other notification. */
export function outboxWake(payload: string): OutboxWake | null {
  if (!payload.startsWith(WAKE_PREFIX)) return null;
  const wake = JSON.parse(payload) as Partial<OutboxWake>;
  return { outbox: 'wake', teams: wake.teams ?? [], live: wake.live ?? [], ids: wake.ids ?? [] };
}

/** An event a write emitted, as its answer needs it (server/plugins/events.ts). */
export interface EmittedEvent {
  id: number;
  teamId: number | null;
  type: DomainEventInput['type'];
}

/** The events emitted while a write request is served (server/plugins/events.ts acts on those). */
const emittedInRequest = new AsyncLocalStorage<EmittedEvent[]>();

/** Runs `next` (the rest of a request) so that the events it emits are added to `into`. */
export function collectEmittedEvents(into: EmittedEvent[], next: () => void): void {
  emittedInRequest.run(into, next);
}

/** Writes events to the outbox; `db` must be the transaction of the change they describe. */
export async function emitEvents(db: Db, ...events: DomainEventInput[]): Promise<void> {
  if (events.length === 0) return;
  const insert = db
    .insert(domainEvents)
    .values(events.map((event) => ({ teamId: event.teamId, type: event.type, payload: event.payload })))
    .returning({ id: domainEvents.id, teamId: domainEvents.teamId, type: domainEvents.type });
  const teams = [...new Set(events.flatMap((event) => (event.teamId === null ? [] : [event.teamId])))];
  const live = [
    ...new Map(
      events
        .map(liveEventOf)
        .filter((item) => item !== null)
        .map((item) => [`${item.team}:${item.event.type}:${item.event.id}`, item]),
    ).values(),
  ].slice(0, WAKE_IDS_MAX);
  // A NOTIFY inside the transaction is delivered at commit and dropped on rollback: on PostgreSQL to every app
  // process, on PGlite to this one. One statement with the insert: a round trip less in every write. (The NOTIFY is
  // a subquery in FROM: a CTE nobody reads would not run.) The payload is finished in SQL, which knows the new ids;
  // it begins as outboxWake recognises it.
  const known = JSON.stringify({ outbox: 'wake', teams, live }).slice(0, -1);
  const payload = sql`${known}::text || ',"ids":' || (select case when count(*) <= ${WAKE_IDS_MAX}
    then json_agg(id order by id) else '[]'::json end from inserted)::text || '}'`;
  const rows = await queryRows<{ id: number | string; team_id: number | null; type: EmittedEvent['type'] }>(
    db,
    sql`with inserted as ${insert} select inserted.id, inserted.team_id, inserted.type
        from inserted, (select pg_notify(${EVENTS_CHANNEL}, ${payload})) woken`,
  );
  emittedInRequest
    .getStore()
    ?.push(...rows.map((row) => ({ id: Number(row.id), teamId: row.team_id, type: row.type })));
}

/** Who an event names as its actor. */
export const eventActor = (actor: Pick<Actor, 'userId' | 'name' | 'email'>) => ({
  id: actor.userId,
  name: actor.name || actor.email,
});

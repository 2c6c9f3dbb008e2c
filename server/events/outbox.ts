// Emitting a domain event = writing it to the outbox inside the transaction of the change (docs/decisions/014-domain-events-and-jobs.md).
// So an event exists exactly when its change committed: never lost after a commit, never sent for a rollback.
// The dispatcher (server/events/dispatcher.ts) hands committed events to their consumers.
import { AsyncLocalStorage } from 'node:async_hooks';
import { is, Param, Placeholder, SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgDialect, PgSession, SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { DomainEventInput } from '../../common/contracts/domain-events';
import { EVENTS_CHANNEL, type Db } from '../db/client';
import { domainEvents } from '../db/schema';
import { queryRows, statementName } from '../lib/sql-rows';
import { changesActors, liveEventOf, staleTeamsOf, type LiveItem } from './effects';

/**
 * The notification an emit sends at its commit, to every process: it names the teams whose data changed (their
 * cached answers are stale from the commit on), the live events their streams hear (server/events/effects.ts), and
 * the events it committed that wait for their dispatch, for the dispatchers (one that has handed them out already
 * starts no pass for them; none waiting, none starts).
 */
export interface OutboxWake {
  outbox: 'wake';
  teams: number[];
  live: LiveItem[];
  /** null: more than a wake-up names, so every dispatcher looks for pending events. */
  ids: number[] | null;
}
/**
 * A wake-up names at most this many events (a NOTIFY payload holds 8,000 bytes). Its live events are told once
 * each, and at most this many: clients refetch on any of them.
 */
const WAKE_IDS_MAX = 50;
const WAKE_PREFIX = '{"outbox":"wake"';

/** The outbox wake-up a notification is, or null for any other notification. */
export function outboxWake(payload: string): OutboxWake | null {
  if (!payload.startsWith(WAKE_PREFIX)) return null;
  const wake = JSON.parse(payload) as Partial<OutboxWake>;
  return { outbox: 'wake', teams: wake.teams ?? [], live: wake.live ?? [], ids: wake.ids ?? null };
}

/** An event a write emitted, as its answer needs it (server/events/request-hooks.ts). */
export interface EmittedEvent {
  id: number;
  teamId: number | null;
  type: DomainEventInput['type'];
}

/**
 * Which events a consumer needs handed to it in the dispatch's transaction, as a condition on the event's team id
 * (server/events/dispatcher.ts, EventConsumer.needs).
 */
export type EventNeed = (teamId: SQL) => SQL;

interface EmitContext {
  /** The events emitted while a write request is served (server/events/request-hooks.ts acts on those). */
  emitted: EmittedEvent[];
  /** What the app's consumers need now: null when some consumer needs every event. */
  needed: () => EventNeed | null;
}
const emittedInRequest = new AsyncLocalStorage<EmitContext>();

/**
 * Runs `next` (the rest of a request) so that the events it emits are added to `into`, and those that no consumer
 * `needed` are written dispatched (an emit outside a request, such as the CLI's, leaves every event to the dispatcher).
 */
export function collectEmittedEvents(
  into: EmittedEvent[],
  needed: () => EventNeed | null,
  next: () => void,
): void {
  emittedInRequest.run({ emitted: into, needed }, next);
}

/** How a value enters a statement: as a parameter of its own (inline), or as a named placeholder (a shaped write). */
type Bind = (name: string, value: unknown) => SQL;
const inline: Bind = (_name, value) => sql`${value}`;

/** Ids for the `needed` conditions that statements were built with: part of a shaped write's key. */
const neededIds = new WeakMap<EventNeed, number>();
let lastNeededId = 0;

/**
 * The outbox insert of `events` (a statement to run as the CTE `inserted`, writing them only where `when` holds) and
 * the notification of their commit (an expression that reads `inserted`), as parts of one statement: emitEvents
 * runs them alone, writeWithEvents with the row they describe. `record` adds the ids inserted to the request's.
 * Every value goes through `bind`; `shape` names what else the text depends on.
 */
function outboxParts(events: DomainEventInput[], when: SQL = sql`true`, bind: Bind = inline) {
  const context = emittedInRequest.getStore();
  const needed = context?.needed();
  const waits = (event: DomainEventInput) => needed === undefined || needed === null || changesActors(event);
  const rows = events.map((event, i) => {
    const team = sql`${bind(`event${i}_team`, event.teamId)}::int`;
    const dispatchedAt = waits(event)
      ? sql`null::timestamptz`
      : sql`case when ${needed!(team)} then null else now() end`;
    return sql`(${team}, ${bind(`event${i}_type`, event.type)}::text, ${bind(`event${i}_payload`, JSON.stringify(event.payload))}::jsonb, ${dispatchedAt})`;
  });
  let neededId = needed ? neededIds.get(needed) : undefined;
  if (needed && neededId === undefined) neededIds.set(needed, (neededId = ++lastNeededId));
  const shape = `${neededId ?? String(needed)}:${events.map((event) => (waits(event) ? 'w' : 'd')).join('')}`;
  const insert = sql`insert into ${domainEvents} (team_id, type, payload, dispatched_at)
    select * from (values ${sql.join(rows, sql`, `)}) v where ${when}
    returning id, team_id, type, dispatched_at`;
  const teams = staleTeamsOf(events);
  const live = [
    ...new Map(
      events
        .map(liveEventOf)
        .filter((item) => item !== null)
        .map((item) => [`${item.team}:${item.event.type}:${item.event.id}`, item]),
    ).values(),
  ].slice(0, WAKE_IDS_MAX);
  // A NOTIFY inside the transaction is delivered at commit and dropped on rollback: on PostgreSQL to every app
  // process, on PGlite to this one. It is sent by the statement that inserts the events: a round trip less in every
  // write. The payload is finished in SQL, which knows the new ids and which of them wait for their dispatch; it
  // begins as outboxWake recognises it.
  const known = JSON.stringify({ outbox: 'wake', teams, live }).slice(0, -1);
  const payload = sql`${bind('wake', known)}::text || ',"ids":' || (select case
    when count(*) filter (where dispatched_at is null) <= ${WAKE_IDS_MAX}
      then coalesce(json_agg(id order by id) filter (where dispatched_at is null), '[]'::json)
    else 'null'::json end from inserted)::text || '}'`;
  return {
    insert,
    shape,
    notify: sql`pg_notify(${EVENTS_CHANNEL}, ${payload})`,
    record: (inserted: { id: number | string; team_id: number | null; type: EmittedEvent['type'] }[]) =>
      context?.emitted.push(
        ...inserted.map((row) => ({ id: Number(row.id), teamId: row.team_id, type: row.type })),
      ),
  };
}

/**
 * Writes events to the outbox; `db` must be the transaction of the change they describe. In a request, an event no
 * consumer needs in the dispatch's transaction (most: a team without webhooks) is written dispatched already: its
 * dispatch would do nothing but mark it, and under load that was a statement and a commit more for every write
 * (decision 027). An event that changes who an actor is always waits for the dispatcher, whose effects include every
 * process's actor cache.
 */
export async function emitEvents(db: Db, ...events: DomainEventInput[]): Promise<void> {
  if (events.length === 0) return;
  const { insert, notify, record } = outboxParts(events);
  // The NOTIFY is a subquery in FROM: a CTE nobody reads would not run.
  record(
    await queryRows(
      db,
      sql`with inserted as (${insert}) select inserted.id, inserted.team_id, inserted.type
          from inserted, (select ${notify}) woken`,
    ),
  );
}

/** The columns a row's write returns (its `returning`), in order: what writeWithEvents maps its answer by. */
export interface ReturnedColumns<T> {
  fields: SelectedFieldsOrdered;
  /** Brand only: the row they make. */
  readonly row?: T;
}

/** `columns` (a flat selection, SQL aliased) as writeWithEvents maps them; made once, where the selection is. */
export function returnedColumns<T>(columns: Record<string, PgColumn | SQL.Aliased>): ReturnedColumns<T> {
  return { fields: Object.entries(columns).map(([key, field]) => ({ path: [key], field })) };
}

/**
 * A row's write described by its shape, so that writeWithEvents builds its statement once per shape: `kind` names
 * the statement (with anything of its text that `values` does not), `values` are its parameters (those undefined
 * are left out, as Drizzle leaves them out of an insert), and `build` makes it from placeholders named after them.
 */
export interface ShapedWrite<V extends Record<string, unknown> = Record<string, unknown>> {
  kind: string;
  values: V;
  /** (Typed as if every key had a placeholder: those whose value is undefined have none.) */
  build: (placeholders: { [K in keyof V]: Placeholder }) => SQLWrapper;
}

/** A statement built with placeholders: its text, and its parameters (values, or placeholders to fill). */
interface BuiltWrite {
  sql: string;
  params: unknown[];
}

/** Statements of shaped writes by their key; few shapes are expected, and past the bound new ones are not kept. */
const builtWrites = new Map<string, BuiltWrite>();
const BUILT_WRITES_MAX = 200;

/** The parameters of `built` with `values` in its placeholders, encoded as Drizzle encodes its values. */
function fill(built: BuiltWrite, values: Record<string, unknown>): unknown[] {
  return built.params.map((param) => {
    if (is(param, Placeholder)) return values[param.name];
    if (!is(param, Param) || !is(param.value, Placeholder)) return param;
    const value = values[param.value.name];
    // Drizzle sends null as it is; its encoders would write JSON's null, or fail on a date.
    return value === null ? null : param.encoder.mapToDriverValue(value);
  });
}

/**
 * Runs a row's insert or update, which returns `columns`, and writes the events of that change in the same statement,
 * only if it wrote a row: one statement where the write and `emitEvents` took two, and so, where the row is all the
 * change writes, no transaction (decision 027). Returns the row as written, or null when the write matched none
 * (nothing was emitted then).
 *
 * The statement is built once per shape of the write and of its events, and then only filled: Drizzle building the
 * text of some hundred columns and values was a sixth of a write's CPU in the app (docs/performance.md, tenth
 * round). It runs as a named statement, which PostgreSQL plans once per connection: planning it on every write cost
 * the server a quarter of a millisecond, a fifth of running it.
 */
export async function writeWithEvents<T, V extends Record<string, unknown>>(
  db: Db,
  write: ShapedWrite<V>,
  columns: ReturnedColumns<T>,
  events: DomainEventInput[],
): Promise<T | null> {
  const given = Object.keys(write.values).filter((key) => write.values[key] !== undefined);
  if (given.some((key) => is(write.values[key], SQL))) throw new Error(`${write.kind}: values only, not SQL`);
  const values: Record<string, unknown> = {};
  const bind: Bind = (name, value) => {
    values[`outbox.${name}`] = value;
    return sql`${sql.placeholder(`outbox.${name}`)}`;
  };
  const { insert, notify, record, shape } = outboxParts(events, sql`exists (select from written)`, bind);
  const key = `${write.kind}|${given.join(',')}|${shape}`;
  const { dialect, session } = db as unknown as { session: PgSession; dialect: PgDialect };
  let built = builtWrites.get(key);
  if (!built) {
    const placeholders = Object.fromEntries(given.map((name) => [name, sql.placeholder(name)])) as {
      [K in keyof V]: Placeholder;
    };
    // (A query builder is put in parentheses where it is used in sql: `written` has them.)
    // The row's columns in the order of its RETURNING, then the events inserted; the target list runs once for the
    // one row written, and not at all when none was. Built as text rather than as a Drizzle select of the CTE: that
    // selection of some fifty columns cost a write a millisecond of the app's CPU (docs/performance.md).
    const query = sql`with written as ${write.build(placeholders)}, inserted as (${insert})
      select written.*,
        (select coalesce(json_agg(json_build_object('id', id, 'team_id', team_id, 'type', type)), '[]'::json)
          from inserted),
        (select ${notify})
      from written`;
    built = dialect.sqlToQuery(query);
    if (builtWrites.size < BUILT_WRITES_MAX) builtWrites.set(key, built);
  }
  const fields: SelectedFieldsOrdered = [
    ...columns.fields,
    { path: ['events'], field: sql`` },
    { path: ['woken'], field: sql`` },
  ];
  const filled = { sql: built.sql, params: fill(built, { ...write.values, ...values }) };
  const rows = (await session
    .prepareQuery(filled, fields, statementName(built.sql), true)
    .execute()) as (T & {
    events: { id: number; team_id: number | null; type: EmittedEvent['type'] }[];
  })[];
  const [row] = rows;
  if (!row) return null;
  const { events: inserted, woken: _woken, ...written } = row as typeof row & { woken: unknown };
  record(inserted);
  return written as T;
}

/** Who an event names as its actor. */
export const eventActor = (actor: { userId: number; name: string; email: string }) => ({
  id: actor.userId,
  name: actor.name || actor.email,
});

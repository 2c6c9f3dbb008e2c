// The reads that every write and most list views make, as prepared statements. Planning the summary select (every
// column, two joins, three correlated subqueries) cost PostgreSQL more than running it (0.72 ms of 1.2 ms, measured
// with log_min_duration_statement), and Drizzle building it again cost the app about as much. Built once per
// database handle here, prepared by node-postgres once per connection, and planned generically after a few runs.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oops, teams, users } from '../../db/schema';
import { summaryColumns } from './mapper';

/**
 * The position of a row in the newest-first order, as the keyset cursor carries it: created_at as stored, to the
 * microsecond (a JavaScript Date keeps milliseconds only, and a cursor rounded to them would skip or repeat rows
 * created within the same millisecond).
 */
export const cursorAt = sql<string>`to_char(${oops.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Incidents as lists and the detail page show them; `extra` adds columns to the same select. */
export function selectSummaries<E extends Record<string, SQL>>(
  db: Db,
  extra: E = {} as E,
  today?: Parameters<typeof summaryColumns>[0],
) {
  return db
    .select({ ...summaryColumns(today), ...extra })
    .from(oops)
    .innerJoin(teams, eq(teams.id, oops.teamId))
    .leftJoin(users, eq(users.id, oops.createdById));
}

const today = sql.placeholder('today');
const team = sql.placeholder('team');

const statements = {
  /** One incident of a team: `{ id, team, today }`. */
  detail: (db: Db) =>
    selectSummaries(db, {}, today)
      .where(and(eq(oops.id, sql.placeholder('id')), eq(oops.teamId, team)))
      .limit(1)
      .prepare('oops_detail'),
  /** A page of a team's incidents without a filter, newest first: `{ team, today, limit, offset }`. */
  page: (db: Db) =>
    selectSummaries(db, { cursorAt }, today)
      .where(eq(oops.teamId, team))
      .orderBy(desc(oops.createdAt), desc(oops.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('oops_page'),
};
type Prepared = { [K in keyof typeof statements]: ReturnType<(typeof statements)[K]> };

const byDb = new WeakMap<Db, Partial<Prepared>>();

/**
 * The prepared reads of `db`: the request pool's are built once; a transaction's (a write reads its answer on its
 * own connection) are built when first asked for, and its connection prepares them once too.
 */
export function preparedReads(db: Db): Prepared {
  let built = byDb.get(db);
  if (!built) byDb.set(db, (built = {}));
  const cache = built;
  return {
    get detail() {
      return (cache.detail ??= statements.detail(db));
    },
    get page() {
      return (cache.page ??= statements.page(db));
    },
  };
}

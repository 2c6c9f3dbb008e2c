// The reads that every write and most list views make, as prepared statements. Planning the summary select (every
// column, two joins, three correlated subqueries) cost PostgreSQL more than running it (0.72 ms of 1.2 ms, measured
// with log_min_duration_statement), and Drizzle building it again cost the app about as much. Built once per
// connection here, prepared by node-postgres once per connection, and planned generically after a few runs.
import {
  and,
  count,
  desc,
  eq,
  getTableName,
  sql,
  Subquery,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Note } from '../../../common/contracts/oops';
import { oops, oopsNotes, teams, users } from '../../db/schema';
import { summaryColumns } from './mapper';
import { matchCondition, tsQuery } from '../../lib/full-text';

/**
 * The position of a row in the newest-first order, as the keyset cursor carries it: created_at as stored, to the
 * microsecond (a JavaScript Date keeps milliseconds only, and a cursor rounded to them would skip or repeat rows
 * created within the same millisecond).
 */
export const cursorAt = sql<string>`to_char(${oops.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A small team's rows, newest first, as the table to select from: read through the team's own index and then filtered,
 * never through the trigram indexes. A trigram plan reads the whole posting list of each of the term's trigrams,
 * every team's matches included: for a word in a fifth of all titles, ~550 buffers and 4 ms a search page under the
 * many-teams load, where a page of the team's 250 rows reads ~110 buffers in under a millisecond (EXPLAIN ANALYZE).
 * `offset 0` keeps the planner from pushing the search into it; its order lets a page stop once it has its rows.
 * Aliased as the table, so the summary's columns and correlated subqueries refer to it unchanged. Decision 017.
 */
export const teamRowsNewestFirst = (team: number | Placeholder): typeof oops =>
  // A Drizzle subquery aliased "oops" (Drizzle's query builder leaves out `offset 0`, and refuses columns of a table
  // that a plain SQL source does not name).
  new Subquery(
    sql`select * from ${oops} where ${oops.teamId} = ${team} order by ${oops.createdAt} desc, ${oops.id} desc offset 0`,
    {},
    getTableName(oops),
  ) as unknown as typeof oops;

/**
 * Incidents as lists and the detail page show them; `extra` adds columns to the same select, `from` reads them from
 * a subquery aliased as the table (teamRowsNewestFirst) rather than the table itself.
 */
export function selectSummaries<E extends Record<string, SQL>>(
  db: Db,
  extra: E = {} as E,
  today?: Parameters<typeof summaryColumns>[0],
  from: typeof oops = oops,
) {
  return db
    .select({ ...summaryColumns(today), ...extra })
    .from(from)
    .innerJoin(teams, eq(teams.id, oops.teamId))
    .leftJoin(users, eq(users.id, oops.createdById));
}

/**
 * The search condition of a prepared statement: `pattern` (containsPattern) in the title or the description, or the
 * full-text `query` (to_tsquery text), both placeholders (server/lib/full-text.ts, decision 040). The tsquery is
 * built in a subquery, so it is parsed once per run rather than once per row.
 */
const preparedSearch = (pattern: SQLWrapper) =>
  matchCondition(pattern, sql`(select ${tsQuery(sql`${sql.placeholder('query')}::text`)})`);

const today = sql.placeholder('today');
const team = sql.placeholder('team');

/**
 * An incident's notes, oldest first, as the API words them (added_at as toISOString writes it): read with the
 * incident rather than in a second round trip.
 */
const notesColumn = sql<Note[]>`(select coalesce(json_agg(json_build_object('id', n.id, 'note', n.note,
  'added_by', n.added_by, 'added_at', to_char(n.added_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  order by n.added_at, n.id), '[]'::json) from ${oopsNotes} n where n.oops_id = ${oops.id})`;

/**
 * The row's version as an edit reads it (its xmin: every write of the row makes a new one), so that the edit can
 * write only that version (service.ts, writeOopsChanges).
 */
const versionColumn = sql<string>`"oops"."xmin"::text`;

/**
 * A parameter read through a subquery, which the planner cannot see into: a custom plan values it as the generic plan
 * does, so PostgreSQL keeps the generic plan of the prepared statement instead of planning it again on every run (it
 * judged a generic plan with a LIMIT or an ILIKE pattern it could not see dearer than a custom one, and kept
 * planning a small team's search page: 0.9 ms of planning for 0.5 ms of running, pg_stat_statements under
 * `npm run bench:load`). Only where the plan cannot depend on the value: a small team's search reads all its rows.
 */
const opaque = (name: string, type: 'int' | 'text') =>
  sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;

const statements = {
  /** One incident of a team, with its notes and its version: `{ id, team, today }`. */
  detail: (db: Db) =>
    selectSummaries(db, { notes: notesColumn, version: versionColumn }, today)
      .where(and(eq(oops.id, sql.placeholder('id')), eq(oops.teamId, team)))
      .limit(1)
      .prepare('oops_detail'),
  /**
   * The same, its incident row locked for an edit (`FOR UPDATE OF oops`): an edit reads what its answer needs
   * besides the row it writes once, before writing.
   */
  detailForUpdate: (db: Db) =>
    selectSummaries(db, { notes: notesColumn, version: versionColumn }, today)
      .where(and(eq(oops.id, sql.placeholder('id')), eq(oops.teamId, team)))
      .limit(1)
      .for('update', { of: oops })
      .prepare('oops_detail_for_update'),
  /** A page of a team's incidents without a filter, newest first: `{ team, today, limit, offset }`. */
  page: (db: Db) =>
    selectSummaries(db, { cursorAt }, today)
      .where(eq(oops.teamId, team))
      .orderBy(desc(oops.createdAt), desc(oops.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('oops_page'),
  /**
   * A page of a small team's incidents matching a search, newest first: `{ team, today, pattern, query, limit,
   * offset }`.
   * Only for teams whose every row is cheap to read (list.ts): its generic plan cannot weigh a term's selectivity,
   * which decides a large team's plan (decision 017).
   */
  searchPage: (db: Db) =>
    selectSummaries(db, { cursorAt }, today, teamRowsNewestFirst(team))
      .where(preparedSearch(opaque('pattern', 'text')))
      .orderBy(desc(oops.createdAt), desc(oops.id))
      // (Drizzle types a limit as a number or a placeholder, and writes whatever object it gets as SQL.)
      .limit(opaque('limit', 'int') as unknown as Placeholder)
      .offset(opaque('offset', 'int') as unknown as Placeholder)
      .prepare('oops_search_page'),
  /**
   * How many of a small team's incidents match a search: `{ team, pattern, query }`. Exact: such a team has fewer incidents
   * than the count's cap. Prepared, as the page is: planning it was a third of what each search's count cost
   * PostgreSQL (decision 017); PostgreSQL keeps its generic plan by itself.
   */
  searchCount: (db: Db) =>
    db
      .select({ n: count() })
      .from(teamRowsNewestFirst(team))
      .where(preparedSearch(sql.placeholder('pattern')))
      .prepare('oops_search_count'),
};
type Prepared = { [K in keyof typeof statements]: ReturnType<(typeof statements)[K]> };

const byConnection = new WeakMap<object, Partial<Prepared>>();

/**
 * What a handle's statements run on: the pool, or the connection of a transaction. A write reads its answer in its
 * own transaction, and a pooled connection serves one transaction after another, so what is built for it serves
 * them all: building the detail select for every write cost half a millisecond of the app's CPU. (PGlite's
 * transactions have a client object of their own each; they build once per transaction, as before.)
 */
function connectionOf(db: Db): object {
  return (db as unknown as { _: { session: { client?: object } } })._.session.client ?? db;
}

/** The prepared reads of `db`, built when first asked for on its connection. */
export function preparedReads(db: Db): Prepared {
  const connection = connectionOf(db);
  let built = byConnection.get(connection);
  if (!built) byConnection.set(connection, (built = {}));
  const cache = built;
  return {
    get detail() {
      return (cache.detail ??= statements.detail(db));
    },
    get detailForUpdate() {
      return (cache.detailForUpdate ??= statements.detailForUpdate(db));
    },
    get page() {
      return (cache.page ??= statements.page(db));
    },
    get searchPage() {
      return (cache.searchPage ??= statements.searchPage(db));
    },
    get searchCount() {
      return (cache.searchCount ??= statements.searchCount(db));
    },
  };
}

// db.execute() answers { rows } on both drivers (PGlite and node-postgres); this reads them typed.
//
// Several reads in one statement: each round trip costs the app a few hundred microseconds of CPU and a pool
// connection, whatever the SQL (docs/performance.md, "the floor under every statement"), so a statistic made of
// many small reads runs them as the columns of one select (`runReads`), each a subquery answering JSON.
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  // The driver's result type is generic over both drivers, so it is read as unknown and then as { rows }.
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * One read of a batch: a subquery answering a single value. Its rows travel as JSON, so dates arrive as ISO text
 * (read them with `new Date`), numbers as numbers (a numeric too: cast sums to int or float8, as for queryRows).
 */
export interface Read<T> {
  sql: SQL;
  /** Brand only: the type of what the read answers. */
  readonly answer?: T;
}

/** Every row of `query`, in its order. */
export const rowsRead = <T>(query: SQL): Read<T[]> => ({
  sql: sql`(select coalesce(json_agg(r), '[]'::json) from (${query}) r)`,
});

/** The first row of `query`, or null when it has none. */
export const rowRead = <T>(query: SQL): Read<T | null> => ({
  sql: sql`(select row_to_json(r) from (${query}) r limit 1)`,
});

type Answers<R extends Record<string, Read<unknown>>> = {
  [K in keyof R]: R[K] extends Read<infer T> ? T : never;
};

/**
 * Statement names by SQL text: a name stands for one text on every connection (node-postgres requires it). At most
 * STATEMENT_NAMES_MAX texts get one: every connection that runs a named text keeps its statement (parse tree and
 * plan) until it closes, so a caller whose texts came from more shapes than expected (an edit of a rare set of
 * fields) would otherwise fill the server's memory. Texts past the cap run unnamed, planned on every run.
 */
const statementNames = new Map<string, string>();
const STATEMENT_NAMES_MAX = 100;

/** The name of `text`'s statement, or undefined once the cap is reached by other texts. */
export function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < STATEMENT_NAMES_MAX) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * The rows of `query` as a named prepared statement on PostgreSQL (PGlite runs it as it is), for a large statement
 * run often whose planning costs the server more than running it: the dashboard statistics planned in ~2 ms and ran
 * in under 1 ms (decision 027). Its text must come from a few shapes, with every varying value
 * a parameter (`statementName`).
 */
export async function queryRowsPrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
  const built = dialect.sqlToQuery(query);
  const result: unknown = await session
    .prepareQuery(built, undefined, statementName(built.sql), false)
    .execute();
  return (result as { rows: T[] }).rows;
}

/**
 * Runs the reads in one statement, on one connection: one round trip instead of one each; `prepared` makes it a
 * prepared statement (`queryRowsPrepared`).
 */
export async function runReads<R extends Record<string, Read<unknown>>>(
  db: Db,
  reads: R,
  { prepared = false } = {},
): Promise<Answers<R>> {
  const keys = Object.keys(reads);
  const columns = keys.map((key) => sql`${reads[key]!.sql} as ${sql.identifier(key)}`);
  const statement = sql`select ${sql.join(columns, sql`, `)}`;
  const [row] = await (prepared ? queryRowsPrepared : queryRows)<Answers<R>>(db, statement);
  return row!;
}

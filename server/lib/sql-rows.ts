// db.execute() answers { rows } on both drivers (PGlite and node-postgres); this reads them typed.
//
// Several reads in one statement: each round trip costs the app a few hundred microseconds of CPU and a pool
// connection, whatever the SQL (docs/performance.md, "the floor under every statement"), so a statistic made of
// many small reads runs them as the columns of one select (`runReads`), each a subquery answering JSON.
import { sql, type SQL } from 'drizzle-orm';
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

/** Runs the reads in one statement, on one connection: one round trip instead of one each. */
export async function runReads<R extends Record<string, Read<unknown>>>(
  db: Db,
  reads: R,
): Promise<Answers<R>> {
  const keys = Object.keys(reads);
  const columns = keys.map((key) => sql`${reads[key]!.sql} as ${sql.identifier(key)}`);
  const [row] = await queryRows<Answers<R>>(db, sql`select ${sql.join(columns, sql`, `)}`);
  return row!;
}

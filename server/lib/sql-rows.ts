// db.execute() answers { rows } on both drivers (PGlite and node-postgres); this reads them typed.
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

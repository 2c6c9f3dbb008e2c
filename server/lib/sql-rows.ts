// db.execute() answers { rows } on both drivers (PGlite and node-postgres); this reads them typed.
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  // The driver's result type is generic over both drivers, so it is read as unknown and then as { rows }.
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

// onOneConnection: the statements of a plain write run on one pooled connection, so the write waits for the pool
// once; other requests meanwhile get other connections.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, databaseKind } from '../test/app';
import { queryRows } from '../lib/sql-rows';
import { onOneConnection, type Db } from './client';

const backend = async (db: Db) =>
  (await queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`))[0]!.pid;

describe(`onOneConnection (${databaseKind()})`, () => {
  it('runs every statement of the work on the connection it holds, while others use the rest of the pool', async () => {
    const app = await createTestApp();
    const { held, during, others } = await onOneConnection(app.db, async (db) => {
      const held = await backend(db);
      // Requests through the pool, started first, would take the connection just released if it were not held.
      const others = Promise.all([backend(app.db), backend(app.db), backend(app.db)]);
      const during = await backend(db);
      return { held, during, others: await others };
    });
    expect(during).toBe(held);
    if (databaseKind() === 'postgres') expect(others).not.toContain(held);
    // Released afterwards: the pool still serves.
    expect(await backend(app.db)).toEqual(expect.any(Number));
  });
});

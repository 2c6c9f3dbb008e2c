// The cross-process notifications of server/db/client.ts. On PostgreSQL the listening connection is terminated by
// the server, as a restart or a network cut would: it listens again, notifications reach subscribers again, and
// the gap is reported (the caches built on notifications make every answer stale). On PGlite notifications are
// calls within the process: there is no connection to lose, and no gap is ever reported.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { databaseKind } from '../test/app';
import { queryRows } from '../lib/sql-rows';
import { openDatabase, type Database } from './client';

const postgres = databaseKind() === 'postgres';
// A name of its own, so that the test ends this database's listener and no other test's.
const name = `oopsboard test ${randomUUID().slice(0, 8)}`;
let database: Database;
const received: string[] = [];
let gaps = 0;

beforeAll(async () => {
  database = postgres
    ? await openDatabase({ databaseUrl: inject('postgresUrl'), dataDir: ':memory:', applicationName: name })
    : await openDatabase({
        dataDir: ':memory:',
        pgliteTemplate: new Blob([fs.readFileSync(inject('pgliteTemplatePath'))]),
      });
  database.subscribe((payload) => received.push(payload));
  database.subscribeGaps(() => (gaps += 1));
});
afterAll(() => database.close());

const until = (check: () => boolean) =>
  vi.waitFor(() => expect(check()).toBe(true), { timeout: 10_000, interval: 20 });

describe('notifications across a lost listener', () => {
  it(`reach subscribers before and after the loss, which is reported as a gap (${postgres ? 'terminated backend' : 'PGlite: nothing to lose'})`, async () => {
    await database.publish('before');
    await until(() => received.includes('before'));
    expect(gaps).toBe(0);

    if (postgres) {
      const [ended] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
            where application_name = ${`${name} listener`}`,
      );
      expect(ended?.n).toBe(1);
      // Back within the retry's second: one gap, and the same listener hears again.
      await until(() => gaps === 1);
    }

    await database.publish('after');
    await until(() => received.includes('after'));
    expect(gaps).toBe(postgres ? 1 : 0);
    expect(received.filter((p) => p === 'before' || p === 'after')).toEqual(['before', 'after']);
  });
});

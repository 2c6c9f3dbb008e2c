// The data tools on both databases (decision 034): backup → restore into an empty database keeps every row,
// derived column and sequence, and the stored secrets as sealed; restore and copy-to-postgres refuse a target that
// holds data and change nothing there. copy-to-postgres (embedded → PostgreSQL) runs in the PostgreSQL run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { runCommand } from '../cli';
import { openDatabase, type Database } from '../db/client';
import MIGRATIONS from '../db/migrations/meta/_journal.json';
import { queryRows } from '../lib/sql-rows';
import { createTestApp, databaseKind, testConfig } from '../test/app';
import { signUp } from '../test/factories';
import { logOops } from '../test/oops-factory';
import { freshPostgresDatabase } from '../test/postgres-database';
import type { FastifyInstance } from 'fastify';

const dirs: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oopsboard-admin-'));
  dirs.push(dir);
  return dir;
};

async function run(database: Database, ...args: string[]): Promise<string> {
  const lines: string[] = [];
  await runCommand(database, args, (line) => lines.push(line));
  return lines.join('\n');
}

/** A team with incidents and a webhook (its secret sealed) through the API; answers the team's id. */
async function seed(app: FastifyInstance): Promise<number> {
  const owner = await signUp(app);
  for (const title of ['Backup first', 'Backup second', 'Backup third']) await logOops(app, owner, { title });
  const hook = await app.inject({
    method: 'POST',
    url: '/api/team/current/webhooks',
    headers: owner.auth,
    payload: { url: 'http://127.0.0.1:9/hook', events: ['*'], kind: 'generic' },
  });
  expect(hook.statusCode).toBe(201);
  return owner.user.team!.id;
}

/** The team's incidents and webhooks as the database holds them (every column, as JSON). */
const teamRows = (db: Database, teamId: number) =>
  queryRows<{ row: unknown }>(
    db.db,
    sql`select to_jsonb(o) - 'search_vector' as row from oops o where team_id = ${teamId}
        union all select to_jsonb(w) from webhook_endpoints w where team_id = ${teamId} order by 1`,
  );

/** An embedded database in memory, migrated (from the suite's template when there is one). */
async function embedded(): Promise<Database> {
  const templatePath = inject('pgliteTemplatePath');
  const database = await openDatabase({
    dataDir: ':memory:',
    ...(templatePath && { pgliteTemplate: new Blob([fs.readFileSync(templatePath)]) }),
  });
  cleanups.push(() => database.close());
  return database;
}

/** A new, empty database of `kind` (migrated), dropped after the file's tests. */
async function emptyDatabase(kind: 'pglite' | 'postgres'): Promise<{ database: Database; url?: string }> {
  if (kind === 'pglite') return { database: await embedded() };
  const { url, drop } = await freshPostgresDatabase('oopsboard_admin');
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  cleanups.push(async () => {
    await database.close();
    await drop();
  });
  return { database, url };
}

/**
 * A seeded embedded database whose app has stopped, as the CLI finds it (a running app holds DATA_DIR's lock).
 */
async function seededEmbedded(): Promise<{ database: Database; teamId: number }> {
  const database = await embedded();
  // The app's close stops its background work; the database stays open for the command.
  const app = await buildApp({
    config: testConfig(),
    database: { ...database, close: async () => {} },
    logger: false,
    distDir: '/nonexistent',
  });
  await app.ready();
  const teamId = await seed(app);
  await app.close();
  return { database, teamId };
}

describe(`backup and restore (${databaseKind()})`, () => {
  it('restores every row of a backup into an empty database, sealed secrets and sequences included', async () => {
    // On PostgreSQL the backup reads the suite's database while other test files write to it.
    const source =
      databaseKind() === 'postgres'
        ? await (async () => {
            const app = await createTestApp();
            return { database: app.database, teamId: await seed(app) };
          })()
        : await seededEmbedded();
    const file = path.join(tempDir(), 'oopsboard.backup.gz');
    expect(await run(source.database, 'backup', file)).toMatch(/^Backed up \d+ rows in \d+ tables to /);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const { database: target } = await emptyDatabase(databaseKind());
    expect(await run(target, 'restore', file)).toMatch(/^Restored \d+ rows in \d+ tables from /);
    const restored = await teamRows(target, source.teamId);
    expect(restored).toHaveLength(4);
    expect(restored).toEqual(await teamRows(source.database, source.teamId));
    // Search vectors are generated again; sequences continue after the restored ids.
    const [search] = await queryRows<{ n: number }>(
      target.db,
      sql`select count(*)::int as n from oops where team_id = ${source.teamId} and search_vector @@ plainto_tsquery('simple', 'backup')`,
    );
    expect(search!.n).toBe(3);
    const [ids] = await queryRows<{ next: number; max: number }>(
      target.db,
      sql`select nextval(pg_get_serial_sequence('oops', 'id'))::int as next, (select max(id)::int from oops) as max`,
    );
    expect(ids!.next).toBeGreaterThan(ids!.max);
    expect(await run(target, 'check-stats')).toBe('Statistics rollups match the raw rows for every team.');

    // A second restore meets data and leaves it as it is.
    await expect(run(target, 'restore', file)).rejects.toThrow(
      /^This database is not empty \(rows in .+\)\. Use a new, empty database: nothing was changed\.$/,
    );
    expect(await teamRows(target, source.teamId)).toEqual(restored);
  }, 120_000);

  it('refuses a file that is not a whole backup', async () => {
    const { database } = await emptyDatabase(databaseKind());
    const file = path.join(tempDir(), 'not-a-backup.gz');
    fs.writeFileSync(file, 'plain text');
    await expect(run(database, 'restore', file)).rejects.toThrow(/cannot be read as an OopsBoard backup/);
    await expect(run(database, 'restore', path.join(tempDir(), 'missing.gz'))).rejects.toThrow(/^No file /);
  }, 120_000);
});

if (databaseKind() === 'postgres') {
  describe('processes starting together', () => {
    it('apply each migration once on a new database', async () => {
      const { url } = await emptyDatabase('postgres');
      // Two more "processes" (each its own connections) start together on the database just migrated once, and
      // two on a fresh one: the advisory lock lets one migrate while the other waits, then finds nothing to do.
      const fresh = await emptyDatabase('postgres').then(async ({ database, url: freshUrl }) => {
        // Left migrated by emptyDatabase: start from an empty schema to see the race from the first migration.
        await database.db.execute(
          sql`drop schema drizzle cascade; drop schema public cascade; create schema public`,
        );
        return freshUrl!;
      });
      for (const target of [url!, fresh]) {
        const both = await Promise.all([
          openDatabase({ databaseUrl: target, dataDir: '' }),
          openDatabase({ databaseUrl: target, dataDir: '' }),
        ]);
        const [row] = await queryRows<{ n: number; distinct: number }>(
          both[0].db,
          sql`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
        );
        expect(row).toEqual({ n: MIGRATIONS.entries.length, distinct: MIGRATIONS.entries.length });
        for (const database of both) await database.close();
      }
    }, 120_000);
  });

  describe('copy-to-postgres', () => {
    it('copies the embedded database into an empty PostgreSQL database, then refuses to copy over it', async () => {
      const source = await seededEmbedded();
      const { url, database: target } = await emptyDatabase('postgres');
      const output = await run(source.database, 'copy-to-postgres', url!);
      expect(output).toMatch(/^Copied \d+ rows in \d+ tables; every table's row count matches\.\n/);
      expect(output).toContain('Statistics rollups match the raw rows.');
      expect(await teamRows(target, source.teamId)).toEqual(await teamRows(source.database, source.teamId));

      await expect(run(source.database, 'copy-to-postgres', url!)).rejects.toThrow(
        /^The target database is not empty \(rows in .+\)\. Use a new, empty database: nothing was changed\.$/,
      );
    }, 120_000);
  });
}

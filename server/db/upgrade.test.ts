// Upgrading an installation (decision 039): a database made by the previous release (the migrations up to
// PREVIOUS_RELEASE, rows written by that era's SQL, its own trigger functions keeping the rollups) is opened by the
// current server process, which migrates it forward; every row is there, the statistics match the raw rows, the
// old account signs in and writes. On PostgreSQL two processes start at once on the old database and each new
// migration runs once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { checkStats } from '../lib/stats-check';
import { hashPassword } from '../lib/passwords';
import { databaseKind } from '../test/app';
import { GOOD_PASSWORD, unique } from '../test/factories';
import { useInstallations } from '../test/installation';
import { freshPostgresDatabase } from '../test/postgres-database';
import { freePort, post, type ServerProcess } from '../test/server-process';
import { openDatabase, type Db } from './client';
import JOURNAL from './migrations/meta/_journal.json';
import { previousReleaseMigrations, previousReleaseRows, PREVIOUS_RELEASE } from './upgrade-fixture';

const { newDataDir, start } = useInstallations();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const TEAM_A_OOPS =
  "select id, slug from oops where team_id = (select id from teams where name = 'Upgrade A') order by id";
const ROWS_QUERY = `select 'oops' as t, id, title || '|' || status || '|' || severity || '|' || kind as v from oops
  union all select 'note', id, note from oops_notes union all select 'action', id, title || '|' || status from oops_actions
  union all select 'user', id, email from users order by 1, 2`;

interface OldDatabase {
  env: Record<string, string>;
  rows: unknown[];
  email: string;
  oopsIds: number[];
  /** The id of each old incident of team A by its slug. */
  idOf: Record<string, number>;
}

/** Runs the previous release's migrations on a client, then its rows; answers what the old database holds. */
async function makeOldRelease(
  migrate: (folder: string) => Promise<void>,
  exec: (script: string) => Promise<void>,
  rows: () => Promise<unknown[]>,
  stats: () => Promise<unknown[]>,
) {
  const folder = previousReleaseMigrations(
    migrationsFolder,
    fs.mkdtempSync(path.join(os.tmpdir(), 'oopsboard-prev-')),
  );
  try {
    await migrate(folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  const email = `${unique()}@example.com`;
  await exec(previousReleaseRows(email, await hashPassword(GOOD_PASSWORD)));
  // The old release's own trigger functions kept its rollups in step with the rows.
  expect(await stats()).toEqual([]);
  return { email, rows: await rows() };
}

const idsOf = (rows: { id: number; slug: string }[]) => ({
  oopsIds: rows.map((r) => r.id),
  idOf: Object.fromEntries(rows.map((r) => [r.slug, r.id])),
});

async function oldPglite(): Promise<OldDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const dir = newDataDir();
  const client = new PGlite(path.join(dir, 'pgdata'), { extensions: { pg_trgm, btree_gin } });
  const db = drizzle(client);
  const made = await makeOldRelease(
    (folder) => migrate(db, { migrationsFolder: folder }),
    async (script) => void (await client.exec(script)),
    async () => (await client.query(ROWS_QUERY)).rows,
    () => checkStats(db as unknown as Db),
  );
  const teamA = (await client.query<{ id: number; slug: string }>(TEAM_A_OOPS)).rows;
  await client.query('CHECKPOINT');
  await client.close();
  return { ...made, ...idsOf(teamA), env: { DATA_DIR: dir } };
}

async function oldPostgres(): Promise<OldDatabase> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const database = await freshPostgresDatabase('oopsboard_upgrade');
  cleanups.push(database.drop);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const db = drizzle(client);
    const made = await makeOldRelease(
      (folder) => migrate(db, { migrationsFolder: folder }),
      async (script) => void (await client.query(script)),
      async () => (await client.query(ROWS_QUERY)).rows,
      () => checkStats(db as unknown as Db),
    );
    const teamA = (await client.query<{ id: number; slug: string }>(TEAM_A_OOPS)).rows;
    return { ...made, ...idsOf(teamA), env: { DATABASE_URL: database.url } };
  } finally {
    await client.end();
  }
}

describe(`upgrading from the previous release (${databaseKind()})`, () => {
  it('migrates forward once at start; rows, statistics and accounts survive', async () => {
    const old = databaseKind() === 'postgres' ? await oldPostgres() : await oldPglite();
    expect(old.oopsIds.length).toBeGreaterThan(5);

    // PostgreSQL: two replicas of the new release start together; PGlite: the one process its directory allows.
    const replicas = databaseKind() === 'postgres' ? 2 : 1;
    const servers: ServerProcess[] = await Promise.all(
      Array.from({ length: replicas }, async () => start(old.env, await freePort())),
    );
    for (const server of servers) expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    // The old account signs in on every replica, reads each old incident and logs a new one.
    for (const server of servers) {
      const login = await post(server.url, '/api/auth/login', { email: old.email, password: GOOD_PASSWORD });
      expect(login.status).toBe(200);
      const headers = { authorization: `Bearer ${login.json!.token as string}` };
      for (const id of old.oopsIds)
        expect((await fetch(`${server.url}/api/oops/detail/${id}`, { headers })).status).toBe(200);
      // The old lists' linked entries are the link now (decision 044); plain text stays, before it.
      const related = async (slug: string) =>
        (
          (await (await fetch(`${server.url}/api/oops/detail/${old.idOf[slug]}`, { headers })).json()) as {
            related_incidents: string[];
          }
        ).related_incidents;
      expect(await related('old-4')).toEqual(['the 2019 outage', `${old.idOf['old-0']}-old-0`]);
      expect(await related('old-0')).toEqual([`${old.idOf['old-4']}-old-4`]);
      const created = await post(
        server.url,
        '/api/oops',
        { title: 'After the upgrade', severity: 'High', description: 'Logged by the new release.' },
        login.json!.token as string,
      );
      expect(created.status).toBe(201);
    }
    for (const server of servers) server.child.kill('SIGTERM');
    for (const server of servers) expect(await server.exited).toBe(0);

    const database = await openDatabase({
      databaseUrl: old.env.DATABASE_URL,
      dataDir: old.env.DATA_DIR ?? '',
    });
    try {
      const client = (
        database.db as unknown as { $client: { query(text: string): Promise<{ rows: unknown[] }> } }
      ).$client;
      const migrations = (
        await client.query(
          'select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
        )
      ).rows[0];
      expect(migrations).toEqual({ n: JOURNAL.entries.length, distinct: JOURNAL.entries.length });
      expect(JOURNAL.entries.length).toBeGreaterThan(PREVIOUS_RELEASE + 1);
      const rows = (await client.query(ROWS_QUERY)).rows;
      // Every old row as it was; the new incidents come after them.
      expect(rows.filter((r) => !(r as { v: string }).v.startsWith('After the upgrade'))).toEqual(old.rows);
      expect(rows.length).toBe(old.rows.length + replicas);
      expect(await checkStats(database.db)).toEqual([]);
      // One store: the link, once; the column keeps the plain text only.
      expect(
        (
          await client.query(
            `select o.slug, o.related_incidents, (select count(*)::int from oops_links l
               where l.oops_id = o.id or l.other_id = o.id) as links
             from oops o where o.slug in ('old-0', 'old-4') order by o.slug`,
          )
        ).rows,
      ).toEqual([
        { slug: 'old-0', related_incidents: [], links: 1 },
        { slug: 'old-4', related_incidents: ['the 2019 outage'], links: 1 },
      ]);
    } finally {
      await database.close();
    }
  }, 180_000);
});

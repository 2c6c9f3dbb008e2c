// `npm run admin -- backup` while a real server process runs and takes writes (decision 039): on PGlite the running
// process makes the backup (the CLI cannot open its locked DATA_DIR), on PostgreSQL the CLI reads a snapshot beside
// it. Restored into a new database, the backup holds every write acknowledged before it started, and its rollups
// match its raw rows (`check-stats`): one moment of the database, not tables copied at different moments.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { queryRows } from '../lib/sql-rows';
import { databaseKind } from '../test/app';
import { unique } from '../test/factories';
import { signedInOwner, useInstallations } from '../test/installation';
import { freshPostgresDatabase } from '../test/postgres-database';
import { freePort, post } from '../test/server-process';

const { installation, newDataDir, start } = useInstallations();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** `npm run admin -- …` as an operator runs it: a process of its own with the installation's environment. */
async function admin(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, output };
}

describe(`backup while the app runs (${databaseKind()})`, () => {
  it('is one consistent moment that restores, with every earlier write, while writes go on', async () => {
    const env = installation();
    const server = await start(env, await freePort());
    const token = await signedInOwner(server.url);
    const acknowledged: number[] = [];
    // Other test files write to the PostgreSQL run's database too: these incidents are told apart by their titles.
    const tag = unique('online');
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const res = await post(
          server.url,
          '/api/oops',
          {
            title: `${tag} ${w} #${i}`,
            severity: ['Low', 'High'][i % 2],
            description: 'Written during a backup.',
          },
          token,
        );
        expect(res.status).toBe(201);
        acknowledged.push(res.json!.id as number);
      }
    };
    const writers = Array.from({ length: 6 }, (_, w) => writer(w));
    while (acknowledged.length < 30) await new Promise((r) => setTimeout(r, 20));

    const file = path.join(newDataDir(), 'online.backup.gz');
    const before = [...acknowledged];
    const backedUp = await admin(env, 'backup', file);
    const during = acknowledged.length - before.length;
    stop = true;
    await Promise.all(writers);
    expect(backedUp.code, backedUp.output).toBe(0);
    expect(backedUp.output).toMatch(
      databaseKind() === 'pglite'
        ? /^Backed up \d+ rows in \d+ tables to .+ \(from the running app\)\.$/m
        : /^Backed up \d+ rows in \d+ tables to /m,
    );
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // Writes went on while the CLI ran, and the app still serves.
    expect(during).toBeGreaterThan(0);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    // Restored into a new installation: the rollups match the raw rows, every write acknowledged before the backup
    // began is there, and nothing that was never acknowledged.
    const target: Record<string, string> =
      databaseKind() === 'postgres'
        ? await freshPostgresDatabase('oopsboard_online').then((db) => {
            cleanups.push(db.drop);
            return { DATABASE_URL: db.url };
          })
        : { DATA_DIR: newDataDir() };
    const restored = await admin(target, 'restore', file);
    expect(restored.code, restored.output).toBe(0);
    const stats = await admin(target, 'check-stats');
    expect(stats.output.trim()).toBe('Statistics rollups match the raw rows for every team.');
    expect(stats.code).toBe(0);

    const database = await openDatabase({ databaseUrl: target.DATABASE_URL, dataDir: target.DATA_DIR ?? '' });
    try {
      const ids = (
        await queryRows<{ id: number }>(database.db, sql`select id from oops where title like ${`${tag} %`}`)
      ).map((r) => r.id);
      const written = new Set(acknowledged);
      expect(before.filter((id) => !ids.includes(id))).toEqual([]);
      expect(ids.filter((id) => !written.has(id))).toEqual([]);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('says so when the running app does not answer', async () => {
    // A PGlite matter, so it runs on a DATA_DIR even in the PostgreSQL run.
    const env = { DATA_DIR: newDataDir() };
    await start(env, await freePort());
    // As an app of a release before online backups would: the socket is not there.
    fs.rmSync(path.join(env.DATA_DIR, 'admin'), { recursive: true, force: true });
    const file = path.join(newDataDir(), 'never.gz');
    const result = await admin(env, 'backup', file);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/^The app running on DATA_DIR .+ did not answer on .+backup\.sock/m);
    expect(fs.existsSync(file)).toBe(false);
  }, 120_000);
});

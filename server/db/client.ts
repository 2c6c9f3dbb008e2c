// The only place that picks PGlite or PostgreSQL (GUIDE.md §2).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import * as schema from './schema';
import { acquireDirLock, type DirLock } from './dir-lock';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Flushes and closes; safe to call twice. */
  close(): Promise<void>;
  /**
   * Cross-process events: NOTIFY/LISTEN on PostgreSQL (every app process hears every other), an in-process
   * emitter on PGlite (one process only), which also hears NOTIFYs sent from SQL. Payloads are small JSON strings.
   */
  publish(payload: string): Promise<void>;
  subscribe(listener: (payload: string) => void): () => void;
  /** What the job engine (pg-boss, server/lib/jobs.ts) runs its SQL through: the same pool or PGlite instance. */
  jobsDb: { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  /** Connection pool figures for /metrics (PGlite has one in-process connection). */
  poolStats(): { total: number; idle: number; waiting: number };
}

export const EVENTS_CHANNEL = 'oopsboard_events';

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL. */
  databaseUrl?: string;
  /** PGlite data directory; ':memory:' for an in-memory database. */
  dataDir: string;
  /** A PGlite data-dir tarball to start an in-memory database from (tests: skips initdb and migrations). */
  pgliteTemplate?: Blob;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: all app processes take this advisory lock so that only one migrates at a time.
const MIGRATION_LOCK_KEY = 7_140_021;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options);
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
  const db = drizzle(pool, { schema }) as unknown as Db;
  const emitter = new EventEmitter().setMaxListeners(0);
  // One dedicated connection listens; it reconnects if the server drops it.
  let listener: InstanceType<typeof pg.Client> | undefined;
  let closed = false;
  const listen = async (): Promise<void> => {
    if (closed) return;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (msg) => msg.payload && emitter.emit('event', msg.payload));
    client.on('error', () => {
      listener = undefined;
      setTimeout(() => void listen().catch(() => {}), 1000).unref();
    });
    await client.connect();
    await client.query(`listen ${EVENTS_CHANNEL}`);
    listener = client;
  };
  await listen();
  return {
    db,
    kind: 'postgres',
    jobsDb: {
      executeSql: async (text, values) => pool.query(text, values),
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    publish: async (payload) => {
      await pool.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, payload]);
    },
    subscribe: (fn) => {
      emitter.on('event', fn);
      return () => emitter.off('event', fn);
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = options.dataDir === ':memory:';
  let lock: DirLock | undefined;
  if (!inMemory) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    lock = acquireDirLock(options.dataDir);
  }
  let client: InstanceType<typeof PGlite>;
  try {
    client = inMemory
      ? new PGlite(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {})
      : new PGlite(path.join(options.dataDir, 'pgdata'));
    await client.waitReady;
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  const emitter = new EventEmitter().setMaxListeners(0);
  // NOTIFYs sent from SQL (a committed outbox write, server/lib/outbox.ts) reach the same listeners as publish().
  await client.listen(EVENTS_CHANNEL, (payload) => emitter.emit('event', payload));
  let closed = false;
  return {
    db,
    kind: 'pglite',
    jobsDb: {
      // pg-boss sends its schema and maintenance scripts as several statements without parameters: PGlite runs
      // those with exec, and answers the last statement's rows.
      executeSql: async (text, values) =>
        values?.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] }),
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    publish: async (payload) => {
      emitter.emit('event', payload);
    },
    subscribe: (fn) => {
      emitter.on('event', fn);
      return () => emitter.off('event', fn);
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        // PGlite runs with fsync off: a checkpoint before close is what makes the data durable.
        if (!inMemory) await client.query('CHECKPOINT');
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** Dumps a migrated in-memory database so tests can start from it without initdb (~3 s saved per file). */
export async function makePgliteTemplate(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite();
  await migrate(drizzle(client, { schema }), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

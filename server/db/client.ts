// The only place that picks PGlite or PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import * as schema from './schema';
import { acquireDirLock, type DirLock } from './dir-lock';
import { oldestRequestFirst, yieldEveryStatementsSlice } from './pglite-turns';
import { applyRoutines } from './routines';
import { survivingClient, survivingPool } from './pg-connections';

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
   * emitter on PGlite (one process only), which also hears NOTIFYs sent from SQL. Payloads are small JSON strings;
   * several go in one round trip.
   */
  publish(...payloads: string[]): Promise<void>;
  subscribe(listener: (payload: string) => void): () => void;
  /**
   * Calls `fn` whenever notifications may have been lost: on PostgreSQL, when the listening connection is back after
   * losing its connection (what was sent meanwhile never arrives). Never on PGlite, whose notifications are calls.
   */
  subscribeGaps(fn: () => void): () => void;
  /**
   * The outbox dispatcher's connections (server/events/dispatcher.ts), and notifications'. Every write waits for a
   * dispatch pass before it answers, so on PostgreSQL the pass has a small pool of its own: queued behind the reads
   * of a busy request pool, each pass took seconds (`npm run bench:load`). PGlite's single connection otherwise.
   */
  dispatchDb: Db;
  /** What the job engine (pg-boss, server/lib/jobs.ts) runs its SQL through: the same pool or PGlite instance. */
  jobsDb: { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  /** Connection pool figures for /metrics (PGlite has one in-process connection). */
  poolStats(): { total: number; idle: number; waiting: number };
}

export const EVENTS_CHANNEL = 'oopsboard_events';
/** Several notifications in one statement, in order (the payloads are one array parameter, not a list). */
const notifyAll = (payloads: string[]) =>
  sql`select pg_notify(${EVENTS_CHANNEL}, payload) from unnest(${sql.param(payloads)}::text[]) with ordinality as p(payload, n) order by n`;

/** How each pooled database handle runs work on one of its connections (PostgreSQL's request pool only). */
const pinners = new WeakMap<Db, <T>(fn: (db: Db) => Promise<T>) => Promise<T>>();

/**
 * Runs `fn` with a handle held to one connection of `db`'s pool, without a transaction: a request whose statements
 * follow one another (an edit's read, then its write) waits for a free connection once, not once per statement.
 * Under load each wait is the queue of every request that needs the database.
 * Everything in `fn` must use the handle it is given: waiting for a second connection while holding one could wait
 * for ever with the pool full. On PGlite, or with a handle that is a connection or a transaction already, `fn`
 * gets `db` itself.
 */
export function onOneConnection<T>(db: Db, fn: (db: Db) => Promise<T>): Promise<T> {
  const pin = pinners.get(db);
  return pin ? pin(fn) : fn(db);
}

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL. */
  databaseUrl?: string;
  /** PGlite data directory; ':memory:' for an in-memory database. */
  dataDir: string;
  /** A PGlite data-dir tarball to start an in-memory database from (tests: skips initdb and migrations). */
  pgliteTemplate?: Blob;
  /**
   * PostgreSQL only: the request pool's limits (config.pgPool). Left out (the operator CLI, benchmark seeding), the
   * pool has 10 connections and no timeouts, as long-running commands need.
   */
  pool?: PostgresPoolOptions;
  /**
   * PostgreSQL only: what the connections call themselves (pg_stat_activity.application_name): this for requests,
   * with " jobs", " outbox" and " listener" after it for the others. Defaults to "oopsboard".
   */
  applicationName?: string;
}

export interface PostgresPoolOptions {
  max: number;
  /** Cancels a statement after this long (SQLSTATE 57014); 0 leaves the server's own setting (normally none). */
  statementTimeoutMs: number;
  /** Gives up waiting for a free connection after this long; 0 waits for ever. */
  acquireTimeoutMs: number;
}

const UNLIMITED_POOL: PostgresPoolOptions = { max: 10, statementTimeoutMs: 0, acquireTimeoutMs: 0 };
// pg-boss's own pool: a worker's poll and a maintenance run at a time, and a send or completion beside them.
const JOBS_POOL_MAX = 3;
// The dispatcher's: one pass at a time, and a notification or a writer's settle query beside it.
const DISPATCH_POOL_MAX = 2;
// The job engine's statement timeout: far above any of its statements on a healthy database (decision 028).
const JOBS_STATEMENT_TIMEOUT_MS = 10 * 60_000;
// How soon the listening connection tries again after losing its connection: notifications missed meanwhile are
// made up for by a gap, but a process without its listener hears no other process's changes until then.
const RELISTEN_AFTER_MS = 250;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: all app processes take this advisory lock so that only one migrates at a time.
const MIGRATION_LOCK_KEY = 7_140_021;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(
        options.databaseUrl,
        options.pool ?? UNLIMITED_POOL,
        options.applicationName ?? 'oopsboard',
      )
    : openPglite(options);
}

async function openPostgres(url: string, limits: PostgresPoolOptions, name: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Migrations run on a connection of their own with no statement or lock timeout, whatever the server's settings
  // (ALTER DATABASE … SET statement_timeout): building an index on a big table, or waiting under the advisory lock
  // for another process's migration, may take longer than any request should, and an app that cannot migrate
  // cannot start.
  const migrator = survivingClient(
    new pg.Client({ connectionString: url, application_name: `${name} migrator` }),
  );
  await migrator.connect();
  try {
    await migrator.query('set statement_timeout = 0; set lock_timeout = 0');
    await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(migrator, { schema }), { migrationsFolder });
    await applyRoutines((script) => migrator.query(script));
  } finally {
    await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await migrator.end().catch(() => {});
  }
  // Requests: a statement that runs too long is cancelled, and a request that cannot get a connection in time gives
  // up, so an overloaded database answers 503 (plugins/errors.ts) instead of piling up requests without end.
  const pool = survivingPool(
    new pg.Pool({
      connectionString: url,
      application_name: name,
      max: limits.max,
      connectionTimeoutMillis: limits.acquireTimeoutMs,
      ...(limits.statementTimeoutMs ? { statement_timeout: limits.statementTimeoutMs } : {}),
    }),
  );
  // The job engine gets a small pool of its own, with a statement timeout of its own rather than the requests' (or
  // the server's): pg-boss's maintenance (archiving and deleting old jobs) can outlast a request's timeout on a big
  // queue, and pg-boss takes its advisory lock with a 30 s lock_timeout of its own, which waits while another
  // process maintains. Cancelled at a request's timeout, maintenance would fail on every run; never cancelled, one
  // stuck statement would hold one of the pool's few connections for good.
  const jobsPool = survivingPool(
    new pg.Pool({
      connectionString: url,
      application_name: `${name} jobs`,
      max: JOBS_POOL_MAX,
      statement_timeout: JOBS_STATEMENT_TIMEOUT_MS,
    }),
  );
  const dispatchPool = survivingPool(
    new pg.Pool({
      connectionString: url,
      application_name: `${name} outbox`,
      max: DISPATCH_POOL_MAX,
      // Marking events dispatched need not wait for the disk: lost in a crash, they are dispatched again, and every
      // consumer takes an event twice without effect (a delivery is unique per endpoint and event). Spares the WAL
      // flush of every pass, which each waiting writer would wait for.
      options: '-c synchronous_commit=off',
      ...(limits.statementTimeoutMs ? { statement_timeout: limits.statementTimeoutMs } : {}),
    }),
  );
  const db = drizzle(pool, { schema }) as unknown as Db;
  // A handle per pooled connection, made when it is first held (a connection lives as long as the pool keeps it).
  const handles = new WeakMap<object, Db>();
  pinners.set(db, async (fn) => {
    const client = await pool.connect();
    try {
      let handle = handles.get(client);
      if (!handle) handles.set(client, (handle = drizzle(client, { schema }) as unknown as Db));
      return await fn(handle);
    } finally {
      client.release();
    }
  });
  const dispatchDb = drizzle(dispatchPool, { schema }) as unknown as Db;
  const emitter = new EventEmitter().setMaxListeners(0);
  // One dedicated connection listens; when it loses its connection, a new one listens in its place.
  let listener: InstanceType<typeof pg.Client> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const retryLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void relisten();
    }, RELISTEN_AFTER_MS).unref();
  };
  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, application_name: `${name} listener` });
    client.on('notification', (msg) => msg.payload && emitter.emit('event', msg.payload));
    // Heard for life, as every client is (server/db/pg-connections.ts). Only the listening client's loss starts
    // another: a lost client may report its loss more than once, and one that never listened is replaced by the
    // caller's retry.
    client.on('error', () => {
      if (client !== listener) return;
      listener = undefined;
      retryLater();
    });
    try {
      await client.connect();
      await client.query(`listen ${EVENTS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    listener = client;
  };
  // Listening again after a loss: whatever was notified meanwhile is gone, so the caches kept exact by
  // notifications hear of the gap (server/plugins/live.ts).
  const relisten = async (): Promise<void> => {
    if (closed) return;
    try {
      await listen();
    } catch {
      retryLater();
      return;
    }
    if (closed) await listener?.end().catch(() => {});
    else emitter.emit('gap');
  };
  await listen();
  return {
    db,
    dispatchDb,
    kind: 'postgres',
    jobsDb: {
      executeSql: async (text, values) => jobsPool.query(text, values),
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    publish: async (...payloads) => {
      if (payloads.length === 0) return;
      // One statement for a whole batch, on the dispatcher's connections (not queued behind requests' reads).
      await dispatchDb.execute(notifyAll(payloads));
    },
    subscribe: (fn) => {
      emitter.on('event', fn);
      return () => emitter.off('event', fn);
    },
    subscribeGaps: (fn) => {
      emitter.on('gap', fn);
      return () => emitter.off('gap', fn);
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      clearTimeout(retry);
      await listener?.end().catch(() => {});
      await Promise.all([pool.end(), jobsPool.end(), dispatchPool.end()]);
    },
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const extensions = await pgliteExtensions();
  const inMemory = options.dataDir === ':memory:';
  let lock: DirLock | undefined;
  if (!inMemory) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    lock = acquireDirLock(options.dataDir);
  }
  let client: InstanceType<typeof PGlite>;
  try {
    client = inMemory
      ? new PGlite({ extensions, ...(options.pgliteTemplate && { loadDataDir: options.pgliteTemplate }) })
      : new PGlite(path.join(options.dataDir, 'pgdata'), { extensions });
    await client.waitReady;
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    await applyRoutines((script) => client.exec(script));
  } catch (error) {
    lock?.release();
    throw error;
  }
  yieldEveryStatementsSlice(client);
  const gate = oldestRequestFirst(client);
  const db = drizzle(client, { schema }) as unknown as Db;
  const emitter = new EventEmitter().setMaxListeners(0);
  // NOTIFYs sent from SQL (a committed outbox write, server/events/outbox.ts) reach the same listeners as publish().
  await client.listen(EVENTS_CHANNEL, (payload) => emitter.emit('event', payload));
  let closed = false;
  return {
    db,
    dispatchDb: db,
    kind: 'pglite',
    jobsDb: {
      // pg-boss sends its schema and maintenance scripts as several statements without parameters: PGlite runs
      // those with exec, and answers the last statement's rows.
      executeSql: async (text, values) =>
        values?.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] }),
    },
    poolStats: () => ({ total: 1, idle: gate.queued === 0 ? 1 : 0, waiting: gate.queued }),
    publish: async (...payloads) => {
      for (const payload of payloads) emitter.emit('event', payload);
    },
    subscribe: (fn) => {
      emitter.on('event', fn);
      return () => emitter.off('event', fn);
    },
    subscribeGaps: () => () => {},
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

/**
 * PostgreSQL contrib modules the migrations create: pg_trgm for the list's search indexes (decision 017), btree_gin
 * to lead those indexes with the team.
 */
async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  return { pg_trgm, btree_gin };
}

/** Dumps a migrated in-memory database so tests can start from it without initdb (~3 s saved per file). */
export async function makePgliteTemplate(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite({ extensions: await pgliteExtensions() });
  await migrate(drizzle(client, { schema }), { migrationsFolder });
  await applyRoutines((script) => client.exec(script));
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

// The database going away (decision 028): a connection-level failure answers 503 with Retry-After, like a busy
// database, and is logged as a warning naming its code; no lost connection ends the process; and a real server
// process under load survives backends terminated, connections refused and a table locked, and recovers within
// 1 s of the database's return.
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, describe, expect, inject, it, onTestFinished, vi } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../common/domain/messages';
import { onOneConnection } from './db/client';
import { survivingClient } from './db/pg-connections';
import { DATABASE_BUSY_RETRY_AFTER_SECONDS, databaseUnreachable } from './lib/db-errors';
import { createTestApp, databaseKind } from './test/app';
import { startHttpLoad, type Sample } from './test/http-load';
import { signedInOwner, useInstallations } from './test/installation';
import { freePort } from './test/server-process';
import { startTcpProxy } from './test/tcp-proxy';

const UNAVAILABLE = { error: MESSAGES.databaseUnavailable, code: 'unavailable' };
const RETRY_AFTER = String(DATABASE_BUSY_RETRY_AFTER_SECONDS);
// A real SQLSTATE of each kind, raised by the database itself (PGlite and PostgreSQL alike).
const CONNECTION_SQLSTATES = ['08006', '08001', '57P01', '57P02', '57P03', '53300'];

afterEach(() => vi.restoreAllMocks());

/** The warnings of the 503 path, as [code, route] pairs; anything logged as an error. */
function watchLog(app: FastifyInstance) {
  const warn = vi.spyOn(app.log, 'warn');
  const error = vi.spyOn(app.log, 'error');
  const unreachable = () =>
    warn.mock.calls
      .filter((call) => call[1] === 'database unreachable: answered 503')
      .map((call) => {
        const fields = call[0] as { code: string; route: string };
        return [fields.code, fields.route];
      });
  return { unreachable, error };
}

/** A TCP server that accepts and at once closes every connection, as a database that drops its clients. */
async function droppingServer(): Promise<number> {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.address() as net.AddressInfo).port;
}

describe(`database unreachable (${databaseKind()})`, () => {
  it('answers 503 with Retry-After for every connection-level failure, logged once as a warning', async () => {
    const closedPort = await freePort();
    const droppingPort = await droppingServer();
    // node-postgres through drizzle, as the app's queries run, against a port nothing listens on and a server that
    // drops each connection.
    const queryAt = async (port: number) => {
      const pool = new pg.Pool({ connectionString: `postgres://app@127.0.0.1:${port}/app` });
      try {
        await drizzle(pool).execute(sql`select ${'someone@example.com'}`);
      } finally {
        await pool.end();
      }
    };
    const app = await createTestApp({}, undefined, {
      testRoutes: (app) => {
        for (const code of CONNECTION_SQLSTATES) {
          app.get(`/test/sqlstate-${code}`, { config: { public: true } }, async () => {
            await app.db.execute(
              sql.raw(`do $$ begin raise exception 'connection failure' using errcode = '${code}'; end $$`),
            );
          });
        }
        app.get('/test/refused', { config: { public: true } }, () => queryAt(closedPort));
        app.get('/test/dropped', { config: { public: true } }, () => queryAt(droppingPort));
      },
    });
    const log = watchLog(app);
    const expected: string[][] = [];
    for (const code of CONNECTION_SQLSTATES) {
      const res = await app.inject({ url: `/test/sqlstate-${code}` });
      expect(res.statusCode, code).toBe(503);
      expect(res.headers['retry-after']).toBe(RETRY_AFTER);
      expect(res.json()).toEqual(UNAVAILABLE);
      expected.push([code, `/test/sqlstate-${code}`]);
    }
    for (const [route, code] of [
      ['/test/refused', 'ECONNREFUSED'],
      ['/test/dropped', 'connection_lost'],
    ] as const) {
      const res = await app.inject({ url: route });
      expect(res.statusCode, route).toBe(503);
      expect(res.headers['retry-after']).toBe(RETRY_AFTER);
      expect(res.json()).toEqual(UNAVAILABLE);
      expected.push([code, route]);
    }
    expect(log.unreachable()).toEqual(expected);
    expect(log.error).not.toHaveBeenCalled();
  });

  it("a statement's own failure is still a 500, not mistaken for the database going away", async () => {
    const app = await createTestApp({}, undefined, {
      testRoutes: (app) => {
        app.get('/test/bad-cast', { config: { public: true } }, async () => {
          await app.db.execute(sql`select ${'not a number'}::int`);
        });
      },
    });
    const log = watchLog(app);
    const res = await app.inject({ url: '/test/bad-cast' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: MESSAGES.internal, code: 'internal' });
    expect(log.unreachable()).toEqual([]);
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});

// Lost connections, terminated backends and the fault test need a PostgreSQL server: registered on the PostgreSQL
// pass of the suite only (which CI always runs), as database-busy.test.ts does; the PGlite pass has nothing of them
// to test rather than tests it skips.
const onPostgres = databaseKind() === 'postgres' ? describe : () => undefined;
onPostgres('connections lost on PostgreSQL', () => {
  const suiteUrl = () => new URL(inject('postgresUrl'));
  async function adminClient(): Promise<pg.Client> {
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    onTestFinished(() => admin.end());
    return admin;
  }

  it('a connection held between statements whose backend is terminated ends nothing, and is replaced', async () => {
    const app = await createTestApp();
    const admin = await adminClient();
    await onOneConnection(app.db, async (db) => {
      const result: unknown = await db.execute(sql`select pg_backend_pid() as pid`);
      const { rows } = result as { rows: { pid: number }[] };
      const client = (db as unknown as { $client: pg.PoolClient }).$client;
      const ended = new Promise((resolve) => client.once('end', resolve));
      // Held, with no query running: node-postgres itself does not listen for the loss (the crash of the process).
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await ended;
      const failed: unknown = await db.execute(sql`select 1`).catch((error: unknown) => error);
      expect(databaseUnreachable(failed)).toBe('connection_lost');
    });
    // The pool dropped the lost connection when it came back, and connects a new one.
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('a request whose own backend is terminated answers 503 (57P01); one on a lost client too', async () => {
    const proxy = await startTcpProxy({ host: suiteUrl().hostname, port: Number(suiteUrl().port || 5432) });
    onTestFinished(() => proxy.close());
    const viaProxy = new URL(inject('postgresUrl'));
    viaProxy.port = String(proxy.port);
    const lone = survivingClient(new pg.Client({ connectionString: viaProxy.toString() }));
    await lone.connect();
    onTestFinished(() => lone.end().catch(() => {}));
    const app = await createTestApp({}, undefined, {
      testRoutes: (app) => {
        app.get('/test/terminate-self', { config: { public: true } }, async () => {
          await app.db.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
        });
        app.get('/test/lost-client', { config: { public: true } }, async () => {
          await drizzle(lone).execute(sql`select 1`);
        });
      },
    });
    const log = watchLog(app);
    const lost = new Promise((resolve) => lone.once('end', resolve));
    await proxy.refuse();
    await lost;
    for (const route of ['/test/terminate-self', '/test/lost-client']) {
      const res = await app.inject({ url: route });
      expect(res.statusCode, route).toBe(503);
      expect(res.headers['retry-after']).toBe(RETRY_AFTER);
    }
    expect(log.unreachable()).toEqual([
      ['57P01', '/test/terminate-self'],
      ['connection_lost', '/test/lost-client'],
    ]);
    expect(log.error).not.toHaveBeenCalled();
  });
});

onPostgres('database faults under load (a real server process on PostgreSQL)', () => {
  const { start } = useInstallations();

  /** A database of the test's own (only its backends are terminated, only its table locked), dropped after. */
  async function ownDatabase(admin: pg.Client): Promise<string> {
    const name = `oopsboard_faults_${process.pid}_${Date.now()}`;
    await admin.query(`create database ${name}`);
    // A statement timeout an operator may set server-side, far below what migrations need: they run under their own
    // (none), as the job engine does, or the app could not start. Requests run under PG_STATEMENT_TIMEOUT_MS.
    await admin.query(`alter database ${name} set statement_timeout = '25ms'`);
    onTestFinished(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
    });
    return name;
  }

  it('never exits, answers only 2xx or 503, says 503 on /readyz while the database is gone, recovers within 1 s', async () => {
    const suite = new URL(inject('postgresUrl'));
    const admin = new pg.Client({ connectionString: suite.toString() });
    await admin.connect();
    onTestFinished(() => admin.end());
    const database = await ownDatabase(admin);
    const proxy = await startTcpProxy({ host: suite.hostname, port: Number(suite.port || 5432) });
    onTestFinished(() => proxy.close());
    const direct = new URL(suite);
    direct.pathname = `/${database}`;
    const viaProxy = new URL(direct);
    viaProxy.port = String(proxy.port);
    const server = await start(
      {
        DATABASE_URL: viaProxy.toString(),
        PG_STATEMENT_TIMEOUT_MS: '1000',
        PG_POOL_ACQUIRE_TIMEOUT_MS: '1000',
      },
      await freePort(),
    );
    const alive = () => expect(server.child.exitCode, server.output()).toBeNull();
    const token = await signedInOwner(server.url);
    const marker = `fault-marker-${Date.now()}`;
    const load = startHttpLoad(server.url, token, marker);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const status = (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, { ...init, headers: auth }).then(
        async (res) => (await res.arrayBuffer(), res.status),
        () => 0,
      );

    /**
     * How long after `since` a readiness check, a write and a read were sent that succeeded, and the listening
     * connection was back (each tried again at once until it succeeds, side by side).
     */
    async function recoveredAfter(since: number): Promise<number> {
      const until = async (check: () => Promise<boolean>, what: string) => {
        for (;;) {
          const sent = performance.now();
          if (await check()) return sent - since;
          if (performance.now() - since > 10_000) throw new Error(`${what} not recovered within 10 s`);
        }
      };
      const times = await Promise.all([
        until(async () => (await status('/readyz')) === 200, 'readiness'),
        until(
          async () =>
            (await status('/api/oops', {
              method: 'POST',
              body: JSON.stringify({
                title: 'Recovered',
                severity: 'Low',
                description: `Written to see: ${marker}`,
              }),
            })) === 201,
          'a write',
        ),
        until(async () => (await status('/api/oops/stats')) === 200, 'a read'),
        until(async () => {
          const { rows } = await admin.query(
            "select 1 from pg_stat_activity where datname = $1 and application_name = 'oopsboard listener'",
            [database],
          );
          return rows.length === 1;
        }, 'the listener'),
      ]);
      return Math.max(...times);
    }
    /**
     * Requests sent from 1 s after a fault ended and answered before the next began: the database was back, so all
     * succeed.
     */
    const windows: { from: number; to: number }[] = [];
    const recoveries: Record<string, number> = {};
    /** Lets the load run on past 1 s after the database's return, for a window of requests sent after it. */
    async function loadAfterReturn(returned: number): Promise<void> {
      await new Promise((r) => setTimeout(r, Math.max(0, returned + 1000 - performance.now())));
      await load.answered(12);
      windows.push({ from: returned + 1000, to: performance.now() });
    }

    await load.answered(8);

    // 1. Every backend of the app terminated, 20 times (a failover, a restart), each once the load made progress.
    let terminated = 0;
    let lastTermination = 0;
    for (let round = 0; round < 20; round++) {
      await load.answered(2);
      const { rows } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      terminated += rows.length;
      lastTermination = performance.now();
    }
    expect(terminated).toBeGreaterThanOrEqual(20);
    recoveries.terminations = await recoveredAfter(lastTermination);
    await loadAfterReturn(lastTermination);
    alive();

    // 2. Connections refused for 10 s (open ones reset).
    const refusedAt = performance.now();
    await proxy.refuse();
    const readiness: number[] = [];
    while (performance.now() - refusedAt < 10_000) {
      readiness.push(await status('/readyz'));
      await new Promise((r) => setTimeout(r, 200));
    }
    // The first check may still find a connection the reset has not reached; every later one says 503.
    expect(
      readiness.slice(1).every((s) => s === 503),
      readiness.join(' '),
    ).toBe(true);
    await proxy.resume();
    const back = performance.now();
    recoveries.refused = await recoveredAfter(back);
    await loadAfterReturn(back);
    alive();

    // 3. The incidents table locked for 10 s by another session: requests that need it wait, then give up (503).
    const holder = new pg.Client({ connectionString: direct.toString() });
    await holder.connect();
    await holder.query('set statement_timeout = 0; set lock_timeout = 0');
    await holder.query('begin');
    const lockedAt = performance.now();
    await holder.query('lock table oops in access exclusive mode');
    await new Promise((r) => setTimeout(r, 10_000 - (performance.now() - lockedAt)));
    await holder.query('rollback');
    await holder.end();
    const unlocked = performance.now();
    recoveries.locked = await recoveredAfter(unlocked);
    await loadAfterReturn(unlocked);
    await load.stop();
    alive();

    const outcome = (s: Sample) => (s.status === 503 ? `503 Retry-After ${s.retryAfter}` : s.status);
    const seen = new Set(load.samples.map(outcome));
    const errorLines = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('"level":50'))
        .join('\n');
    for (const s of seen) expect([200, 201, `503 Retry-After ${RETRY_AFTER}`], errorLines()).toContain(s);
    expect(seen).toContain(`503 Retry-After ${RETRY_AFTER}`);
    const afterRecovery = load.samples.flatMap((s) => {
      const w = windows.findIndex((w) => s.start >= w.from && s.end <= w.to);
      // Described by window and by how long after the return the request was sent.
      return w < 0
        ? []
        : [{ ...s, window: w, sentAfterReturnMs: Math.round(s.start - windows[w]!.from + 1000) }];
    });
    expect(afterRecovery.filter((s) => s.status !== 200 && s.status !== 201)).toEqual([]);
    expect(afterRecovery.length).toBeGreaterThan(0);
    for (const [fault, ms] of Object.entries(recoveries)) expect(ms, fault).toBeLessThan(1000);
    // What the load wrote never reaches a log line (the 503 path logs no parameters; nor does anything else).
    expect(server.output()).not.toContain(marker);
    expect(server.output()).not.toMatch(/Unhandled|unhandled error/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 90_000);
});

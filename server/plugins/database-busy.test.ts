// A busy database (a statement past PG_STATEMENT_TIMEOUT_MS, a lock past the server's lock_timeout, or no pooled
// connection within PG_POOL_ACQUIRE_TIMEOUT_MS) answers 503 with Retry-After, is logged once at warn level without the statement's
// parameters, and changes nothing.
import { inject, describe, expect, it, vi, afterEach } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../common/domain/messages';
import { DATABASE_BUSY_RETRY_AFTER_SECONDS } from '../lib/db-errors';
import { createTestApp, databaseKind, testConfig } from '../test/app';
import { signUp, type SignedIn } from '../test/factories';
import { logOops } from '../test/oops-factory';

const BUSY = { error: MESSAGES.databaseBusy, code: 'unavailable' };

function expectBusy(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => unknown;
}): void {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe(String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
  expect(res.json()).toEqual(BUSY);
}

/**
 * Spies on the app's log (with logging off, every request logs through the app's own logger object). `busy` are the
 * warnings of this error handler, apart from any of the app's background work on the shared test database.
 */
function watchLog(app: FastifyInstance) {
  const warn = vi.spyOn(app.log, 'warn');
  const busy = () => warn.mock.calls.filter((call) => call[1] === 'database busy: answered 503');
  return { busy, error: vi.spyOn(app.log, 'error') };
}

afterEach(() => vi.restoreAllMocks());

describe(`database busy errors (${databaseKind()})`, () => {
  it('a cancelled statement, a lock timeout and a pool timeout answer 503 with Retry-After, logged once as a warning', async () => {
    const app = await createTestApp({}, undefined, {
      testRoutes: (app) => {
        // A real SQLSTATE 57014 (query_canceled) from the driver, wrapped by drizzle as any query's error is.
        app.get('/test/cancelled', { config: { public: true } }, async () => {
          await app.db.execute(
            sql`do $$ begin raise exception 'canceling statement due to statement timeout' using errcode = 'query_canceled'; end $$`,
          );
        });
        // SQLSTATE 55P03 (lock_not_available): a lock waited for past the server's lock_timeout.
        app.get('/test/lock-timeout', { config: { public: true } }, async () => {
          await app.db.execute(
            sql`do $$ begin raise exception 'canceling statement due to lock timeout' using errcode = 'lock_not_available'; end $$`,
          );
        });
        // What node-postgres' pool throws when no connection frees up in time.
        app.get('/test/pool-timeout', { config: { public: true } }, async () => {
          throw new Error('timeout exceeded when trying to connect');
        });
      },
    });
    const log = watchLog(app);
    expectBusy(await app.inject({ url: '/test/cancelled' }));
    expectBusy(await app.inject({ url: '/test/lock-timeout' }));
    expectBusy(await app.inject({ url: '/test/pool-timeout' }));
    expect(log.busy()).toEqual([
      [{ reason: 'statement_timeout', route: '/test/cancelled' }, 'database busy: answered 503'],
      [{ reason: 'lock_timeout', route: '/test/lock-timeout' }, 'database busy: answered 503'],
      [{ reason: 'pool_timeout', route: '/test/pool-timeout' }, 'database busy: answered 503'],
    ]);
    expect(log.error).not.toHaveBeenCalled();
  });
});

// The pool, its acquisition timeout and the statement timeout exist only on PostgreSQL (PGlite is one in-process
// connection), so these are registered on the PostgreSQL pass of the suite only, which CI always runs; the PGlite
// pass has nothing of them to test rather than tests it skips.
const onPostgres = databaseKind() === 'postgres' ? describe : () => undefined;
onPostgres('database busy on PostgreSQL', () => {
  /** A second connection holds a row lock on the incident, as a long transaction elsewhere would. */
  async function lockIncident(id: number): Promise<pg.Client> {
    const holder = new pg.Client({ connectionString: inject('postgresUrl') });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from oops where id = $1 for update', [id]);
    return holder;
  }

  /** Resolves once a backend waits for the holder's lock (the request under test has reached the locked row). */
  async function waitForLockWaiter(holder: pg.Client): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const { rows } = await holder.query(
        'select 1 from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))',
      );
      if (rows.length) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('no request ever waited for the lock');
  }

  async function incidentOf(app: FastifyInstance, as: SignedIn, idSlug: string) {
    const res = await app.inject({ url: `/api/oops/detail/${idSlug}`, headers: as.auth });
    expect(res.statusCode).toBe(200);
    return res.json<{ title: string; updated_at: string }>();
  }

  it('a write held past PG_STATEMENT_TIMEOUT_MS by a row lock answers 503 and changes nothing', async () => {
    const pgPool = { ...testConfig().pgPool, statementTimeoutMs: 300 };
    const app = await createTestApp({ pgPool });
    const owner = await signUp(app);
    const incident = await logOops(app, owner);
    const before = await incidentOf(app, owner, incident.id_slug);
    const holder = await lockIncident(incident.id);
    const log = watchLog(app);
    try {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/oops/${incident.id}`,
        headers: owner.auth,
        payload: { title: 'Renamed behind a lock' },
      });
      expectBusy(res);
      expect(log.busy()).toEqual([
        [{ reason: 'statement_timeout', route: '/api/oops/:id' }, 'database busy: answered 503'],
      ]);
      expect(log.error).not.toHaveBeenCalled();
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect(await incidentOf(app, owner, incident.id_slug)).toEqual(before);
    // The cancelled statement left its connection usable: the same change goes through once the lock is gone.
    const retried = await app.inject({
      method: 'PUT',
      url: `/api/oops/${incident.id}`,
      headers: owner.auth,
      payload: { title: 'Renamed behind a lock' },
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().title).toBe('Renamed behind a lock');
  });

  it('a request that finds no free connection within PG_POOL_ACQUIRE_TIMEOUT_MS answers 503', async () => {
    // One connection, no statement timeout: a write waiting on a lock holds the whole pool.
    const app = await createTestApp({ pgPool: { max: 1, statementTimeoutMs: 0, acquireTimeoutMs: 300 } });
    const owner = await signUp(app);
    const incident = await logOops(app, owner);
    const holder = await lockIncident(incident.id);
    const log = watchLog(app);
    let waiting: Promise<{ statusCode: number }> | undefined;
    try {
      waiting = app.inject({
        method: 'PUT',
        url: `/api/oops/${incident.id}`,
        headers: owner.auth,
        payload: { title: 'Renamed after the wait' },
      });
      await waitForLockWaiter(holder);
      expectBusy(await app.inject({ url: '/api/oops/stats', headers: owner.auth }));
      expect(log.busy()).toEqual([
        [{ reason: 'pool_timeout', route: '/api/oops/stats' }, 'database busy: answered 503'],
      ]);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    // The waiting write was not harmed: it goes through once the lock is released.
    expect((await waiting).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/oops/stats', headers: owner.auth })).statusCode).toBe(200);
  });
});

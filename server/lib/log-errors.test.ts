// Errors reach the log with what it takes to debug them and without the data they were working on (decision 028):
// real errors of the driver and of drizzle, written through the log serializers the app's logger uses.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { onOneConnection } from '../db/client';
import { createTestApp, databaseKind } from '../test/app';
import { freePort } from '../test/server-process';
import { logSerializers } from './log-redaction';

const PERSONAL = 'alice.personal@example.com';

/** Logs `error` as the app's request handlers do ({ err }) and answers the JSON line written. */
function logged(error: unknown): { text: string; err: Record<string, unknown> } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', serializers: logSerializers, stream } });
  app.log.error({ err: error }, 'unhandled error');
  expect(lines).toHaveLength(1);
  const line = JSON.parse(lines[0]!) as { err: Record<string, unknown> };
  return { text: lines[0]!, err: line.err };
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  return run().then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe(`errors in the log (${databaseKind()})`, () => {
  it("a failed query keeps its statement and the database's code, not its parameters", async () => {
    const app = await createTestApp();
    const error = await failure(() => app.db.execute(sql`select ${PERSONAL}::int as n`));
    // drizzle's own error carries the parameter in its message and fields.
    expect(String(error)).toContain(PERSONAL);
    const { text, err } = logged(error);
    expect(text).not.toContain(PERSONAL);
    expect(err).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query (its parameters are left out of the log)',
      statement: 'select $1::int as n',
      cause: { code: '22P02', message: 'invalid input syntax for type integer: "[value]"' },
    });
    expect(err.stack).toMatch(
      /^DrizzleQueryError: Failed query \(its parameters are left out of the log\)\n {4}at /,
    );
  });

  it("a constraint's refusal keeps the constraint, not the row it quotes", async () => {
    const app = await createTestApp();
    const error = await onOneConnection(app.db, async (db) => {
      await db.execute(
        sql`create temporary table log_errors_t (email text constraint log_errors_email unique)`,
      );
      try {
        await db.execute(sql`insert into log_errors_t values (${PERSONAL})`);
        return await failure(() => db.execute(sql`insert into log_errors_t values (${PERSONAL})`));
      } finally {
        await db.execute(sql`drop table log_errors_t`);
      }
    });
    const { text, err } = logged(error);
    expect(text).not.toContain(PERSONAL);
    expect(err.cause).toMatchObject({ code: '23505', constraint: 'log_errors_email' });
    expect(err.cause).not.toHaveProperty('detail');
  });

  it('a refused connection keeps where it was refused', async () => {
    const port = await freePort();
    const pool = new pg.Pool({ connectionString: `postgres://app@127.0.0.1:${port}/app` });
    const error = await failure(() => drizzle(pool).execute(sql`select ${PERSONAL}`));
    await pool.end();
    const { text, err } = logged(error);
    expect(text).not.toContain(PERSONAL);
    expect(err.cause).toMatchObject({ code: 'ECONNREFUSED', syscall: 'connect', address: '127.0.0.1', port });
  });
});

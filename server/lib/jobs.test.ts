// Stopping the job engine while its worker is fetching: the fetched job runs to its end and its end is recorded
// before stop() answers, so the database can close right after (pg-boss 10's stop() alone does not wait for it).
// On an embedded database of its own: the queues of the suite's shared database belong to other files' apps.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { isUnawaitedJobEngineFailure, startJobs } from './jobs';

const quiet = { warn: () => {}, error: () => {} };
let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function jobStates(db: Database): Promise<string[]> {
  const result = (await db.db.execute(sql`select state from pgboss.job where name = 'digest.send'`)) as {
    rows: { state: string }[];
  };
  return result.rows.map((row) => row.state);
}

describe('the job engine', () => {
  it('waits, when stopped during a fetch, for the fetched job and the record of its end', async () => {
    database = await openDatabase({ dataDir: ':memory:' });
    const jobs = await startJobs(database, { superviseSeconds: 60, scheduling: false, log: quiet });
    await jobs.send('digest.send', {});
    let finished = false;
    await jobs.work('digest.send', async () => {
      // The handler's own statement, as every real handler has: after the database closed it would fail.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await database!.db.execute(sql`select 1`);
      finished = true;
    });
    // The worker's first fetch is in flight now: stop before it answers.
    await jobs.stop();
    expect(finished).toBe(true);
    expect(await jobStates(database)).toEqual(['completed']);
  });

  it("marks the failures of the engine's own statements, and only those", async () => {
    database = await openDatabase({ dataDir: ':memory:' });
    const jobs = await startJobs(database, { superviseSeconds: 60, scheduling: false, log: quiet });
    await jobs.stop();
    await database.close();
    const engineFailure = await jobs.send('digest.send', {}).then(
      () => null,
      (error: unknown) => error,
    );
    expect(engineFailure).not.toBeNull();
    expect(isUnawaitedJobEngineFailure(engineFailure)).toBe(true);
    const ownFailure = await database.db.execute(sql`select 1`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(ownFailure).not.toBeNull();
    expect(isUnawaitedJobEngineFailure(ownFailure)).toBe(false);
    expect(isUnawaitedJobEngineFailure(undefined)).toBe(false);
  });
});

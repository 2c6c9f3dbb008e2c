// The durable job engine: pg-boss 10 on both databases (docs/decisions/014-domain-events-and-jobs.md). Jobs are rows in the pgboss schema, so
// they survive a crash; an active job whose process died expires and is retried by any process's supervision.
// Queues and their data are typed here, in one list.
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client';
import { databaseUnreachable } from './db-errors';

export interface JobData {
  /** One attempt of one webhook delivery (server/features/webhooks). */
  'webhook.deliver': { deliveryId: number };
  /** Look for follow-up action reminders due now and send them (server/features/actions/action-reminders.ts). */
  'actions.remind': Record<string, never>;
  /** Ask "Did it hold?" of the verifications due now (server/features/actions/verification-prompts.ts). */
  'actions.verify': Record<string, never>;
  /** Look for teams whose weekly digest is due and send it (server/features/digest/send.ts). */
  'digest.send': Record<string, never>;
}
export type JobQueue = keyof JobData;
const QUEUES: Record<JobQueue, { expireInSeconds: number }> = {
  // Longer than a delivery's 10 s timeout: a job still active after this belonged to a process that died.
  'webhook.deliver': { expireInSeconds: 15 },
  // A run sends at most a few hundred e-mails.
  'actions.remind': { expireInSeconds: 300 },
  'actions.verify': { expireInSeconds: 300 },
  // A run sends at most a few hundred digests; a longer run leaves the rest to the next tick.
  'digest.send': { expireInSeconds: 600 },
};

export interface SendOptions {
  startAfter?: Date;
  /** The transaction to enqueue in: the job then exists exactly when that transaction commits. */
  tx?: Db;
}

export interface Jobs {
  send<Q extends JobQueue>(queue: Q, data: JobData[Q], options?: SendOptions): Promise<void>;
  /** Runs `handler` for this queue's jobs in this process; a throw retries the job (3 times, backing off). */
  work<Q extends JobQueue>(queue: Q, handler: (data: JobData[Q]) => Promise<void>): Promise<void>;
  /** Tells this process's worker of `queue` to look now (after a transaction that enqueued has committed). */
  notify(queue: JobQueue): void;
  /** Creates `queue`'s job on a cron schedule (UTC), once per tick however many processes run. */
  schedule(queue: JobQueue, cron: string): Promise<void>;
  stop(): Promise<void>;
}

export interface JobsOptions {
  /** How often this process looks for expired jobs (of a crashed process) to retry. */
  superviseSeconds: number;
  /** Whether this process keeps cron schedules (off when the installation schedules nothing). */
  scheduling: boolean;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * pg-boss's parameters as drizzle must see them: undefined (an option not given) is SQL null, not left out, and a
 * job's data travels as JSON text (PGlite would not serialise a plain object for a json column).
 */
function asParameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return JSON.stringify(value);
  return value;
}

/** pg-boss writes `$1`-style SQL; drizzle runs it inside a transaction as a parameterised statement. */
function toDrizzleSql(text: string, values: unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${asParameter(values[Number(match[1]) - 1])}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

function inTransaction(tx: Db): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      // Both drivers answer { rows } (node-postgres' QueryResult, PGlite's Results).
      const result = (await tx.execute(toDrizzleSql(text, values))) as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** Marks a failed statement of the job engine's own (UnderWay.connection). */
const ENGINE_STATEMENT = Symbol('job engine statement');

/**
 * Whether an unhandled rejection is a failed statement that pg-boss issued and nobody awaited: pg-boss 10 records a
 * job's completion or failure without awaiting it (its later majors need Node 22). When that statement fails (the
 * database went away, or the process is stopping), the job stays active, expires and runs again: nothing is lost, so
 * the process must not end for it (server/main.ts).
 */
export function isUnawaitedJobEngineFailure(reason: unknown): boolean {
  return typeof reason === 'object' && reason !== null && ENGINE_STATEMENT in reason;
}

/**
 * What the job engine has under way in this process: its statements and the handlers of the jobs it fetched. pg-boss
 * 10's stop() does not wait for a fetch in flight (whose jobs then run after it) nor for the completions it did not
 * await, so stopping waits for these before the database closes under them.
 */
class UnderWay {
  private readonly busy = new Set<Promise<unknown>>();

  track<T>(work: Promise<T>): Promise<T> {
    this.busy.add(work);
    const forget = () => this.busy.delete(work);
    work.then(forget, forget);
    return work;
  }

  /** The job engine's connection: every statement tracked, its errors marked. */
  connection(db: PgBoss.Db): PgBoss.Db {
    return {
      executeSql: (text, values) =>
        this.track(
          db.executeSql(text, values).catch((error: unknown) => {
            if (typeof error === 'object' && error !== null) Object.assign(error, { [ENGINE_STATEMENT]: true });
            throw error;
          }),
        ),
    };
  }

  /**
   * Resolves once nothing is under way across a turn of the event loop (a fetch's jobs start in its microtasks), or
   * at `deadline` (what is still running then fails when the database closes, and its job runs again).
   */
  async settled(deadline: number): Promise<void> {
    while (Date.now() < deadline) {
      if (this.busy.size === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        if (this.busy.size === 0) return;
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.busy]),
        new Promise((resolve) => (timer = setTimeout(resolve, deadline - Date.now()))),
      ]);
      clearTimeout(timer);
    }
  }
}

/** How long stopping waits for running jobs: within the process's 10 s for its whole shutdown (server/main.ts). */
const STOP_WAITS_MS = 5_000;

/** PostgreSQL's "deadlock detected" (SQLSTATE 40P01). */
const DEADLOCK = '40P01';

/**
 * Creating a queue is idempotent, but processes starting together on a new database create the same queues at once
 * and PostgreSQL may end one of them as a deadlock victim: that one tries again (the other has finished by then).
 */
async function createQueueOnce(boss: PgBoss, queue: string, options: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(queue, options);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== DEADLOCK || attempt >= 5) throw error;
    }
  }
}

export async function startJobs(
  database: Database,
  { superviseSeconds, scheduling, log }: JobsOptions,
): Promise<Jobs> {
  const underWay = new UnderWay();
  const boss = new PgBoss({
    db: underWay.connection(database.jobsDb),
    // Cron schedules (schedule() below): pg-boss creates each tick's job once across processes.
    schedule: scheduling,
    supervise: true,
    maintenanceIntervalSeconds: superviseSeconds,
  });
  // pg-boss reports failed polls and maintenance here; without a listener they would end the process. While the
  // database is unreachable every poll fails, and pg-boss polls again: warnings, not errors (decision 028).
  boss.on('error', (error) =>
    databaseUnreachable(error)
      ? log.warn({ err: error }, 'job engine: database unreachable')
      : log.error({ err: error }, 'job engine error'),
  );
  await boss.start();
  for (const [queue, options] of Object.entries(QUEUES)) {
    await createQueueOnce(boss, queue, {
      name: queue,
      ...options,
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
    });
  }
  const workers = new Map<JobQueue, string>();
  const notify = (queue: JobQueue) => {
    const worker = workers.get(queue);
    if (worker) boss.notifyWorker(worker);
  };

  return {
    notify,
    async send(queue, data, options = {}) {
      await boss.send(queue, data as object, {
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.tx ? { db: inTransaction(options.tx) } : {}),
      });
      // A job enqueued in a transaction is not there until it commits: its sender notifies then.
      if (!options.tx && !options.startAfter) notify(queue);
    },
    async work(queue, handler) {
      const id = await boss.work<JobData[typeof queue]>(
        queue,
        { pollingIntervalSeconds: 2 },
        (jobs) =>
          underWay.track(
            (async () => {
              for (const job of jobs) await handler(job.data);
            })(),
          ),
      );
      workers.set(queue, id);
    },
    async schedule(queue, cron) {
      await boss.schedule(queue, cron, {}, { tz: 'UTC' });
    },
    async stop() {
      const deadline = Date.now() + STOP_WAITS_MS;
      await boss.stop({ graceful: true, wait: true, timeout: STOP_WAITS_MS });
      await underWay.settled(deadline);
    },
  };
}

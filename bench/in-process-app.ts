// The app in the benchmark's own process, for measurements made one request at a time through app.inject.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { withScratchDatabase } from './scratch-db';

/**
 * The app in this process, without rate limits (the benchmark is one client), on a scratch database of
 * BENCH_DATABASE_URL or on in-memory PGlite; closed afterwards.
 */
/** The app's configuration in a benchmark: no logs, and no rate limits (the load comes from one address). */
export const benchAppConfig = () =>
  loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_WRITES_PER_MINUTE: '0', RATE_LIMIT_READS_PER_MINUTE: '0' });

export function withInProcessApp(
  /** `databaseName`: the scratch database on PostgreSQL (its backends' CPU can be read), null on PGlite. */
  run: (app: FastifyInstance, kind: Database['kind'], databaseName: string | null) => Promise<void>,
): Promise<void> {
  return withScratchDatabase(process.env.BENCH_DATABASE_URL, async (databaseUrl) => {
    const database = await openDatabase({ databaseUrl, dataDir: ':memory:' });
    const app = await buildApp({
      config: benchAppConfig(),
      database,
      logger: false,
      distDir: '/nonexistent',
    });
    await app.ready();
    try {
      await run(app, database.kind, databaseUrl ? new URL(databaseUrl).pathname.slice(1) : null);
    } finally {
      await app.close();
    }
  });
}

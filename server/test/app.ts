// Builds the real app on the real database of this run (PGlite or PostgreSQL) for app.inject() tests.
import fs from 'node:fs';
import { afterAll, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase } from '../db/client';
import type { Mailer } from '../plugins/mail';

const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ LOG_LEVEL: 'silent', SUPER_ADMIN_EMAILS: 'root@oopsboard.test' });
  // Tests share one client address (inject's 127.0.0.1); per-IP throttling is tested with its own addresses.
  return {
    ...base,
    loginThrottle: { ...base.loginThrottle, perIp: 1_000_000 },
    emailThrottle: { ...base.emailThrottle, perIp: 1_000_000 },
    // Whole suites sign up hundreds of users from inject's one address; rate-limits.test.ts turns the limits on.
    rateLimits: { writesPerMinute: 0, readsPerMinute: 0 },
    // Webhook tests run their receivers on loopback; the SSRF tests turn the refusal back on.
    webhookAllowPrivate: true,
    // One key for every app of the run, as every process of an installation shares SECRETS_KEY: on PostgreSQL a
    // delivery queued by one test app may be run by another's worker. Never a key file in the working directory.
    secretsKey: TEST_SECRETS_KEY,
    // Apps of other test files share the job queues on PostgreSQL; only the reminder tests run reminders.
    actionRemindersCron: null,
    // Likewise only the digest tests send digests, with explicit times.
    digestCron: null,
    ...overrides,
  };
}

/** A fresh app on this run's database, closed after the file's tests. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  mailer?: Mailer,
  {
    testRoutes,
    ...extra
  }: Pick<BuildOptions, 'webhooks' | 'distDir' | 'logStream'> & {
    /** Registers test-only routes (a failure the real routes cannot be made to produce) before the app is ready. */
    testRoutes?: (app: FastifyInstance) => void;
  } = {},
): Promise<FastifyInstance> {
  const postgresUrl = inject('postgresUrl');
  const templatePath = inject('pgliteTemplatePath');
  const config = testConfig(overrides);
  const database = postgresUrl
    ? await openDatabase({ databaseUrl: postgresUrl, dataDir: ':memory:', pool: config.pgPool })
    : await openDatabase({ dataDir: ':memory:', pgliteTemplate: new Blob([fs.readFileSync(templatePath)]) });
  const app = await buildApp({
    config,
    database,
    distDir: '/nonexistent',
    mailer,
    // A test that reads the logs gets them all, in its stream.
    logger: extra.logStream !== undefined,
    ...extra,
  });
  testRoutes?.(app);
  await app.ready();
  afterAll(() => app.close());
  return app;
}

export const databaseKind = (): 'pglite' | 'postgres' => (inject('postgresUrl') ? 'postgres' : 'pglite');

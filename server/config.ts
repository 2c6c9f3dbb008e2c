// The environment, parsed once (GUIDE.md §4.5). Anything invalid stops start-up with one line naming the variable.
import { z } from 'zod';
import { LIVE_HEARTBEAT_SECONDS } from '../common/contracts/live';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must look like smtp://user:pass@host:port')
    .optional(),
  MAIL_FROM: z.string().min(3).default('OopsBoard <no-reply@oopsboard.local>'),
  APP_URL: z.url({ error: 'must be an absolute URL such as https://oops.example.com' }).optional(),
  SUPER_ADMIN_EMAILS: z.string().default(''),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().min(0).default(300),
  JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PGlite in this directory when databaseUrl is unset; ':memory:' keeps it in memory (tests). */
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  superAdminEmails: ReadonlySet<string>;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it; else clients could spoof it). */
  trustProxy: boolean;
  /** Sessions: idle and absolute lifetimes (docs/decisions/003-sessions.md). */
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** Failed sign-ins allowed per account and per IP within the window before 429. */
  loginThrottle: { windowMs: number; perAccount: number; perIp: number };
  /** E-mails sent per address and per IP within the window before 429. */
  emailThrottle: { windowMs: number; perAddress: number; perIp: number };
  /** One-time token lifetimes. */
  magicLinkTtlMs: number;
  passwordResetTtlMs: number;
  invitationTtlMs: number;
  /** When set, GET /metrics needs it as a bearer token. */
  metricsToken: string | undefined;
  /** Writes, and searches and exports, allowed per user (or client address) a minute; 0 turns a limit off. */
  rateLimits: { writesPerMinute: number; readsPerMinute: number };
  /** Live streams send a heartbeat and re-check their session this often. */
  liveHeartbeatMs: number;
  /** How often each process retries jobs left active by a process that died (server/lib/jobs.ts). */
  jobsSuperviseSeconds: number;
}

export class ConfigError extends Error {}

function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid configuration: ${variable} ${issue.message} (got "${env[variable] ?? ''}")`,
    );
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    superAdminEmails: new Set(
      e.SUPER_ADMIN_EMAILS.split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    metricsToken: e.METRICS_TOKEN,
    sessionIdleMs: 24 * 60 * 60 * 1000,
    sessionAbsoluteMs: 30 * 24 * 60 * 60 * 1000,
    loginThrottle: { windowMs: 15 * 60 * 1000, perAccount: 10, perIp: 50 },
    emailThrottle: { windowMs: 15 * 60 * 1000, perAddress: 5, perIp: 30 },
    magicLinkTtlMs: 15 * 60 * 1000,
    passwordResetTtlMs: 60 * 60 * 1000,
    invitationTtlMs: 7 * 24 * 60 * 60 * 1000,
    liveHeartbeatMs: LIVE_HEARTBEAT_SECONDS * 1000,
    jobsSuperviseSeconds: e.JOBS_SUPERVISE_SECONDS,
    rateLimits: {
      writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE,
      readsPerMinute: e.RATE_LIMIT_READS_PER_MINUTE,
    },
  };
}

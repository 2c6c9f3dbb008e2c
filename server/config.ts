// The environment, parsed once. Anything invalid stops start-up with one line naming the variable.
import { z } from 'zod';
import { LIVE_HEARTBEAT_SECONDS } from '../common/contracts/live';
import type { PostgresPoolOptions } from './db/client';

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
  // The metrics listener on loopback (decision 030); 9464 is the OpenTelemetry Prometheus exporter's usual port.
  METRICS_PORT: z
    .string()
    .trim()
    .regex(/^(off|\d{1,5})$/, "must be a port number (0 to 65535) or 'off'")
    .refine((v) => v === 'off' || Number(v) <= 65535, {
      message: "must be a port number (0 to 65535) or 'off'",
    })
    .default('9464'),
  // The public avatar service (Gravatar) instead of identicons drawn in the browser (decision 030).
  AVATARS_GRAVATAR: z.enum(['true', 'false', '1', '0']).default('false'),
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().min(0).default(300),
  JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // Five cron fields (minute hour day month weekday), UTC; 'off' sends no reminders from this installation.
  ACTION_REMINDERS_CRON: z
    .string()
    .trim()
    .regex(/^(off|(\S+\s+){4}\S+)$/, "must be a cron expression such as '*/15 * * * *', or 'off'")
    .default('*/15 * * * *'),
  // Five cron fields, UTC: how often teams are checked for a weekly digest due (Monday 09:00 in each team's zone).
  DIGEST_CRON: z
    .string()
    .trim()
    .regex(/^(off|(\S+\s+){4}\S+)$/, "must be a cron expression such as '*/15 * * * *', or 'off'")
    .default('*/15 * * * *'),
  SECRETS_KEY: z
    .string()
    .refine((v) => /^[A-Za-z0-9+/]{43}=$/.test(v) && Buffer.from(v, 'base64').length === 32, {
      message: 'must be 32 random bytes in base64 (openssl rand -base64 32)',
    })
    .optional(),
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false', '1', '0']).default('false'),
  SOURCE_MAPS: z.enum(['true', 'false', '1', '0']).default('false'),
  // 10: what one process needed so far (its requests are short), and 10 per process plus the job engine's and the
  // listener's leave room for several app processes within PostgreSQL's default max_connections of 100.
  PG_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  PG_POOL_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  // How many new requests start per turn of the event loop (server/lib/request-turns.ts); 0: each at once. 4: fewer
  // cost CPU in extra turns, more let requests already started wait longer (decision 027).
  REQUESTS_PER_TURN: z.coerce.number().int().min(0).max(10_000).default(4),
  // Seconds a stopping process stays up answering 503 on /readyz (and serving) so a balancer takes it out first.
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
  // Single sign-on (decision 022): issuer, client id and secret come together or not at all (checked below).
  OIDC_ISSUER: z
    .url({ error: 'must be an absolute URL such as https://login.example.com' })
    .refine(isSafeIssuer, { message: 'must use https (http only on localhost or 127.0.0.1)' })
    .optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_PROVIDER_NAME: z.string().trim().min(1).max(40, 'must be at most 40 characters').default('SSO'),
  OIDC_ALLOWED_DOMAINS: z
    .string()
    .default('')
    .refine((v) => splitList(v).every((d) => /^[a-z0-9.-]+\.[a-z]{2,}$/.test(d)), {
      message: 'must be a comma-separated list of e-mail domains such as example.com',
    }),
  OIDC_DEFAULT_TEAM: z.coerce
    .number({ error: 'must be a team id (a positive whole number)' })
    .int('must be a team id (a positive whole number)')
    .positive('must be a team id (a positive whole number)')
    .optional(),
  OIDC_ONLY: z.enum(['true', 'false', '1', '0']).default('false'),
});

/** Lower-cased, trimmed, non-empty items of a comma-separated list. */
function splitList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

/** Tokens travel from the issuer, so it must be https; plain http is for a provider on this machine (tests, dev). */
function isSafeIssuer(value: string): boolean {
  // zod runs this check even after the URL check failed; that failure is the one reported.
  if (!URL.canParse(value)) return true;
  const url = new URL(value);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Single sign-on with OpenID Connect (decision 022). */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The text of the "Sign in with …" button. */
  providerName: string;
  /** E-mail domains allowed to sign in (lower case); empty: any. */
  allowedDomains: string[];
  /** The team that new accounts join as member; null: a personal team, as sign-up by e-mail does. */
  defaultTeamId: number | null;
}

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
  /** Remembered devices: absolute and idle lifetimes (docs/decisions/033-remembered-devices.md). */
  deviceAbsoluteMs: number;
  deviceIdleMs: number;
  /** Failed sign-ins allowed per account and per IP within the window before 429. */
  loginThrottle: { windowMs: number; perAccount: number; perIp: number };
  /** E-mails sent per address and per IP within the window before 429. */
  emailThrottle: { windowMs: number; perAddress: number; perIp: number };
  /** One-time token lifetimes. */
  magicLinkTtlMs: number;
  passwordResetTtlMs: number;
  invitationTtlMs: number;
  /** When set, the app's own port also serves GET /metrics, to this bearer token only (decision 030). */
  metricsToken: string | undefined;
  /**
   * The port of the metrics listener on 127.0.0.1 (GET /metrics without a token, for a Prometheus on this host);
   * 0: any free port; null: no such listener.
   */
  metricsPort: number | null;
  /** Avatars from the public avatar service (Gravatar); false: identicons drawn in the browser (decision 030). */
  avatarsGravatar: boolean;
  /** Writes, and searches and exports, allowed per user (or client address) a minute; 0 turns a limit off. */
  rateLimits: { writesPerMinute: number; readsPerMinute: number };
  /** Live streams send a heartbeat and re-check their session this often. */
  liveHeartbeatMs: number;
  /** How often each process retries jobs left active by a process that died (server/lib/jobs.ts). */
  jobsSuperviseSeconds: number;
  /** When follow-up action reminders are looked for (cron, UTC); null: never (decision 018). */
  actionRemindersCron: string | null;
  /** When teams are checked for a weekly digest due (cron, UTC); null: no digests (decision 021). */
  digestCron: string | null;
  /**
   * The key (32 bytes, base64) that encrypts stored secrets such as webhook signing secrets; when unset, a key file
   * `secrets.key` is created in DATA_DIR on first use (server/lib/secret-box.ts).
   */
  secretsKey: string | undefined;
  /** Let webhooks reach loopback, private, link-local and metadata addresses (local development and tests only). */
  webhookAllowPrivate: boolean;
  /** Serve the web build's source maps (built only with SOURCE_MAPS=true too; decision 029). */
  sourceMaps: boolean;
  /** The PostgreSQL pool that serves requests: its size, statement timeout and wait for a free connection. */
  pgPool: PostgresPoolOptions;
  /**
   * On SIGTERM/SIGINT, how long /readyz answers 503 while requests are still served, before the server stops
   * accepting (decision 034); 0 stops at once.
   */
  shutdownDrainMs: number;
  /** New requests started per turn of the event loop, so that requests already started finish first; 0: no limit. */
  requestsPerTurn: number;
  /** Single sign-on; null when OIDC_ISSUER is unset. */
  oidc: OidcConfig | null;
  /** Only single sign-on for everyone but super admins (password, sign-up and magic links answer 403). */
  oidcOnly: boolean;
}

export class ConfigError extends Error {}

const SECRET_VARIABLES = new Set(['SECRETS_KEY', 'OIDC_CLIENT_SECRET']);

function oidcFrom(e: z.infer<typeof envSchema>): OidcConfig | null {
  const set = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter((v) => v !== undefined).length;
  if (set > 0 && set < 3)
    throw new ConfigError(
      'Invalid configuration: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together (single sign-on) or not at all',
    );
  if (e.OIDC_ONLY === 'true' || e.OIDC_ONLY === '1') {
    if (set === 0)
      throw new ConfigError(
        'Invalid configuration: OIDC_ONLY needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
      );
  }
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) return null;
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    providerName: e.OIDC_PROVIDER_NAME,
    allowedDomains: splitList(e.OIDC_ALLOWED_DOMAINS),
    defaultTeamId: e.OIDC_DEFAULT_TEAM ?? null,
  };
}

function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    // A secret's value is never echoed: this line goes to the console and the process logs.
    const got = SECRET_VARIABLES.has(variable) ? '[redacted]' : (env[variable] ?? '');
    throw new ConfigError(`Invalid configuration: ${variable} ${issue.message} (got "${got}")`);
  }
  const e = parsed.data;
  if (e.METRICS_PORT !== 'off' && e.METRICS_PORT !== '0' && Number(e.METRICS_PORT) === e.PORT)
    throw new ConfigError(
      `Invalid configuration: METRICS_PORT must differ from PORT (both are ${e.PORT}); set another port, or 'off'`,
    );
  const oidc = oidcFrom(e);
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
    metricsPort: e.METRICS_PORT === 'off' ? null : Number(e.METRICS_PORT),
    avatarsGravatar: e.AVATARS_GRAVATAR === 'true' || e.AVATARS_GRAVATAR === '1',
    sessionIdleMs: 24 * 60 * 60 * 1000,
    sessionAbsoluteMs: 30 * 24 * 60 * 60 * 1000,
    deviceAbsoluteMs: 30 * 24 * 60 * 60 * 1000,
    deviceIdleMs: 14 * 24 * 60 * 60 * 1000,
    loginThrottle: { windowMs: 15 * 60 * 1000, perAccount: 10, perIp: 50 },
    emailThrottle: { windowMs: 15 * 60 * 1000, perAddress: 5, perIp: 30 },
    magicLinkTtlMs: 15 * 60 * 1000,
    passwordResetTtlMs: 60 * 60 * 1000,
    invitationTtlMs: 7 * 24 * 60 * 60 * 1000,
    liveHeartbeatMs: LIVE_HEARTBEAT_SECONDS * 1000,
    jobsSuperviseSeconds: e.JOBS_SUPERVISE_SECONDS,
    actionRemindersCron: e.ACTION_REMINDERS_CRON === 'off' ? null : e.ACTION_REMINDERS_CRON,
    digestCron: e.DIGEST_CRON === 'off' ? null : e.DIGEST_CRON,
    secretsKey: e.SECRETS_KEY,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true' || e.WEBHOOK_ALLOW_PRIVATE === '1',
    sourceMaps: e.SOURCE_MAPS === 'true' || e.SOURCE_MAPS === '1',
    rateLimits: {
      writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE,
      readsPerMinute: e.RATE_LIMIT_READS_PER_MINUTE,
    },
    pgPool: {
      max: e.PG_POOL_MAX,
      statementTimeoutMs: e.PG_STATEMENT_TIMEOUT_MS,
      acquireTimeoutMs: e.PG_POOL_ACQUIRE_TIMEOUT_MS,
    },
    requestsPerTurn: e.REQUESTS_PER_TURN,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    oidc,
    oidcOnly: oidc !== null && (e.OIDC_ONLY === 'true' || e.OIDC_ONLY === '1'),
  };
}

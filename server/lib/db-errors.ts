// PostgreSQL error codes seen through drizzle (which wraps driver errors in `cause`), on pg and PGlite alike.

/** The error and its causes, outermost first (drizzle's DrizzleQueryError wraps the driver's error). */
function* causes(error: unknown): Generator<{ code?: unknown; constraint?: unknown; message?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

function pgCode(error: unknown): { code?: string; constraint?: string } {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
  }
  return {};
}

/** The violated unique constraint's name, or null when the error is something else. */
export function uniqueViolation(error: unknown): string | null {
  const { code, constraint } = pgCode(error);
  return code === '23505' ? (constraint ?? 'unknown') : null;
}

/** What clients are told to wait before trying again when the database is busy. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 2;

// node-postgres' pool gives these errors no code: waiting for a free connection, or for a new one, took too long.
const POOL_TIMEOUT_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
];

/**
 * Why the database could not answer in time: a statement cancelled (SQLSTATE 57014: PG_STATEMENT_TIMEOUT_MS, or an
 * operator's pg_cancel_backend) or no connection free within PG_POOL_ACQUIRE_TIMEOUT_MS; null for anything else.
 */
export function databaseBusy(error: unknown): 'statement_timeout' | 'pool_timeout' | null {
  if (pgCode(error).code === '57014') return 'statement_timeout';
  for (const e of causes(error)) {
    if (typeof e.message === 'string' && POOL_TIMEOUT_MESSAGES.includes(e.message)) return 'pool_timeout';
  }
  return null;
}

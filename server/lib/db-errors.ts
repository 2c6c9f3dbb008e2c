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
 * operator's pg_cancel_backend), a lock waited for past the server's lock_timeout (55P03, a lock held elsewhere), or
 * no connection free within PG_POOL_ACQUIRE_TIMEOUT_MS; null for anything else.
 */
export function databaseBusy(error: unknown): 'statement_timeout' | 'lock_timeout' | 'pool_timeout' | null {
  const { code } = pgCode(error);
  if (code === '57014') return 'statement_timeout';
  if (code === '55P03') return 'lock_timeout';
  for (const e of causes(error)) {
    if (typeof e.message === 'string' && POOL_TIMEOUT_MESSAGES.includes(e.message)) return 'pool_timeout';
  }
  return null;
}

// node-postgres' own texts for a connection that is gone: lost under a statement or between two (the client is then
// unqueryable), or closed as the pool or process shuts down.
const CONNECTION_LOST_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];
// Node's codes for a socket that could not be opened or was cut (host gone, port closed, address not resolved).
const SOCKET_ERRNOS = [
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
];

/**
 * SQLSTATEs of a connection, not a statement, failing: class 08 (connection exception), 57P01-57P03 (the backend
 * was terminated by an operator or a shutdown, the server crashed, or it accepts no connections yet: starting,
 * recovering, a failover), 53300 (no connection slot left).
 */
const isConnectionSqlstate = (code: string) => /^(08[0-9A-Z]{3}|57P0[123]|53300)$/.test(code);

/**
 * Why the database could not be reached (decision 028): the SQLSTATE or socket error code when the error has one,
 * `connection_lost` for node-postgres' own texts; null when the error is anything else (a statement's own failure).
 */
export function databaseUnreachable(error: unknown): string | null {
  for (const e of causes(error)) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && (SOCKET_ERRNOS.includes(code) || (/^[0-9A-Z]{5}$/.test(code) && isConnectionSqlstate(code))))
      return code;
    if (typeof e.message === 'string' && CONNECTION_LOST_MESSAGES.includes(e.message))
      return 'connection_lost';
  }
  return null;
}

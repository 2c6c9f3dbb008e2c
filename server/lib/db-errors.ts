// PostgreSQL error codes seen through drizzle (which wraps driver errors in `cause`), on pg and PGlite alike.
function pgCode(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
    current = e.cause;
  }
  return {};
}

/** The violated unique constraint's name, or null when the error is something else. */
export function uniqueViolation(error: unknown): string | null {
  const { code, constraint } = pgCode(error);
  return code === '23505' ? (constraint ?? 'unknown') : null;
}

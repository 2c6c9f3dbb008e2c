// How an error is written to the log (decision 028): enough to debug (its class, code, message, stack, the statement
// that failed and why) and never the data it was working on. drizzle's query errors carry the statement's
// parameters in their message, stack and `params` (an incident's text, an e-mail address); PostgreSQL's `detail`
// quotes the row a constraint refused ("Key (email)=(…) already exists"), and a data exception's message the value
// it refused.

/** Fields that may quote values: drizzle's parameters and statement (kept apart, without them), PostgreSQL's row
 * detail, PL/pgSQL context and internal query, and the client a pool attaches to an idle client's error. */
const LEFT_OUT = new Set([
  'params',
  'query',
  'detail',
  'where',
  'internalQuery',
  'client',
  'message',
  'stack',
]);
const STATEMENT_MAX_CHARS = 1_000;
const MAX_DEPTH = 4;

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  /** drizzle's statement text, with $n placeholders where its values were. */
  statement?: string;
  cause?: SerializedError;
  errors?: SerializedError[];
  [field: string]: unknown;
}

/** drizzle's DrizzleQueryError: "Failed query: <statement>\nparams: <values>", with both as fields too. */
function failedQuery(error: Error): string | null {
  const { query, params } = error as Error & { query?: unknown; params?: unknown };
  return typeof query === 'string' && Array.isArray(params) && error.message.startsWith('Failed query: ')
    ? query
    : null;
}

/** Pino's `err` serializer for every log line. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const type = error.constructor?.name || error.name;
  const statement = failedQuery(error);
  const out: SerializedError = { type, message: error.message, stack: '' };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('22')) {
    // A data exception quotes the value it could not take ('invalid input syntax for type integer: "…"').
    out.message = error.message.replace(/"[^"]*"/g, '"[value]"');
  }
  if (statement !== null) {
    out.message = 'Failed query (its parameters are left out of the log)';
    out.statement =
      statement.length > STATEMENT_MAX_CHARS ? `${statement.slice(0, STATEMENT_MAX_CHARS)}…` : statement;
  }
  // The stack's first lines repeat the message: the frames only, after the (safe) message.
  const frames = error.stack?.indexOf('\n    at ') ?? -1;
  out.stack = `${type}: ${out.message}${frames >= 0 ? error.stack!.slice(frames) : ''}`;
  for (const [field, value] of Object.entries(error)) {
    if (LEFT_OUT.has(field) || field === 'cause' || field === 'errors') continue;
    if (['string', 'number', 'boolean'].includes(typeof value)) out[field] = value;
  }
  if (depth < MAX_DEPTH) {
    if (error.cause !== undefined) out.cause = serializeError(error.cause, depth + 1);
    if (error instanceof AggregateError)
      out.errors = error.errors.slice(0, 5).map((inner: unknown) => serializeError(inner, depth + 1));
  }
  return out;
}

// The transport helper of docs/product.md §7: JSON in and out; network failures and 5xx retried up to 3 times with a 1 s
// delay that doubles; 4xx never retried; the error text comes from the response's `error` field.
import { MESSAGES } from '../../common/domain/messages';
import { TIMINGS } from '../../common/domain/options';
import { takeEarlyAnswer } from './api/early-answers';
import type { EarlyAnswer } from './api/first-reads';
import type { ResponseParser } from './response-parser';
import { checkLater, isLater, type LaterSchema } from './schema-later';
import { readToken } from './session/token-storage';
import './zod-jitless';

export type ApiErrorKind = 'http' | 'network' | 'invalid-response';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  readonly code: string | undefined;

  constructor(kind: ApiErrorKind, message: string, status = 0, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.code = code;
  }
}

export type { ResponseParser };

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * Validates the success body; a mismatch is an 'invalid-response' error rather than a crash later on. A schema
   * that loads later (web/lib/schema-later.ts) checks an early answer after the first paint.
   */
  schema: ResponseParser<T> | LaterSchema<T>;
  signal?: AbortSignal;
  /** Retries after the first attempt; docs/product.md §7 says 3. Tests and non-idempotent calls may lower it. */
  retries?: number;
  /** A credential other than this tab's session (the wall's display token, decision 050). */
  bearer?: string;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function readJson(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    // The connection dropped while the body was streaming: as much a network failure as no answer at all.
    throw new ApiError('network', MESSAGES.networkError);
  }
  return parseJson(text);
}

function errorFrom(status: number, body: unknown): ApiError {
  const record = (body ?? {}) as { error?: unknown; code?: unknown };
  const message =
    typeof record.error === 'string' && record.error ? record.error : `Request failed (${status})`;
  return new ApiError('http', message, status, typeof record.code === 'string' ? record.code : undefined);
}

/**
 * Dispatched on window when the server refuses the bearer token a call carried (401): the session provider then
 * clears it and tries this browser's remembered device (decision 033). The event's detail is the refused token.
 */
export const SESSION_REFUSED_EVENT = 'oopsboard:session-refused';

const isRetryable = (error: unknown) =>
  error instanceof ApiError && (error.kind === 'network' || (error.kind === 'http' && error.status >= 500));

async function attempt(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    // An abort is the caller's decision, not a network failure: pass it through untouched.
    if (init.signal?.aborted) throw error;
    throw new ApiError('network', MESSAGES.networkError);
  }
  const body = await readJson(response);
  if (!response.ok) throw errorFrom(response.status, body);
  return { status: response.status, body };
}

/** A schema that loads later; its chunk failing to arrive is a network failure like any other (and retried). */
async function loadSchema<T>(schema: LaterSchema<T>): Promise<ResponseParser<T>> {
  try {
    return await schema.loadSchema();
  } catch {
    throw new ApiError('network', MESSAGES.networkError);
  }
}

/** The first attempt of a read the early script sent (decision 057): its answer counts as this call's own. */
async function earlyAttempt(answer: Promise<EarlyAnswer>): Promise<{ status: number; body: unknown }> {
  const { status, text } = await answer;
  if (status === 0) throw new ApiError('network', MESSAGES.networkError);
  const body = parseJson(text);
  if (status < 200 || status > 299) throw errorFrom(status, body);
  return { status, body };
}

/** Calls the API; resolves with the body parsed by `schema`, or rejects with an ApiError. */
export async function request<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method = 'GET', body, schema, signal, retries = TIMINGS.retryMax, bearer } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const token = bearer ?? readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const init: RequestInit = {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  };

  // A read this page's early script sent already (decision 057) is not sent again: its answer is the first attempt's.
  const early = method === 'GET' && bearer === undefined ? takeEarlyAnswer(path, token) : undefined;
  for (let retry = 0; ; retry++) {
    try {
      const fromEarly = retry === 0 && early !== undefined;
      const { status, body: payload } = fromEarly ? await earlyAttempt(early) : await attempt(path, init);
      if (fromEarly && isLater(schema)) {
        checkLater(schema, path, payload);
        return payload as T;
      }
      const parser = isLater(schema) ? await loadSchema(schema) : schema;
      const parsed = parser.safeParse(payload);
      if (!parsed.success) throw new ApiError('invalid-response', MESSAGES.invalidResponse, status);
      return parsed.data;
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      // Signing out with a session already gone is no reason to restore one.
      const refused = error instanceof ApiError && error.status === 401 && error.code === 'unauthenticated';
      if (token && refused && path !== '/api/auth/logout') {
        window.dispatchEvent(new CustomEvent(SESSION_REFUSED_EVENT, { detail: token }));
      }
      if (!isRetryable(error) || retry >= retries) throw error;
      await wait(TIMINGS.retryDelayMs * 2 ** retry, signal);
    }
  }
}

/** The user-facing text of any failure thrown by request(). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}

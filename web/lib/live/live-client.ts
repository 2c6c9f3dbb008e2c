// The live-update stream (GET /api/live): reads Server-Sent Events through fetch with the bearer header, hands each
// `oops` event to the caller, and reconnects with a doubling back-off when the stream drops. Polling stays the
// fallback, so a dead stream only delays updates; a 401/403 stops for good (the session is gone or teamless).
import type { LiveEvent } from '../../../common/contracts/live';
import { createSseParser } from './sse-parser';

export interface LiveClientOptions {
  onEvent: (event: LiveEvent) => void;
  /** Called after a reconnect (not the first connect): events may have been missed while the stream was down. */
  onReconnect?: () => void;
  getToken: () => string | null;
  url?: string;
  /** First back-off delay; the server's `retry:` field replaces it once received. */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

export const LIVE_BACKOFF = { initialDelayMs: 1000, maxDelayMs: 30_000 } as const;

/** Delay before reconnect attempt `attempt` (0-based): base, 2×base, 4×base … capped at max. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** attempt);
}

// Event types come from the contract; checked by hand so the stream does not pull zod into the dashboard's chunk.
const LIVE_TYPES: readonly string[] = [
  'oops.created',
  'oops.updated',
  'oops.notes',
  'oops.actions',
  'team.updated',
  'lessons.changed',
] satisfies LiveEvent['type'][];

function parseEvent(data: string): LiveEvent | null {
  try {
    const value = JSON.parse(data) as { type?: unknown; id?: unknown };
    if (typeof value.type === 'string' && LIVE_TYPES.includes(value.type) && typeof value.id === 'number') {
      return { type: value.type as LiveEvent['type'], id: value.id };
    }
  } catch {
    // A malformed message is skipped; the next refresh brings the data anyway.
  }
  return null;
}

/** Opens the stream; returns a function that closes it and stops reconnecting. */
export function connectLive(options: LiveClientOptions): () => void {
  const {
    onEvent,
    onReconnect,
    getToken,
    url = '/api/live',
    initialDelayMs = LIVE_BACKOFF.initialDelayMs,
    maxDelayMs = LIVE_BACKOFF.maxDelayMs,
  } = options;
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let baseDelay = initialDelayMs;
  let connectedBefore = false;

  const scheduleReconnect = () => {
    if (stopped) return;
    const delay = backoffDelay(attempt, baseDelay, maxDelayMs);
    attempt += 1;
    timer = setTimeout(() => void run(), delay);
  };

  const run = async () => {
    timer = null;
    const token = getToken();
    if (stopped || !token) return;
    controller = new AbortController();
    try {
      const response = await fetch(url, {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (response.status === 401 || response.status === 403) return;
      if (!response.ok || !response.body) {
        scheduleReconnect();
        return;
      }
      attempt = 0;
      if (connectedBefore) onReconnect?.();
      connectedBefore = true;
      const parser = createSseParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const message of parser.push(value)) {
          if (message.event !== 'oops') continue;
          const event = parseEvent(message.data);
          if (event) onEvent(event);
        }
        baseDelay = parser.retryMs() ?? baseDelay;
      }
    } catch {
      // Network failure or abort: handled below.
    }
    if (!stopped) scheduleReconnect();
  };

  void run();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    controller?.abort();
  };
}

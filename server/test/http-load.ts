// Light HTTP load on a running server for fault tests: a few clients writing and reading in turn, each answer
// recorded with when its request started and ended.
import { performance } from 'node:perf_hooks';

export interface Sample {
  what: 'write' | 'read';
  /** performance.now() when the request was sent and when its answer (or failure) came. */
  start: number;
  end: number;
  /** The HTTP status, or 'failed' when no answer came (connection refused or reset by the server). */
  status: number | 'failed';
  retryAfter: string | null;
}

export interface HttpLoad {
  samples: Sample[];
  /** Resolves once `count` more answers have come in. */
  answered(count?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `clients` clients, each logging an incident (with `marker` in its description), then reading it back. */
export function startHttpLoad(url: string, token: string, marker: string, clients = 4): HttpLoad {
  const samples: Sample[] = [];
  const waiters: { at: number; resolve: () => void }[] = [];
  let stopped = false;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const request = async (what: Sample['what'], path: string, init: RequestInit = {}) => {
    const start = performance.now();
    let status: Sample['status'] = 'failed';
    let retryAfter: string | null = null;
    let body: unknown = null;
    try {
      const res = await fetch(`${url}${path}`, { ...init, headers, signal: AbortSignal.timeout(15_000) });
      status = res.status;
      retryAfter = res.headers.get('retry-after');
      body = await res.json().catch(() => null);
    } catch {
      // no answer: recorded as failed
    }
    samples.push({ what, start, end: performance.now(), status, retryAfter });
    for (const waiter of waiters.filter((w) => samples.length >= w.at)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    return { status, body };
  };
  const client = async (c: number) => {
    for (let i = 0; !stopped; i++) {
      const written = await request('write', '/api/oops', {
        method: 'POST',
        body: JSON.stringify({
          title: `Fault load ${c}.${i}`,
          severity: 'Low',
          description: `Written under database faults: ${marker}`,
        }),
      });
      const id = (written.body as { id_slug?: string } | null)?.id_slug;
      await request('read', id ? `/api/oops/detail/${id}` : '/api/oops/stats');
      // Not a tight loop while the database is away: a few requests a second per client.
      if (written.status !== 201) await new Promise((r) => setTimeout(r, 50));
    }
  };
  const running = Array.from({ length: clients }, (_, c) => client(c));
  return {
    samples,
    answered: (count = 1) => new Promise((resolve) => waiters.push({ at: samples.length + count, resolve })),
    stop: async () => {
      stopped = true;
      await Promise.all(running);
    },
  };
}

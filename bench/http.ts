// autocannon helpers: run a load against a URL and summarise latency and throughput.
import autocannon from 'autocannon';

// What every browser sends; the dashboard's larger answers (the timeline list) are then served gzipped.
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export interface LoadResult {
  label: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Connection errors, timeouts included (autocannon counts them in both). */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Responses by status code. */
  statuses: Record<string, number>;
}

export async function load(
  label: string,
  url: string,
  opts: {
    headers?: Record<string, string>;
    connections?: number;
    seconds?: number;
    requests?: autocannon.Request[];
    /** Runs once per connection (e.g. to sign each one in as someone else). */
    setupClient?: (client: autocannon.Client) => void;
  } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: opts.connections ?? 50,
    duration: opts.seconds ?? 10,
    headers: opts.headers,
    requests: opts.requests,
    setupClient: opts.setupClient,
  });
  return {
    label,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: result.latency.p97_5 !== undefined ? percentile95(result) : result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count ?? 0]),
    ),
  };
}

/** The p-th percentile (0-100) of some samples, nearest rank. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

// autocannon reports p90, p97.5 and p99 but not p95; interpolate between p90 and p97.5.
function percentile95(result: autocannon.Result): number {
  const { p90, p97_5 } = result.latency;
  return Math.round((p90 + ((p97_5 - p90) * 5) / 7.5) * 10) / 10;
}

export function printTable(rows: LoadResult[], ceiling?: number): void {
  console.log(
    [
      'endpoint'.padEnd(44),
      'req/s'.padStart(7),
      'p50'.padStart(6),
      'p95'.padStart(6),
      'p99'.padStart(6),
      'errors'.padStart(7),
      ceiling ? 'of ceiling'.padStart(11) : '',
    ].join(' '),
  );
  for (const r of rows) {
    console.log(
      [
        r.label.padEnd(44),
        String(r.rps).padStart(7),
        `${r.p50}`.padStart(6),
        `${r.p95}`.padStart(6),
        `${r.p99}`.padStart(6),
        String(r.errors + r.non2xx).padStart(7),
        ceiling ? `${Math.round((r.rps / ceiling) * 100)} %`.padStart(11) : '',
      ].join(' '),
    );
  }
}

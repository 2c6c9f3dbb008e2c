// Where a load run's time went, by route: the app's own request-duration histogram (server/plugins/metrics.ts),
// scraped before and after the run, so the figures are the run's only. Tells which kind of request makes the tail.

const LINE = /^oopsboard_http_request_duration_seconds_(bucket|sum|count)\{([^}]*)\} (\S+)$/;
const CACHE_LINE = /^oopsboard_team_cache_lookups_total\{result="(hit|miss)"\} (\S+)$/;

interface Scrape {
  routes: Map<string, { sum: number; count: number; buckets: Map<number, number> }>;
  /** The team cache's lookups (server/cache/team-cache.ts). */
  cache: { hit: number; miss: number };
}

/** Scrapes the app's metrics listener at `base` (http://127.0.0.1:port, decision 030). */
export async function scrapeRouteTimes(base: string): Promise<Scrape> {
  const res = await fetch(`${base}/metrics`);
  const routes: Scrape['routes'] = new Map();
  const cache = { hit: 0, miss: 0 };
  for (const line of (await res.text()).split('\n')) {
    const c = CACHE_LINE.exec(line);
    if (c) cache[c[1] as 'hit' | 'miss'] = Number(c[2]);
    const m = LINE.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = Object.fromEntries(
      [...m[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1]!, l[2]!]),
    );
    const key = `${labels.method} ${labels.route}`;
    const entry = routes.get(key) ?? { sum: 0, count: 0, buckets: new Map() };
    const value = Number(m[3]);
    // Summed over status codes.
    if (m[1] === 'sum') entry.sum += value;
    else if (m[1] === 'count') entry.count += value;
    else if (labels.le !== undefined && labels.le !== '+Inf') {
      const le = Number(labels.le);
      entry.buckets.set(le, (entry.buckets.get(le) ?? 0) + value);
    }
    routes.set(key, entry);
  }
  return { routes, cache };
}

/**
 * Prints requests, mean and the share slower than 100 ms and 1 s, for each route, between two scrapes; then how many
 * of the team cache's lookups were answered from it.
 */
export function printRouteTimes(before: Scrape, after: Scrape): void {
  console.log(
    '  by route (server-side time):           requests   mean ms    >25 ms    >50 ms   >100 ms   >1 s',
  );
  const rows = [...after.routes].map(([key, a]) => {
    const b = before.routes.get(key);
    const count = a.count - (b?.count ?? 0);
    const under = (le: number) => (a.buckets.get(le) ?? 0) - (b?.buckets.get(le) ?? 0);
    return { key, count, mean: ((a.sum - (b?.sum ?? 0)) / Math.max(count, 1)) * 1000, under };
  });
  for (const r of rows.filter((r) => r.count > 0).sort((x, y) => y.count - x.count)) {
    const over = (le: number) => `${(((r.count - r.under(le)) / r.count) * 100).toFixed(1)} %`;
    console.log(
      `  ${r.key.padEnd(38)} ${String(r.count).padStart(8)} ${r.mean.toFixed(1).padStart(9)} ${over(0.025).padStart(9)} ${over(0.05).padStart(9)} ${over(0.1).padStart(9)} ${over(1).padStart(6)}`,
    );
  }
  const hits = after.cache.hit - before.cache.hit;
  const lookups = hits + after.cache.miss - before.cache.miss;
  console.log(
    `  team cache: ${lookups} lookups, ${((hits / Math.max(lookups, 1)) * 100).toFixed(1)} % answered from it`,
  );
}

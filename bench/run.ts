// `npm run bench`: the dashboard endpoints under load, on PGlite and on PostgreSQL, against a bare Fastify route.
//   BENCH_TEAM (default 100000) incidents in the measured team, BENCH_TOTAL (default 1000000) in the database,
//   BENCH_SECONDS (default 10) per endpoint, BENCH_CONNECTIONS (default 50), BENCH_DATABASE_URL for PostgreSQL
//   (default postgres://postgres@127.0.0.1:5432/postgres; a scratch database is created and dropped),
//   BENCH_DBS=pglite,postgres to choose, BENCH_COST_RUNS (default 30).
// The app runs in its own process (bench/app-process.ts), autocannon in this one; requests carry a browser's
// Accept-Encoding. Each endpoint gets a 2 s warm-up first.
// Also measures the uncached cost of each stats endpoint for a 10,000-incident team at 10,000 vs BENCH_TOTAL
// incidents in the database, and of each dashboard endpoint for the big team. Prints figures; asserts nothing.
import { startAppProcess } from './app-client';
import type { Cost } from './app-process';
import { BROWSER_HEADERS, load, printTable, type LoadResult } from './http';
import { withScratchDatabase } from './scratch-db';

const TEAM = Number(process.env.BENCH_TEAM ?? 100_000);
const TOTAL = Number(process.env.BENCH_TOTAL ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STATS = [
  '/api/oops/stats',
  '/api/oops/last',
  '/api/oops/department-stats',
  '/api/oops/last-by-department',
  '/api/teams/stats',
];
// What /dashboard asks for (the timeline's list included), and the department list of the stats API.
const DASHBOARD = [...STATS, '/api/oops?limit=100&kind=incident', '/api/oops/departments'];

const COST_RUNS = Number(process.env.BENCH_COST_RUNS ?? 30);
interface Seeded {
  token: string;
  teamId: number;
}

async function ceiling(): Promise<number> {
  const server = startAppProcess();
  const { url } = await server.call<{ url: string }>({ type: 'bare' });
  const opts = { headers: BROWSER_HEADERS, connections: CONNECTIONS };
  await load('warm-up', url, { ...opts, seconds: 2 });
  const result = await load('bare Fastify JSON route (ceiling)', url, { ...opts, seconds: SECONDS });
  await server.stop();
  printTable([result]);
  return result.rps;
}

/** Each path under load for `SECONDS`, after a 2 s warm-up that is not counted (JIT, first cache fill). */
async function measure(base: string, token: string, paths: string[]): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  for (const path of paths) {
    const opts = {
      headers: { ...BROWSER_HEADERS, authorization: `Bearer ${token}` },
      connections: CONNECTIONS,
    };
    await load('warm-up', `${base}${path}`, { ...opts, seconds: 2 });
    results.push(await load(`GET ${path}`, `${base}${path}`, { ...opts, seconds: SECONDS }));
  }
  return results;
}

async function benchDatabase(kind: string, databaseUrl: string | undefined, bareRps: number): Promise<void> {
  console.log(`\n== ${kind} ==`);
  const server = startAppProcess();
  const { call } = server;
  try {
    const { url: base } = await call<{ url: string }>({ type: 'open', databaseUrl });
    const t = performance.now();
    const small = await call<Seeded>({ type: 'seed', count: 10_000 });
    const cost = async (team: Seeded, paths: string[]) =>
      (
        await call<Cost[]>({ type: 'cost', token: team.token, teamId: team.teamId, paths, runs: COST_RUNS })
      ).map((c) => c.median);
    const at10k = await cost(small, STATS);
    await call({ type: 'fill', total: TOTAL - TEAM });
    const big = await call<Seeded>({ type: 'seed', count: TEAM });
    console.log(
      `seeded: ${TOTAL.toLocaleString('en')} incidents in ${((performance.now() - t) / 1000).toFixed(0)} s`,
    );
    const atTotal = await cost(small, STATS);
    console.log(
      `\nStats endpoints for a 10,000-incident team, computed without the team cache (median of ${COST_RUNS}, one at a time):` +
        ` cost growth from 10,000 to ${TOTAL.toLocaleString('en')} incidents in the database`,
    );
    STATS.forEach((path, i) =>
      console.log(
        `  ${path.padEnd(32)} ${at10k[i]!.toFixed(1)} → ${atTotal[i]!.toFixed(1)} ms (×${(atTotal[i]! / at10k[i]!).toFixed(2)})`,
      ),
    );
    const bigCost = await cost(big, DASHBOARD);
    console.log(`\nThe same for the ${TEAM.toLocaleString('en')}-incident team (the cost of a cache miss):`);
    DASHBOARD.forEach((path, i) => console.log(`  ${path.padEnd(40)} ${bigCost[i]!.toFixed(1)} ms`));
    console.log(
      `\nDashboard endpoints, ${TEAM.toLocaleString('en')} incidents in the team, ${CONNECTIONS} connections, ${SECONDS} s each (ms):`,
    );
    printTable(await measure(base, big.token, DASHBOARD), bareRps);
  } finally {
    await server.stop();
  }
}

const bareRps = await ceiling();
for (const kind of DBS) {
  if (kind === 'postgres')
    await withScratchDatabase(PG_URL, (url) => benchDatabase('PostgreSQL', url, bareRps));
  else await benchDatabase('PGlite', undefined, bareRps);
}

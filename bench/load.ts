// `npm run bench:load`: the app under a mixed load, in two scenarios, on PostgreSQL and on PGlite
// (docs/performance.md, "Load benchmark"). The app runs in its own process (bench/app-process.ts, with the
// configuration of a production process but no rate limits) and seeds its database in SQL; autocannon runs in a third
// process (bench/load-generator.ts). Each connection is signed in as the owner of a team (the teams in turn, the same
// in the warm-up and the run) and sends 70 % dashboard reads, 20 % list pages and searches, 10 % writes to random
// teams (bench/load-mix.ts).
//   many teams: BENCH_MANY_TEAMS (2,000) teams × BENCH_MANY_SIZE (250) incidents
//   hot team:   2 teams × BENCH_HOT_SIZE (100,000) incidents; before the load, the uncached cost of each statistic in
//               a team of 1,000 and in a hot team, and search p95 in a hot team; after it, BENCH_SSE (5,000; 0 skips)
//               live connections held while incidents are logged
// BENCH_CONNECTIONS (200) for BENCH_SECONDS (60) after a warm-up that is not counted; BENCH_DB=postgres|pglite|both,
// BENCH_SCENARIO=many|hot|both; BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres) hosts a scratch
// database that is dropped afterwards. Prints req/s, latency, errors, the server's peak RSS and worst event-loop delay
// for each run; asserts nothing. Needs a high open-file limit (the npm script raises it).
import { fork } from 'node:child_process';
import { startAppProcess, type AppProcess } from './app-client';
import type { Cost, LoadTeam } from './app-process';
import type { LoadResult } from './http';
import type { GeneratorRun } from './load-generator';
import { COMMON_WORD } from './load-mix';
import { measureLiveFanOut } from './load-sse';
import { cpuBetween, cpuMs, peakRssMb, postgresCpuMs, resetPeakRss } from './proc-status';
import { printRouteTimes, scrapeRouteTimes } from './route-times';
import { withScratchDatabase } from './scratch-db';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
function choice<T extends string>(name: string, options: readonly T[]): T[] {
  const value = process.env[name] ?? 'both';
  if (value === 'both') return [...options];
  if (!options.includes(value as T)) throw new Error(`${name} must be ${options.join(', ')} or both`);
  return [value as T];
}

const MANY_TEAMS = num('BENCH_MANY_TEAMS', 2000);
const MANY_SIZE = num('BENCH_MANY_SIZE', 250);
const HOT_SIZE = num('BENCH_HOT_SIZE', 100_000);
const HOT_TEAMS = 2;
const SECONDS = num('BENCH_SECONDS', 60);
const WARM_UP_SECONDS = Math.min(5, SECONDS);
const CONNECTIONS = num('BENCH_CONNECTIONS', 200);
const SSE = num('BENCH_SSE', 5000);
const COST_SIZE = 1000;
const COST_RUNS = num('BENCH_COST_RUNS', 30);
const SEARCH_RUNS = 100;
const DATABASES = choice('BENCH_DB', ['postgres', 'pglite'] as const);
const SCENARIOS = choice('BENCH_SCENARIO', ['many', 'hot'] as const);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The UTC date `days` days before today (YYYY-MM-DD). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const STATS = [
  '/api/oops/stats',
  '/api/oops/department-stats',
  '/api/oops/last-by-department',
  '/api/oops/departments',
  '/api/teams/stats',
  // Trends and distributions over the report's 90 days (decision 051): durations read the period's rows.
  `/api/team/current/trends?from=${daysAgo(89)}`,
  `/api/team/current/distributions?from=${daysAgo(89)}`,
];
const SEARCH = `/api/oops?search=${COMMON_WORD}&limit=20`;
const DATABASE_NAMES = { postgres: 'PostgreSQL', pglite: 'PGlite' };
const en = (n: number) => n.toLocaleString('en');

interface Row {
  run: string;
  result: LoadResult;
  peakRss: string;
  loopDelayMs: number;
}

const generator = fork(new URL('./load-generator.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
function generate(run: GeneratorRun): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    generator.once('message', (m: { ok: boolean; result?: LoadResult; error?: string }) =>
      m.ok ? resolve(m.result!) : reject(new Error(m.error)),
    );
    generator.send(run);
  });
}

/**
 * The worst event-loop delay in the server since the previous call: the app's /metrics serves prom-client's
 * monitorEventLoopDelay histogram, which starts over on every scrape.
 */
async function eventLoopMaxMs(base: string): Promise<number> {
  const res = await fetch(`${base}/metrics`);
  const seconds = /^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(await res.text())?.[1];
  return Number(seconds) * 1000;
}

/** The uncached cost of each statistic in a small team and in `team`, and search p95 in `team`. */
async function printCosts(server: AppProcess, small: LoadTeam, team: LoadTeam): Promise<void> {
  const cost = (t: LoadTeam, paths: string[], runs: number) =>
    server.call<Cost[]>({ type: 'cost', token: t.token, teamId: t.teamId, paths, runs });
  const atSmall = await cost(small, STATS, COST_RUNS);
  const atTeam = await cost(team, STATS, COST_RUNS);
  const [search] = await cost(team, [SEARCH], SEARCH_RUNS);
  console.log(
    `\nUncached cost of each statistic (median of ${COST_RUNS}, one at a time, the team cache emptied before each),` +
      ` team of ${en(COST_SIZE)} → ${en(HOT_SIZE)} incidents:`,
  );
  STATS.forEach((path, i) => {
    const [a, b] = [atSmall[i]!.median, atTeam[i]!.median];
    console.log(
      `  ${path.padEnd(32)} ${a.toFixed(1).padStart(6)} → ${b.toFixed(1).padStart(6)} ms (×${(b / a).toFixed(2)})`,
    );
  });
  console.log(
    `Search for a common word (GET ${SEARCH}, ${SEARCH_RUNS} one at a time) in the ${en(HOT_SIZE)}-incident team:` +
      ` p95 ${search!.p95.toFixed(1)} ms, median ${search!.median.toFixed(1)} ms`,
  );
}

function printResult(row: Row): void {
  const r = row.result;
  const others = Object.entries(r.statuses).filter(([code]) => !code.startsWith('2'));
  console.log(
    `  ${en(r.rps)} req/s; latency p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms; errors ${r.errors - r.timeouts},` +
      ` timeouts ${r.timeouts}, non-2xx ${r.non2xx}${others.length ? ` (${others.map(([c, n]) => `${n} × ${c}`).join(', ')})` : ''}`,
  );
  console.log(`  server peak RSS ${row.peakRss} MB; worst event-loop delay ${row.loopDelayMs.toFixed(1)} ms`);
}

async function runScenario(
  kind: keyof typeof DATABASE_NAMES,
  scenario: (typeof SCENARIOS)[number],
  databaseUrl: string | undefined,
): Promise<Row> {
  const [teams, size] = scenario === 'many' ? [MANY_TEAMS, MANY_SIZE] : [HOT_TEAMS, HOT_SIZE];
  const run = `${scenario === 'many' ? 'many teams' : 'hot team'}, ${DATABASE_NAMES[kind]}`;
  console.log(
    `\n== ${run}: ${en(teams)} teams × ${en(size)} incidents, ${CONNECTIONS} connections, ${SECONDS} s ==`,
  );
  const server = startAppProcess();
  const pid = server.child.pid!;
  try {
    const { url, metricsUrl } = await server.call<{ url: string; metricsUrl: string }>({
      type: 'open',
      databaseUrl,
    });
    const started = performance.now();
    // Enough incidents to edit that concurrent edits seldom wait for one another's row lock.
    const editable = Math.min(1000, Math.max(20, Math.ceil(4000 / teams)));
    const small =
      scenario === 'hot'
        ? await server.call<LoadTeam[]>({ type: 'seed-teams', teams: 1, size: COST_SIZE, editable: 0 })
        : [];
    // Dashboards are other people's browsers than the writer's: each connection reads with a session of its own
    // (the team cache serves the writing session fresh answers, everyone else the once-a-second ones).
    const readers = Math.ceil(CONNECTIONS / teams);
    const loadTeams = await server.call<LoadTeam[]>({ type: 'seed-teams', teams, size, editable, readers });
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (small[0]) await printCosts(server, small[0], loadTeams[0]!);

    const load = { url, connections: CONNECTIONS, teams: loadTeams };
    await generate({ ...load, label: 'warm-up', seconds: WARM_UP_SECONDS });
    const peakReset = resetPeakRss(pid);
    // Both read /metrics, and a scrape starts the event-loop histogram over: the delay is read last before the run
    // and first after it.
    const routesBefore = await scrapeRouteTimes(metricsUrl);
    await eventLoopMaxMs(metricsUrl);
    const database = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : '';
    const cpuBefore = { app: cpuMs(pid), postgres: postgresCpuMs(database) };
    const result = await generate({ ...load, label: run, seconds: SECONDS });
    const cpu = {
      app: cpuMs(pid) - cpuBefore.app,
      postgres: cpuBetween(cpuBefore.postgres, postgresCpuMs(database)),
    };
    const loopDelayMs = await eventLoopMaxMs(metricsUrl);
    const routesAfter = await scrapeRouteTimes(metricsUrl);
    const row: Row = {
      run,
      result,
      // Without the reset, the peak includes seeding.
      peakRss: `${peakRssMb(pid)}${peakReset ? '' : ' (since start)'}`,
      loopDelayMs,
    };
    console.log(`\nMixed load (70 % dashboard reads, 20 % list and search, 10 % writes):`);
    printResult(row);
    // Work per request, which other load on the machine changes far less than it changes latency.
    const requests = result.rps * SECONDS;
    console.log(
      `  CPU per request: app ${(cpu.app / requests).toFixed(2)} ms` +
        (kind === 'postgres' ? `, PostgreSQL ${(cpu.postgres / requests).toFixed(2)} ms` : ''),
    );
    printRouteTimes(routesBefore, routesAfter);
    if (scenario === 'hot' && SSE > 0) await measureLiveFanOut(url, loadTeams[0]!.token, SSE, pid);
    return row;
  } finally {
    await server.stop();
  }
}

const rows: Row[] = [];
try {
  for (const kind of DATABASES) {
    for (const scenario of SCENARIOS) {
      if (kind === 'postgres')
        await withScratchDatabase(
          PG_URL,
          async (url) => void rows.push(await runScenario(kind, scenario, url)),
        );
      else rows.push(await runScenario(kind, scenario, undefined));
    }
  }
} finally {
  generator.disconnect();
}

console.log('\nSummary (latency in ms, peak RSS in MB):');
console.log(
  [
    'run'.padEnd(26),
    'req/s',
    '  p50',
    '  p95',
    '  p99',
    'errors',
    'timeouts',
    'non-2xx',
    'peak RSS',
    'loop delay',
  ].join('  '),
);
for (const { run, result: r, peakRss, loopDelayMs } of rows) {
  console.log(
    [
      run.padEnd(26),
      String(r.rps).padStart(5),
      String(r.p50).padStart(5),
      String(r.p95).padStart(5),
      String(r.p99).padStart(5),
      String(r.errors - r.timeouts).padStart(6),
      String(r.timeouts).padStart(8),
      String(r.non2xx).padStart(7),
      peakRss.padStart(8),
      loopDelayMs.toFixed(1).padStart(10),
    ].join('  '),
  );
}

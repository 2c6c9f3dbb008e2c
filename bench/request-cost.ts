// What each request of the load's mix (bench/load-mix.ts) costs, one request at a time (no queueing, so little noise
// from the rest of the machine): the app's CPU and, on PostgreSQL, the CPU of the backends serving it. Under the
// mixed load of `npm run bench:load` the machine's two cores are the limit, so these are what its req/s follow.
// Reads are measured as the team cache answers them (hit) and as they are computed (miss, the team's
// cache emptied before each: after a write, a team's next reads are misses).
// Usage: npx tsx bench/request-cost.ts [requests=600]   (PGlite, in memory)
//        BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/request-cost.ts
// With BENCH_DATABASE_URL a scratch database is created there and dropped afterwards. BENCH_ONLY=<text> measures only
// the requests whose label contains it (to profile one kind: node --cpu-prof --import tsx bench/request-cost.ts).
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { queryRows } from '../server/lib/sql-rows';
import { seedTeam } from './generate';
import { withInProcessApp } from './in-process-app';
import { COMMON_WORD } from './load-mix';
import { BROWSER_HEADERS } from './http';
import { cpuBetween, postgresCpuMs } from './proc-status';

const requests = Number(process.argv[2] ?? 600);
const WARM_UP = 30;

await withInProcessApp(async (app, kind, databaseName) => {
  // A team of the many-teams scenario's size (bench/load.ts).
  const { token, teamId } = await seedTeam(app.db, 250);
  await app.db.execute(sql`analyze`);
  const headers = {
    ...BROWSER_HEADERS,
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  };
  const open = await queryRows<{ id: number }>(
    app.db,
    sql`select id from oops where team_id = ${teamId} and status <> 'Closed' limit 100`,
  );
  let n = 0;
  const get = (url: string) => () => ({ url, headers });
  const miss = () => app.teamCache.clear(teamId);
  // The requests of the load's mix: searches and list pages are cached per team as the dashboard's reads are.
  const cases: [label: string, request: () => InjectOptions, before?: () => void][] = [
    ['GET /api/oops/stats (hit)', get('/api/oops/stats')],
    ['GET /api/oops/stats (miss)', get('/api/oops/stats'), miss],
    ['GET /api/oops/last (miss)', get('/api/oops/last'), miss],
    ['GET /api/oops/department-stats (miss)', get('/api/oops/department-stats'), miss],
    ['GET /api/oops?limit=100 (miss)', get('/api/oops?limit=100'), miss],
    ['GET /api/oops?search= (hit)', get(`/api/oops?search=${COMMON_WORD}&limit=20`)],
    [
      'GET /api/oops?search= (miss: a new term)',
      () => ({ url: `/api/oops?limit=20&search=${encodeURIComponent(`one at a time ${++n}`)}`, headers }),
    ],
    [
      'GET /api/oops?offset= (pages 2-5, miss)',
      () => ({ url: `/api/oops?limit=20&offset=${20 * (1 + (++n % 4))}`, headers }),
      miss,
    ],
    [
      'POST /api/oops',
      () => ({
        method: 'POST',
        url: '/api/oops',
        headers,
        payload: JSON.stringify({
          title: `Logged one at a time ${++n}`,
          severity: 'Low',
          description: 'Logged by the request cost benchmark.',
          oops_type: 'Performance Issue',
          area_department: 'Support',
        }),
      }),
    ],
    [
      'PUT /api/oops/{id} (title)',
      () => ({
        method: 'PUT',
        url: `/api/oops/${open[n++ % open.length]!.id}`,
        headers,
        payload: JSON.stringify({ title: `Edited one at a time ${n}` }),
      }),
    ],
  ];
  console.log(
    `${kind}, a team of 250 incidents, ${requests} requests each, one at a time (CPU per request):`,
  );
  console.log(`  ${'request'.padEnd(40)}      app${databaseName ? '  PostgreSQL' : ''}`);
  const only = process.env.BENCH_ONLY;
  for (const [label, request, before] of cases) {
    if (only && !label.includes(only)) continue;
    const send = async () => {
      before?.();
      const res = await app.inject(request());
      if (res.statusCode >= 300) throw new Error(`${label}: HTTP ${res.statusCode} ${res.body}`);
    };
    for (let i = 0; i < WARM_UP; i++) await send();
    const backends = databaseName ? postgresCpuMs(databaseName) : null;
    const cpu = process.cpuUsage();
    for (let i = 0; i < requests; i++) await send();
    const used = process.cpuUsage(cpu);
    const postgres = backends && cpuBetween(backends, postgresCpuMs(databaseName!));
    const ms = (total: number) => `${(total / requests).toFixed(2)} ms`.padStart(9);
    console.log(
      `  ${label.padEnd(40)} ${ms((used.user + used.system) / 1000)}${postgres === null ? '' : `  ${ms(postgres)}`}`,
    );
  }
});

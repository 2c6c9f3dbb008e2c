// The app's CPU time per request for a write and a search, one request at a time (no queueing, so little noise from
// the rest of the machine): what a request costs the app process, whatever the load. Under the mixed load of
// `npm run bench:load` the app process is the bottleneck, and writes were half of its CPU (docs/performance.md).
// Usage: npx tsx bench/request-cost.ts [requests=600]   (PGlite, in memory)
//        BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/request-cost.ts
// With BENCH_DATABASE_URL a scratch database is created there and dropped afterwards.
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { queryRows } from '../server/lib/sql-rows';
import { seedTeam } from './generate';
import { withInProcessApp } from './in-process-app';

const requests = Number(process.argv[2] ?? 600);
const WARM_UP = 30;

await withInProcessApp(async (app, kind) => {
  // A team of the many-teams scenario's size (bench/load.ts).
  const { token, teamId } = await seedTeam(app.db, 250);
  await app.db.execute(sql`analyze`);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const open = await queryRows<{ id: number }>(
    app.db,
    sql`select id from oops where team_id = ${teamId} and status <> 'Closed' limit 100`,
  );
  let n = 0;
  // The writes of the load's mix (bench/load-mix.ts), and a search whose count is not cached yet.
  const cases: [string, () => InjectOptions][] = [
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
    [
      'GET /api/oops?search= (a new term)',
      () => ({ url: `/api/oops?limit=20&search=${encodeURIComponent(`one at a time ${++n}`)}`, headers }),
    ],
  ];
  console.log(`${kind}, a team of 250 incidents, ${requests} requests each, one at a time:`);
  for (const [label, request] of cases) {
    const send = async () => {
      const res = await app.inject(request());
      if (res.statusCode >= 300) throw new Error(`${label}: HTTP ${res.statusCode} ${res.body}`);
    };
    for (let i = 0; i < WARM_UP; i++) await send();
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < requests; i++) await send();
    const used = process.cpuUsage(cpu);
    const wall = performance.now() - started;
    console.log(
      `  ${label.padEnd(36)} app CPU ${((used.user + used.system) / 1000 / requests).toFixed(2)} ms` +
        `  wall ${(wall / requests).toFixed(2)} ms`,
    );
  }
});

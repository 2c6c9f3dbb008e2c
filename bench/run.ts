// `npm run bench`: the dashboard endpoints under load, on PGlite and on PostgreSQL, against a bare Fastify route.
//   BENCH_TEAM (default 100000) incidents in the measured team, BENCH_TOTAL (default 1000000) in the database,
//   BENCH_SECONDS (default 10) per endpoint, BENCH_CONNECTIONS (default 50), BENCH_DATABASE_URL for PostgreSQL
//   (default postgres://postgres@127.0.0.1:5432/postgres; a scratch database is created and dropped),
//   BENCH_DBS=pglite,postgres to choose.
// Also measures each stats endpoint for a 10,000-incident team at 10,000 vs BENCH_TOTAL incidents in the database.
// Prints figures; asserts nothing.
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedTeam } from './generate';
import { load, printTable, type LoadResult } from './http';
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
const DASHBOARD = [...STATS, '/api/oops?limit=100', '/api/oops/departments'];

async function ceiling(): Promise<number> {
  const bare = Fastify();
  bare.get('/bare', async () => ({ status: 'ok' }));
  const url = await bare.listen({ port: 0, host: '127.0.0.1' });
  const result = await load('bare Fastify JSON route (ceiling)', `${url}/bare`, {
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  await bare.close();
  printTable([result]);
  return result.rps;
}

/** Grows the database to `total` incidents with filler teams of at most 100,000 each. */
async function fillTo(app: FastifyInstance, total: number): Promise<void> {
  const current = Number(
    ((await app.db.execute(sql`select count(*)::int as n from oops`)) as unknown as { rows: { n: number }[] })
      .rows[0]!.n,
  );
  for (let left = total - current; left > 0; left -= 100_000) await seedTeam(app, Math.min(100_000, left));
  await app.db.execute(sql`analyze`);
}

async function measure(
  app: FastifyInstance,
  base: string,
  token: string,
  paths: string[],
  seconds = SECONDS,
): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  for (const path of paths) {
    results.push(
      await load(`GET ${path}`, `${base}${path}`, {
        headers: { authorization: `Bearer ${token}` },
        connections: CONNECTIONS,
        seconds,
      }),
    );
  }
  return results;
}

async function benchDatabase(kind: string, databaseUrl: string | undefined, bareRps: number): Promise<void> {
  console.log(`\n== ${kind} ==`);
  const database = await openDatabase({ databaseUrl, dataDir: ':memory:' });
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent' }),
    loginThrottle: { windowMs: 1, perAccount: 1e9, perIp: 1e9 },
  };
  const app = await buildApp({ config, database, logger: false, distDir: '/nonexistent' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    let t = performance.now();
    const small = await seedTeam(app, 10_000);
    await app.db.execute(sql`analyze`);
    const at10k = await measure(app, base, small.token, STATS, Math.max(3, SECONDS / 2));
    await fillTo(app, TOTAL - TEAM);
    const big = await seedTeam(app, TEAM);
    await app.db.execute(sql`analyze`);
    console.log(
      `seeded: ${TOTAL.toLocaleString('en')} incidents in ${((performance.now() - t) / 1000).toFixed(0)} s`,
    );
    t = performance.now();
    const atTotal = await measure(app, base, small.token, STATS, Math.max(3, SECONDS / 2));
    console.log(
      `\nStats endpoints for a 10,000-incident team: cost growth from 10,000 to ${TOTAL.toLocaleString('en')} incidents in the database`,
    );
    for (let i = 0; i < STATS.length; i++) {
      const a = at10k[i]!;
      const b = atTotal[i]!;
      console.log(
        `  ${STATS[i]!.padEnd(32)} p50 ${a.p50} → ${b.p50} ms, req/s ${a.rps} → ${b.rps} (time ×${(a.rps / Math.max(1, b.rps)).toFixed(2)})`,
      );
    }
    console.log(
      `\nDashboard endpoints, ${TEAM.toLocaleString('en')} incidents in the team, ${CONNECTIONS} connections, ${SECONDS} s each (ms):`,
    );
    printTable(await measure(app, base, big.token, DASHBOARD), bareRps);
  } finally {
    await app.close();
  }
}

const bareRps = await ceiling();
for (const kind of DBS) {
  if (kind === 'postgres')
    await withScratchDatabase(PG_URL, (url) => benchDatabase('PostgreSQL', url, bareRps));
  else await benchDatabase('PGlite', undefined, bareRps);
}

// p95 of GET /api/oops?limit=100 and of GET /api/oops/detail/{idSlug} with 100,000 incidents in one team.
// Usage: npx tsx bench/oops-read.ts [count=100000] [requests=300]   (PGlite, in memory)
//        BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/oops-read.ts
// With BENCH_DATABASE_URL a scratch database is created there and dropped afterwards.
import { sql } from 'drizzle-orm';
import { seedTeam } from './generate';
import { percentile } from './http';
import { withInProcessApp } from './in-process-app';
import { queryRows } from '../server/lib/sql-rows';

const count = Number(process.argv[2] ?? 100_000);
const requests = Number(process.argv[3] ?? 300);

async function measure(label: string, run: () => Promise<{ statusCode: number }>): Promise<void> {
  for (let i = 0; i < 20; i++) await run(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t = performance.now();
    const res = await run();
    samples.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`${label}: HTTP ${res.statusCode}`);
  }
  console.log(
    `${label.padEnd(44)} p50 ${percentile(samples, 50).toFixed(1)} ms  p95 ${percentile(samples, 95).toFixed(1)} ms  (n=${requests})`,
  );
}

await withInProcessApp(async (app, kind) => {
  const seeded = performance.now();
  const { token, teamId } = await seedTeam(app.db, count);
  await app.db.execute(sql`analyze`);
  console.log(`${kind}: seeded ${count} incidents in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  const headers = { authorization: `Bearer ${token}` };
  const rows = await queryRows<{ id: number; slug: string }>(
    app.db,
    sql`select id, slug from oops where team_id = ${teamId} order by random() limit 500`,
  );
  let i = 0;
  await measure('GET /api/oops?limit=100', () => app.inject({ url: '/api/oops?limit=100', headers }));
  await measure('GET /api/oops?limit=100&status=Open', () =>
    app.inject({ url: '/api/oops?limit=100&status=Open', headers }),
  );
  await measure('GET /api/oops?limit=100&search=billing', () =>
    app.inject({ url: '/api/oops?limit=100&search=billing', headers }),
  );
  await measure('GET /api/oops/detail/{idSlug}', () => {
    const r = rows[i++ % rows.length]!;
    return app.inject({ url: `/api/oops/detail/${r.id}-${r.slug}`, headers });
  });
});

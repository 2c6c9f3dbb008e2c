// Time of a CSV import of 10,000 rows (under 30 s on PostgreSQL), through POST /api/oops/import.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/import.ts [rows=10000]
//        npx tsx bench/import.ts   (PGlite, in memory)
// With BENCH_DATABASE_URL a scratch database is created there and dropped afterwards.
import { count, eq } from 'drizzle-orm';
import { oops } from '../server/db/schema';
import { seedTeam } from './generate';
import { withInProcessApp } from './in-process-app';

const rows = Number(process.argv[2] ?? 10_000);
const SEVERITIES = ['Low', 'Medium', 'High', 'Critical'];
const TYPES = ['Service Outage', 'Deployment Issue', 'Data Issue', 'Human Error'];

function file(n: number): string {
  const header =
    'Title,Severity,What happened,Kind,Status,Incident Type,Department,Tags,Occurred,Created at,Resolved at,Root cause,Lesson learned,Preventability';
  const lines = Array.from({ length: n }, (_, i) => {
    const day = String((i % 28) + 1).padStart(2, '0');
    const closed = i % 3 === 0;
    return [
      `Imported incident ${i}`,
      SEVERITIES[i % 4],
      `"Row ${i}: the service misbehaved, and we wrote down what happened, at length."`,
      i % 5 === 0 ? 'near_miss' : 'incident',
      closed ? 'Closed' : 'Open',
      TYPES[i % 4],
      i % 2 ? 'Engineering' : 'Operations',
      'import bench',
      `${day}/03/2025`,
      `${day}/03/2025 10:00`,
      closed ? `${day}/03/2025 12:00` : '',
      'A cause',
      i % 4 === 0 ? `Lesson ${i % 50}` : '',
      String((i % 5) + 1),
    ].join(',');
  });
  return [header, ...lines].join('\r\n');
}

await withInProcessApp(async (app, kind) => {
  const { token, teamId } = await seedTeam(app.db, 0);
  const csv = file(rows);
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/oops/import',
    headers: { authorization: `Bearer ${token}` },
    payload: { csv, day_first: true },
  });
  const seconds = (performance.now() - started) / 1000;
  if (res.statusCode !== 201) throw new Error(`HTTP ${res.statusCode}: ${res.body.slice(0, 500)}`);
  const [stored] = await app.db.select({ n: count() }).from(oops).where(eq(oops.teamId, teamId));
  console.log(
    `${kind}: imported ${stored!.n} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB) in ${seconds.toFixed(1)} s`,
  );
});

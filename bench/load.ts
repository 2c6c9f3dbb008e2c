// `npm run bench:load`: the server as its own process on PostgreSQL with BENCH_TEAM (default 100,000) incidents per
// team; autocannon drives a mixed workload (70 % dashboard reads, 20 % list/search, 10 % writes and edits) with
// BENCH_CONNECTIONS (200) for BENCH_SECONDS (60); then BENCH_SSE (5,000) live connections are held while incidents
// are logged. Prints req/s, p50/p95/p99, errors, event delivery time to the last SSE client, and server RSS.
// Needs a high open-file limit (the npm script raises it). Prints figures; asserts nothing.
import fs from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { freePort, startServer } from '../server/test/server-process';
import { seedTeam } from './generate';
import { withScratchDatabase } from './scratch-db';

const TEAM = Number(process.env.BENCH_TEAM ?? 100_000);
const TEAMS = Number(process.env.BENCH_TEAMS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const SSE = Number(process.env.BENCH_SSE ?? 5000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

async function seed(url: string): Promise<{ token: string }[]> {
  const database = await openDatabase({ databaseUrl: url, dataDir: ':memory:' });
  const app = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      RATE_LIMIT_WRITES_PER_MINUTE: '0',
      RATE_LIMIT_READS_PER_MINUTE: '0',
    }),
    database,
    logger: false,
    distDir: '/nonexistent',
  });
  await app.ready();
  const teams = [];
  for (let i = 0; i < TEAMS; i++) teams.push(await seedTeam(app, TEAM));
  await app.db.execute(sql`analyze`);
  await app.close();
  return teams;
}

function openSse(port: number, token: string, onEvent: () => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/live',
        headers: { authorization: `Bearer ${token}` },
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`SSE ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (chunk.includes('event: oops')) onEvent();
        });
        resolve(req);
      },
    );
    req.on('error', reject);
  });
}

await withScratchDatabase(PG_URL, async (url) => {
  let t = performance.now();
  const teams = await seed(url!);
  console.log(
    `seeded ${TEAMS} teams × ${TEAM.toLocaleString('en')} incidents in ${((performance.now() - t) / 1000).toFixed(0)} s`,
  );
  const port = await freePort();
  const server = await startServer({ DATABASE_URL: url!, LOG_LEVEL: 'error' }, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    const auth = { authorization: `Bearer ${teams[0]!.token}`, 'content-type': 'application/json' };
    const write = JSON.stringify({
      title: 'Load test incident',
      severity: 'Low',
      description: 'Logged by the load benchmark.',
    });
    const requests: autocannon.Request[] = [
      ...[
        '/api/oops/stats',
        '/api/oops/last',
        '/api/oops/department-stats',
        '/api/oops/last-by-department',
        '/api/oops?limit=100',
        '/api/oops/departments',
        '/api/teams/stats',
      ].map((path) => ({ method: 'GET' as const, path, headers: auth })),
      { method: 'GET', path: '/api/oops?limit=50&search=billing', headers: auth },
      { method: 'GET', path: '/api/oops?limit=50&status=Open', headers: auth },
      { method: 'POST', path: '/api/oops', headers: auth, body: write },
    ];
    let peakRss = rssMb(server.child.pid!);
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.child.pid!))), 500);
    const result = await autocannon({ url: base, connections: CONNECTIONS, duration: SECONDS, requests });
    console.log(
      `\nMixed workload (70 % dashboard reads, 20 % list/search, 10 % writes), ${CONNECTIONS} connections, ${SECONDS} s:`,
    );
    console.log(
      `  ${Math.round(result.requests.average)} req/s; latency p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms; errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
    );

    t = performance.now();
    const sockets: http.ClientRequest[] = [];
    let received = 0;
    let lastAt = 0;
    for (let i = 0; i < SSE; i++) {
      sockets.push(
        await openSse(port, teams[0]!.token, () => {
          received++;
          lastAt = performance.now();
        }),
      );
    }
    console.log(
      `\n${SSE} live connections open in ${((performance.now() - t) / 1000).toFixed(1)} s; server RSS ${rssMb(server.child.pid!)} MB`,
    );
    const delays: number[] = [];
    for (let round = 0; round < 5; round++) {
      received = 0;
      const sent = performance.now();
      await fetch(`${base}/api/oops`, { method: 'POST', headers: auth, body: write });
      const deadline = sent + 10_000;
      while (received < SSE && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      delays.push(received === SSE ? lastAt - sent : Number.POSITIVE_INFINITY);
      console.log(
        `  incident ${round + 1}: ${received}/${SSE} clients notified; last after ${(lastAt - sent).toFixed(0)} ms`,
      );
    }
    clearInterval(sampler);
    peakRss = Math.max(peakRss, rssMb(server.child.pid!));
    console.log(`  worst time to the last SSE client: ${Math.max(...delays).toFixed(0)} ms`);
    console.log(`\nServer peak RSS: ${peakRss} MB`);
    for (const s of sockets) s.destroy();
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
});

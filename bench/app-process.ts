// The app under benchmark, in its own process (forked through bench/app-client.ts), so that the load generator's own
// work (parsing every response in JavaScript) is not charged to the server, as with real clients. It also seeds its
// database, which is the only way with embedded PGlite. Commands arrive over IPC; each gets one reply.
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { openIncidentIds, seedTeam, seedTeams, type SeededTeam } from './generate';
import { percentile } from './http';
import { queryRows } from '../server/lib/sql-rows';

/** A seeded team as the load mix uses it: its owner's token and some incidents it may edit. */
export interface LoadTeam extends SeededTeam {
  editIds: number[];
}

/** Runs of each path before its measured ones. */
const COST_WARM_UP_RUNS = 10;

/** The uncached cost of one path: median and p95 of its runs, in ms. */
export interface Cost {
  median: number;
  p95: number;
}

export type AppCommand =
  | { type: 'bare' }
  | { type: 'open'; databaseUrl?: string }
  | { type: 'seed'; count: number }
  | { type: 'seed-teams'; teams: number; size: number; editable: number; readers?: number }
  | { type: 'fill'; total: number }
  | { type: 'cost'; token: string; teamId: number; paths: string[]; runs: number }
  | { type: 'close' };

let app: FastifyInstance | undefined;
/**
 * What seeding writes through. On PostgreSQL a second handle without the app's statement timeout (a 20,000-row
 * insert or a VACUUM of a big table may take longer than any request should); on PGlite the app's own database.
 */
let seedDatabase: Database | undefined;

async function vacuumAnalyze(): Promise<void> {
  await seedDatabase!.db.execute(sql`vacuum analyze`);
}

async function handle(command: AppCommand): Promise<unknown> {
  switch (command.type) {
    case 'bare': {
      // The ceiling: the same framework answering a constant, with nothing of ours in the way.
      const bare = Fastify();
      bare.get('/bare', async () => ({ status: 'ok' }));
      app = bare;
      return { url: `${await bare.listen({ port: 0, host: '127.0.0.1' })}/bare` };
    }
    case 'open': {
      // The configuration of a production process on this database (PG_* variables included), without its rate
      // limits: the load comes from one address and a few hundred users.
      const { databaseUrl } = command;
      const config = {
        ...loadConfig({
          ...process.env,
          DATABASE_URL: databaseUrl,
          LOG_LEVEL: 'silent',
          RATE_LIMIT_WRITES_PER_MINUTE: '0',
          RATE_LIMIT_READS_PER_MINUTE: '0',
        }),
        loginThrottle: { windowMs: 1, perAccount: 1e9, perIp: 1e9 },
      };
      const database = await openDatabase({ databaseUrl, dataDir: ':memory:', pool: config.pgPool });
      seedDatabase = databaseUrl ? await openDatabase({ databaseUrl, dataDir: ':memory:' }) : database;
      app = await buildApp({ config, database, logger: false, distDir: '/nonexistent' });
      // The metrics listener on loopback, as a production process runs it (decision 030); its figures are scraped.
      const metricsPort = await app.metrics.listen(0);
      return {
        url: await app.listen({ port: 0, host: '127.0.0.1' }),
        metricsUrl: `http://127.0.0.1:${metricsPort}`,
      };
    }
    case 'seed': {
      const seeded = await seedTeam(seedDatabase!.db, command.count);
      await vacuumAnalyze();
      return seeded;
    }
    case 'seed-teams': {
      const teams = await seedTeams(seedDatabase!.db, command.teams, command.size, command.readers);
      await vacuumAnalyze();
      const editable = await openIncidentIds(
        seedDatabase!.db,
        teams.map((t) => t.teamId),
        command.editable,
      );
      return teams.map((t): LoadTeam => ({ ...t, editIds: editable.get(t.teamId)! }));
    }
    case 'fill': {
      // Filler teams of at most 100,000 incidents each, up to `total` in the database.
      const db = seedDatabase!.db;
      const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from oops`);
      for (let left = command.total - row!.n; left > 0; left -= 100_000)
        await seedTeam(db, Math.min(100_000, left));
      await vacuumAnalyze();
      return {};
    }
    case 'cost': {
      // The work behind each answer, without the team cache: one request at a time, the cache emptied before each.
      // The first runs of a path also warm its plan, its pages in the database's cache and the JIT: not counted.
      const costs: Cost[] = [];
      for (const url of command.paths) {
        const times: number[] = [];
        for (let i = -COST_WARM_UP_RUNS; i < command.runs; i++) {
          app!.teamCache.clear(command.teamId);
          const started = performance.now();
          const res = await app!.inject({ url, headers: { authorization: `Bearer ${command.token}` } });
          if (i >= 0) times.push(performance.now() - started);
          if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode}`);
        }
        costs.push({ median: percentile(times, 50), p95: percentile(times, 95) });
      }
      return costs;
    }
    case 'close': {
      const ownSeedDatabase = seedDatabase !== undefined && seedDatabase !== app?.database;
      await app?.close();
      if (ownSeedDatabase) await seedDatabase!.close();
      app = undefined;
      seedDatabase = undefined;
      return {};
    }
  }
}

process.on('message', (command: AppCommand) => {
  handle(command).then(
    (result) => process.send!({ ok: true, result }),
    (error: Error) => process.send!({ ok: false, error: error.stack ?? String(error) }),
  );
});

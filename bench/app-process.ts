// The app under benchmark, in its own process (forked by bench/run.ts), so that autocannon's own work (parsing every
// response in JavaScript) is not charged to the server, as with real clients. It also seeds its database, which is
// the only way with embedded PGlite. Commands arrive over IPC; each gets one reply.
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedTeam } from './generate';
import { queryRows } from '../server/lib/sql-rows';

export type AppCommand =
  | { type: 'bare' }
  | { type: 'open'; databaseUrl?: string }
  | { type: 'seed'; count: number }
  | { type: 'fill'; total: number }
  | { type: 'cost'; token: string; teamId: number; paths: string[]; runs: number }
  | { type: 'close' };

let app: FastifyInstance | undefined;

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
      const database = await openDatabase({ databaseUrl: command.databaseUrl, dataDir: ':memory:' });
      const config = {
        ...loadConfig({
          LOG_LEVEL: 'silent',
          RATE_LIMIT_WRITES_PER_MINUTE: '0',
          RATE_LIMIT_READS_PER_MINUTE: '0',
        }),
        loginThrottle: { windowMs: 1, perAccount: 1e9, perIp: 1e9 },
      };
      app = await buildApp({ config, database, logger: false, distDir: '/nonexistent' });
      return { url: await app.listen({ port: 0, host: '127.0.0.1' }) };
    }
    case 'seed': {
      const seeded = await seedTeam(app!, command.count);
      await app!.db.execute(sql`vacuum analyze`);
      return seeded;
    }
    case 'fill': {
      // Filler teams of at most 100,000 incidents each, up to `total` in the database.
      const [row] = await queryRows<{ n: number }>(app!.db, sql`select count(*)::int as n from oops`);
      for (let left = command.total - row!.n; left > 0; left -= 100_000)
        await seedTeam(app!, Math.min(100_000, left));
      await app!.db.execute(sql`vacuum analyze`);
      return {};
    }
    case 'cost': {
      // The work behind each answer, without the team cache: one request at a time, the cache emptied before each.
      const medians: number[] = [];
      for (const url of command.paths) {
        const times: number[] = [];
        for (let i = 0; i < command.runs; i++) {
          app!.teamCache.invalidate(command.teamId);
          const started = performance.now();
          const res = await app!.inject({ url, headers: { authorization: `Bearer ${command.token}` } });
          times.push(performance.now() - started);
          if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode}`);
        }
        medians.push(times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!);
      }
      return medians;
    }
    case 'close':
      await app?.close();
      app = undefined;
      return {};
  }
}

process.on('message', (command: AppCommand) => {
  handle(command).then(
    (result) => process.send!({ ok: true, result }),
    (error: Error) => process.send!({ ok: false, error: error.stack ?? String(error) }),
  );
});

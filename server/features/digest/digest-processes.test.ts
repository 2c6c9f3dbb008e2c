// The digest on the job engine, at the real time: jobs of the `digest.send` queue send what is due. On PostgreSQL two
// real server processes (server/main.ts) work the queue at once and every member still gets exactly one digest; on
// PGlite (one process per data directory) the test app works it. The team's zone is picked so that its digest is
// due now, and the members' memberships are moved a week back (a newcomer waits for next Monday).
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { memberships } from '../../db/schema';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, databaseKind, testConfig } from '../../test/app';
import { memberOf, signUp } from '../../test/factories';
import { useInstallations } from '../../test/installation';
import { freePort, type ServerProcess } from '../../test/server-process';
import { startSmtp } from '../../test/smtp';
import { digestWeek } from './week';

const DAY = 24 * 60 * 60 * 1000;
const APP_URL = 'https://oops.example.com';
const postgres = databaseKind() === 'postgres';
const { installation, start } = useInstallations();
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let app: FastifyInstance;

beforeAll(async () => {
  smtp = await startSmtp();
  app = await createTestApp({
    smtpUrl: smtp.url,
    appUrl: APP_URL,
    // PGlite: this app works the queue (once a year by cron; the test sends the jobs). PostgreSQL: the processes do.
    digestCron: postgres ? null : '0 0 1 1 *',
  });
});

/**
 * A zone whose digest is due now and stays in this week for the next 10 minutes. UTC+14, UTC and UTC-12 are far
 * enough apart that their Monday mornings and Sunday nights never overlap, so one of them always is.
 */
function dueZone(): string {
  const now = Date.now();
  const zone = ['UTC', 'Pacific/Kiritimati', 'Etc/GMT+12'].find((z) => {
    const week = digestWeek(new Date(now), z);
    return week.due && digestWeek(new Date(now + 10 * 60_000), z).week === week.week;
  });
  if (!zone) throw new Error('no zone is due now');
  return zone;
}

describe(`the digest on the job engine (${databaseKind()})`, () => {
  it(
    postgres
      ? 'two real server processes working the queue at once send each member’s digest once'
      : 'the test app working the queue sends each member’s digest once',
    async () => {
      const owner = await signUp(app);
      const teamId = owner.user.team!.id;
      const zone = dueZone();
      const tz = await app.inject({
        method: 'PUT',
        url: '/api/team/current/time-zone',
        headers: owner.auth,
        payload: { time_zone: zone },
      });
      expect(tz.statusCode, tz.body).toBe(200);
      const members = [
        owner,
        ...(await Promise.all(Array.from({ length: 7 }, () => memberOf(app, teamId, 'member')))),
      ];
      await app.db
        .update(memberships)
        .set({ createdAt: new Date(Date.now() - 8 * DAY) })
        .where(eq(memberships.teamId, teamId));

      const processes: ServerProcess[] = [];
      if (postgres) {
        const env = installation({
          SMTP_URL: smtp.url,
          APP_URL,
          SECRETS_KEY: testConfig().secretsKey!,
          // Workers for the queue; the cron itself fires once a year, the test sends the jobs.
          DIGEST_CRON: '0 0 1 1 *',
          ACTION_REMINDERS_CRON: 'off',
        });
        for (let i = 0; i < 2; i += 1) processes.push(await start(env, await freePort()));
      }
      // Several jobs at once, as overlapping cron ticks or a retried job would make them.
      for (let i = 0; i < 6; i += 1) await app.jobs.send('digest.send', {});
      const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email)).length;
      await expect
        .poll(() => members.every((m) => mailsTo(m.email) >= 1), { timeout: 30_000, interval: 200 })
        .toBe(true);
      // Let every job finish, then nothing more arrives.
      await expect
        .poll(
          async () => {
            const [row] = await queryRows<{ n: number }>(
              app.db,
              sql`select count(*)::int as n from pgboss.job
                  where name = 'digest.send' and state in ('created', 'active', 'retry')`,
            );
            return row!.n;
          },
          { timeout: 30_000, interval: 200 },
        )
        .toBe(0);
      for (const m of members) expect(mailsTo(m.email), m.email).toBe(1);
      for (const p of processes) {
        p.child.kill('SIGTERM');
        expect(await p.exited).toBe(0);
      }
    },
    120_000,
  );
});

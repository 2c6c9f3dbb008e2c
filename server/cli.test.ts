import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import MIGRATIONS from './db/migrations/meta/_journal.json';
import type { FastifyInstance } from 'fastify';
import { runCommand } from './cli';
import { mintApiToken } from './test/actors';
import { createTestApp } from './test/app';
import { login, signUp, type SignedIn } from './test/factories';
import { logOops } from './test/oops-factory';

let app: FastifyInstance;
let me: SignedIn;
beforeAll(async () => {
  app = await createTestApp();
  me = await signUp(app);
});

async function run(...args: string[]): Promise<string> {
  const lines: string[] = [];
  await runCommand(app.database, args, (l) => lines.push(l));
  return lines.join('\n');
}

describe('operator CLI', () => {
  it('grants and revokes super admin', async () => {
    expect(await run('grant-super', me.email.toUpperCase())).toContain('is now a super admin');
    expect((await app.inject({ url: '/api/admin/stats', headers: me.auth })).statusCode).toBe(200);
    await run('revoke-super', me.email);
    // The CLI's user.updated event reaches the app through the outbox's notification, as from another process.
    await vi.waitFor(async () =>
      expect((await app.inject({ url: '/api/admin/stats', headers: me.auth })).statusCode).toBe(403),
    );
  });

  it('disables a user (sessions and API tokens end) and enables them again', async () => {
    const victim = await signUp(app);
    const { token } = await mintApiToken(app, victim.user.id, ['read']);
    const asToken = { authorization: `Bearer ${token}` };
    expect((await app.inject({ url: '/api/oops', headers: asToken })).statusCode).toBe(200);
    await run('disable', victim.email);
    expect((await app.inject({ url: '/api/user/profile', headers: victim.auth })).statusCode).toBe(401);
    // A remembered token answer is forgotten when the CLI's user.disabled event arrives, as from another process.
    await vi.waitFor(async () =>
      expect((await app.inject({ url: '/api/oops', headers: asToken })).statusCode).toBe(401),
    );
    await run('enable', victim.email);
    await expect(login(app, victim.email, victim.password)).resolves.toBeTruthy();
    // Revoked, not suspended: enabling the account does not bring its tokens back.
    expect((await app.inject({ url: '/api/oops', headers: asToken })).statusCode).toBe(401);
  });

  it('exports a team as JSON without secrets', async () => {
    await logOops(app, me, { title: 'Exported incident' });
    const json = JSON.parse(await run('export-team', String(me.user.team!.id)));
    expect(json.team.id).toBe(me.user.team!.id);
    expect(json.members).toMatchObject([{ email: me.email, role: 'owner' }]);
    expect(json.incidents.map((o: { title: string }) => o.title)).toContain('Exported incident');
    expect(JSON.stringify(json)).not.toMatch(/argon2|password|token/i);
  });

  it('checks the database', async () => {
    // As many as drizzle-kit has generated, so that a new migration does not need this test edited.
    expect(await run('check-db')).toMatch(
      new RegExp(
        `^Database OK \\((pglite|postgres)\\): ${MIGRATIONS.entries.length} migrations applied; \\d+ users`,
      ),
    );
  });

  it('checks the statistics rollups against the raw rows, and names a row that differs', async () => {
    const teamId = me.user.team!.id;
    await logOops(app, me, { title: 'Counted incident', severity: 'Low' });
    expect(await run('check-stats', String(teamId))).toBe(
      `Statistics rollups match the raw rows for team ${teamId}.`,
    );
    // A rollup row changed behind the triggers' back (only this team's, as other files share the database).
    const corrupt = (by: number) =>
      app.db.execute(
        sql`update oops_group_stats set records = records + ${by} where team_id = ${teamId} and severity = 'Low'`,
      );
    await corrupt(1);
    const lines: string[] = [];
    await expect(
      runCommand(app.database, ['check-stats', String(teamId)], (l) => lines.push(l)),
    ).rejects.toThrow(`statistics rollup rows differ from the raw rows for team ${teamId}.`);
    expect(lines.join('\n')).toMatch(/^oops_group_stats .*"severity":"Low".*stored .*expected/m);
    await corrupt(-1);
    await expect(run('check-stats', 'abc')).rejects.toThrow(/Usage: npm run admin/);
  });

  it('refuses unknown commands and accounts with a clear message', async () => {
    await expect(run('make-coffee')).rejects.toThrow(/Usage: npm run admin/);
    await expect(run('disable', 'nobody@example.com')).rejects.toThrow(
      'No account with the e-mail nobody@example.com.',
    );
  });
});

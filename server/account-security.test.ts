// Account security checks: token entropy, nothing secret stored raw, and secrets never in responses.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { newToken } from './lib/tokens';
import { queryRows } from './lib/sql-rows';
import { createTestApp } from './test/app';
import { GOOD_PASSWORD, signUp, unique } from './test/factories';
import type { MailMessage } from './plugins/mail';

let app: FastifyInstance;
const mails: MailMessage[] = [];
beforeAll(async () => {
  app = await createTestApp({}, { send: async (m) => void mails.push(m) });
});

describe('tokens', () => {
  it('10,000 tokens: no repeats, 43 base64url characters (256 bits, ≥ 128 required)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const { token, hash } = newToken();
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      seen.add(token);
    }
    expect(seen.size).toBe(10_000);
    // 43 base64url characters carry 6 bits each: 258 bits of encoding for 256 random bits.
    expect(43 * 6).toBeGreaterThanOrEqual(256);
  });
});

describe('nothing secret is stored raw', () => {
  it('a dump of every table holds no session token, one-time token, invitation token or password', async () => {
    const me = await signUp(app);
    const password = 'Another!Secret9';
    await app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: me.auth,
      payload: { currentPassword: GOOD_PASSWORD, newPassword: password, confirmPassword: password },
    });
    await app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email: me.email } });
    await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: me.email },
    });
    await app.inject({
      method: 'POST',
      url: '/api/team/current/invite',
      headers: me.auth,
      payload: { email: `${unique()}@example.com` },
    });
    const secrets = [
      me.token,
      password,
      GOOD_PASSWORD,
      ...mails
        .map((m) => /token=([\w-]+)|invitation=([\w-]+)/.exec(m.text))
        .map((m) => m?.[1] ?? m?.[2] ?? ''),
    ].filter(Boolean);
    expect(secrets.length).toBeGreaterThanOrEqual(6);
    const tables = await queryRows<{ tablename: string }>(
      app.db,
      sql`select tablename from pg_tables where schemaname = 'public'`,
    );
    let dump = '';
    for (const { tablename } of tables) {
      const rows = await queryRows<{ j: unknown }>(
        app.db,
        sql.raw(`select row_to_json(t)::text as j from "${tablename}" t`),
      );
      dump += rows.map((r) => String(r.j)).join('\n');
    }
    expect(dump).toContain(me.email);
    for (const secret of secrets)
      expect(dump.includes(secret), `raw secret found in the database`).toBe(false);
  });

  it('no response carries a password hash', async () => {
    const me = await signUp(app);
    for (const url of ['/api/user/profile', '/api/team/current/members', '/api/user/teams']) {
      const res = await app.inject({ url, headers: me.auth });
      expect(res.body).not.toMatch(/argon2|password_hash|passwordHash|token_hash/);
    }
  });
});

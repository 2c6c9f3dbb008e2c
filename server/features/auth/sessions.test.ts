import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { createTestApp } from '../../test/app';
import { signUp } from '../../test/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const profile = (auth: Record<string, string>) => app.inject({ url: '/api/user/profile', headers: auth });

describe('sessions', () => {
  it('stores only the SHA-256 of the token', async () => {
    const me = await signUp(app);
    const rows = await app.db.select().from(sessions).where(eq(sessions.userId, me.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(me.token));
    expect(rows[0]!.tokenHash).not.toContain(me.token);
  });

  it('refuses a session idle for longer than the idle lifetime', async () => {
    const me = await signUp(app);
    await app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '25 hours'` })
      .where(eq(sessions.userId, me.user.id));
    expect((await profile(me.auth)).statusCode).toBe(401);
  });

  it('refuses a session past its absolute lifetime even when active', async () => {
    const me = await signUp(app);
    await app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, me.user.id));
    expect((await profile(me.auth)).statusCode).toBe(401);
  });

  it('refuses every request of a disabled user at once, and their sign-in', async () => {
    const me = await signUp(app);
    await app.db.update(users).set({ isActive: false }).where(eq(users.id, me.user.id));
    expect((await profile(me.auth)).statusCode).toBe(401);
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.email, password: me.password },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toBe('This account has been disabled.');
  });

  it('treats malformed and unknown bearer tokens as signed out', async () => {
    for (const authorization of ['Bearer nope', 'Bearer ' + 'A'.repeat(43), 'Basic abc', 'Bearer']) {
      const res = await profile({ authorization });
      expect(res.statusCode, authorization).toBe(401);
    }
  });
});

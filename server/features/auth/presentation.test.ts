// POST /api/auth/refresh-presentation keeps a presenting dashboard's session alive.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { signUp } from '../../test/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const refresh = (headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/refresh-presentation', headers });

const lastSeen = async (userId: number) =>
  (await app.db.select().from(sessions).where(eq(sessions.userId, userId)))[0]!.lastSeenAt.getTime();

describe('POST /api/auth/refresh-presentation', () => {
  it('answers { success: true } with an empty body and marks the session as seen now', async () => {
    const me = await signUp(app);
    // 30 s ago is inside the auth hook's own touch interval, so only this call moves last_seen_at.
    await app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '30 seconds'` })
      .where(eq(sessions.userId, me.user.id));
    const before = await lastSeen(me.user.id);

    const res = await refresh(me.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const after = await lastSeen(me.user.id);
    expect(after - before).toBeGreaterThanOrEqual(29_000);
    expect(Math.abs(Date.now() - after)).toBeLessThan(5_000);
  });

  it('keeps a session alive past the idle lifetime when called within it', async () => {
    const me = await signUp(app);
    await app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '23 hours'` })
      .where(eq(sessions.userId, me.user.id));
    expect((await refresh(me.auth)).statusCode).toBe(200);
    // Had nothing refreshed it, 2 more hours would pass the 24 h idle limit; now it is 2 h idle.
    await app.db
      .update(sessions)
      .set({ lastSeenAt: sql`last_seen_at - interval '2 hours'` })
      .where(eq(sessions.userId, me.user.id));
    expect((await app.inject({ url: '/api/user/profile', headers: me.auth })).statusCode).toBe(200);
  });

  it('needs a session, and refuses an expired one', async () => {
    expect((await refresh()).statusCode).toBe(401);
    const me = await signUp(app);
    await app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '25 hours'` })
      .where(eq(sessions.userId, me.user.id));
    const res = await refresh(me.auth);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Authentication required', code: 'unauthenticated' });
  });
});

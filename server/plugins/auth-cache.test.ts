// The actor cache (server/lib/actor-cache.ts) must never let a change of who someone is wait for its TTL: each of
// these reads the session first (so it is remembered), changes it, and expects the very next call to see it.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, databaseKind } from '../test/app';
import { GOOD_PASSWORD, login, memberOf, signUp, type SignedIn } from '../test/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const get = (url: string, as: SignedIn, on = app) => on.inject({ url, headers: as.auth });
const post = (url: string, as: SignedIn, payload: object = {}, on = app) =>
  on.inject({ method: 'POST', url, headers: as.auth, payload });

async function remembered(as: SignedIn, url = '/api/user/profile'): Promise<void> {
  for (let i = 0; i < 3; i++) expect((await get(url, as)).statusCode).toBe(200);
}

const until = (check: () => Promise<boolean>, timeout = 2_000) =>
  vi.waitFor(async () => expect(await check()).toBe(true), { timeout, interval: 20 });

describe('remembered sessions', () => {
  it('end at once on logout', async () => {
    const me = await signUp(app);
    await remembered(me);
    expect((await post('/api/auth/logout', me)).statusCode).toBe(200);
    expect((await get('/api/user/profile', me)).statusCode).toBe(401);
  });

  it('end at once for the other sessions when the password changes', async () => {
    const me = await signUp(app);
    const other = await login(app, me.email, me.password);
    await remembered(other);
    const change = await post('/api/user/change-password', me, {
      currentPassword: GOOD_PASSWORD,
      newPassword: 'An0ther!Pass',
      confirmPassword: 'An0ther!Pass',
    });
    expect(change.statusCode).toBe(200);
    expect((await get('/api/user/profile', other)).statusCode).toBe(401);
    expect((await get('/api/user/profile', me)).statusCode).toBe(200);
  });

  it('carry a role change to the very next call', async () => {
    const owner = await signUp(app);
    const admin = await memberOf(app, owner.user.team!.id, 'admin');
    await remembered(admin, '/api/team/current/invitations');
    const demote = await post(`/api/team/current/member/${admin.user.id}/role`, owner, { role: 'member' });
    expect(demote.statusCode).toBe(200);
    expect((await get('/api/team/current/invitations', admin)).statusCode).toBe(403);
  });

  it(`end in a second app process too (${databaseKind() === 'postgres' ? 'LISTEN/NOTIFY' : 'same process on PGlite'})`, async () => {
    // On PostgreSQL the second app has its own cache, pool and listener, as a second process would.
    const second = databaseKind() === 'postgres' ? await createTestApp() : app;
    const me = await signUp(app);
    for (let i = 0; i < 3; i++) expect((await get('/api/user/profile', me, second)).statusCode).toBe(200);
    expect((await post('/api/auth/logout', me)).statusCode).toBe(200);
    await until(async () => (await get('/api/user/profile', me, second)).statusCode === 401);
  });

  it(`end on removal from the team, in a second app process too (${databaseKind() === 'postgres' ? 'LISTEN/NOTIFY' : 'same process on PGlite'})`, async () => {
    const second = databaseKind() === 'postgres' ? await createTestApp() : app;
    const owner = await signUp(app);
    const member = await memberOf(app, owner.user.team!.id, 'member');
    const made = await post('/api/user/tokens', member, { name: 'ci', scopes: ['read'] });
    const token = { ...member, auth: { authorization: `Bearer ${made.json<{ token: string }>().token}` } };
    for (let i = 0; i < 3; i++) {
      expect((await get('/api/oops', member, second)).statusCode).toBe(200);
      expect((await get('/api/oops', token, second)).statusCode).toBe(200);
    }
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/team/current/members/${member.user.id}`,
      headers: owner.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect((await get('/api/oops', member)).statusCode).toBe(401);
    await until(async () => (await get('/api/oops', member, second)).statusCode === 401);
    await until(async () => (await get('/api/oops', token, second)).statusCode === 401);
  });
});

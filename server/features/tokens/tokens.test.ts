// Personal access tokens: the management API (session-only), the secret shown once and stored hashed, scopes held
// per route, expiry, and revocation at once by deletion, disabling the user, or losing the team.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { ApiTokenScope } from '../../../common/domain/api-tokens';
import { API_TOKEN_LIMITS, API_TOKEN_TEXTS } from '../../../common/domain/api-tokens';
import { apiTokens, auditEvents } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { createTestApp } from '../../test/app';
import { memberOf, signUp, type SignedIn } from '../../test/factories';
import { VALID_OOPS } from '../../test/oops-factory';

let app: FastifyInstance;
const superAdminEmail = `root-${Date.now()}@oopsboard.test`;
const otherSuperAdminEmail = `root2-${Date.now()}@oopsboard.test`;
beforeAll(async () => {
  app = await createTestApp(
    { superAdminEmails: new Set([superAdminEmail, otherSuperAdminEmail]) },
    { send: async () => {} },
  );
});
afterEach(() => {
  vi.useRealTimers();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function createToken(
  as: SignedIn,
  scopes: ApiTokenScope[],
  extra: Record<string, unknown> = {},
): Promise<{ id: number; token: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/tokens',
    headers: as.auth,
    payload: { name: `token ${scopes.join('+')}`, scopes, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const use = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** An API token's events; a display token's refusals share the action and can share the id on a shared database. */
async function auditOf(action: string, target: string) {
  return app.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, action),
        eq(auditEvents.target, target),
        sql`not coalesce(${auditEvents.details} ? 'display_token_id', false)`,
      ),
    );
}

async function tokenCount(userId: number): Promise<number> {
  const rows = await app.db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.userId, userId));
  return rows.length;
}

describe('creating and listing tokens', () => {
  it('answers the oops_pat_ secret once, stores only its hash, and lists a hint instead', async () => {
    const me = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/tokens',
      headers: me.auth,
      payload: { name: '  CI pipeline ', scopes: ['write', 'read'], expires_in_days: 30 },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.token).toMatch(/^oops_pat_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'CI pipeline',
      scopes: ['read', 'write'],
      token_hint: created.token.slice(-4),
      last_used_at: null,
    });
    const days = (Date.parse(created.expires_at) - Date.parse(created.created_at)) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    const [stored] = await app.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(stored!.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(stored)).not.toContain(created.token);
    expect(res.body).not.toContain(stored!.tokenHash);

    const list = await app.inject({ url: '/api/user/tokens', headers: me.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().tokens).toEqual([{ ...created, token: undefined }].map(({ token: _, ...t }) => t));
    expect(list.body).not.toContain(created.token);
    expect(list.body).not.toContain(stored!.tokenHash);
    expect(list.body).not.toMatch(/hash/i);

    const [audit] = await auditOf('token.created', String(created.id));
    expect(audit).toMatchObject({
      actorId: me.user.id,
      details: { name: 'CI pipeline', scopes: ['read', 'write'] },
    });
  });

  it('lists only your own tokens, and a token without expiry never expires', async () => {
    const me = await signUp(app);
    const other = await signUp(app);
    const mine = await createToken(me, ['read']);
    await createToken(other, ['read']);
    const list = (await app.inject({ url: '/api/user/tokens', headers: me.auth })).json();
    expect(list.tokens.map((t: { id: number }) => t.id)).toEqual([mine.id]);
    expect(list.tokens[0].expires_at).toBeNull();
  });

  it.each([
    [{ scopes: ['read'] }, API_TOKEN_TEXTS.nameRequired],
    [{ name: '   ', scopes: ['read'] }, API_TOKEN_TEXTS.nameRequired],
    [{ name: 'x'.repeat(101), scopes: ['read'] }, API_TOKEN_TEXTS.nameTooLong],
    [{ name: 'n', scopes: [] }, API_TOKEN_TEXTS.scopesRequired],
    [{ name: 'n' }, API_TOKEN_TEXTS.scopesRequired],
    [{ name: 'n', scopes: ['read', 'read'] }, API_TOKEN_TEXTS.scopesDuplicate],
    [{ name: 'n', scopes: ['admin'] }, API_TOKEN_TEXTS.scopeInvalid],
    [{ name: 'n', scopes: ['read'], expires_in_days: 0 }, API_TOKEN_TEXTS.expiryInvalid],
    [{ name: 'n', scopes: ['read'], expires_in_days: 366 }, API_TOKEN_TEXTS.expiryInvalid],
    [{ name: 'n', scopes: ['read'], expires_in_days: 1.5 }, API_TOKEN_TEXTS.expiryInvalid],
    [{ name: 'n', scopes: ['read'], expires_in_days: '30' }, API_TOKEN_TEXTS.expiryInvalid],
    [{ name: 'n', scopes: ['read'], token_hash: 'x' }, 'token_hash'],
  ])('refuses %j with a clear 400 and creates nothing', async (payload, message) => {
    const me = await signUp(app);
    const res = await app.inject({ method: 'POST', url: '/api/user/tokens', headers: me.auth, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect(await tokenCount(me.user.id)).toBe(0);
  });

  it(`caps a user at ${API_TOKEN_LIMITS.perUser} tokens with a 409`, async () => {
    const me = await signUp(app);
    await app.db.insert(apiTokens).values(
      Array.from({ length: API_TOKEN_LIMITS.perUser }, (_, i) => ({
        userId: me.user.id,
        name: `t${i}`,
        tokenHash: hashToken(`cap-${me.user.id}-${i}`),
        tokenHint: 'abcd',
        scopes: ['read' as const],
      })),
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/tokens',
      headers: me.auth,
      payload: { name: 'one too many', scopes: ['read'] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(API_TOKEN_TEXTS.tooMany);
    expect(await tokenCount(me.user.id)).toBe(API_TOKEN_LIMITS.perUser);
  });
});

describe('scopes', () => {
  it('read: GET the team data, nothing else; each refusal names the scope and is audited', async () => {
    const me = await signUp(app);
    const { id, token } = await createToken(me, ['read']);
    expect((await use(token, 'GET', '/api/oops?limit=5')).statusCode).toBe(200);
    expect((await use(token, 'GET', '/api/oops/stats')).statusCode).toBe(200);
    expect((await use(token, 'GET', '/api/user/profile')).json().email).toBe(me.email);
    const write = await use(token, 'POST', '/api/oops', VALID_OOPS);
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toBe('This token does not have the "write" or "ingest" scope.');
    const rename = await use(token, 'POST', '/api/team/current', { name: 'Renamed', industry: 'Technology' });
    expect(rename.json().error).toBe('This token does not have the "write" scope.');
    const denied = await auditOf('token.denied', String(id));
    expect(denied.map((d) => d.details?.route).sort()).toEqual(['POST /api/oops', 'POST /api/team/current']);
    expect(denied[0]).toMatchObject({ actorId: me.user.id, teamId: me.user.team!.id });
  });

  it('write: changes incidents, notes and actions as the owner would', async () => {
    const me = await signUp(app);
    const { token } = await createToken(me, ['write']);
    const created = await use(token, 'POST', '/api/oops', VALID_OOPS);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await use(token, 'PUT', `/api/oops/${id}`, { impact: 'Checkout down' })).statusCode).toBe(200);
    expect((await use(token, 'POST', `/api/oops/${id}/notes`, { note: 'from CI' })).statusCode).toBeLessThan(
      300,
    );
    // Reading needs the read scope, even for a token that may write.
    expect((await use(token, 'GET', `/api/oops/detail/${id}`)).statusCode).toBe(403);
  });

  it('ingest: only reports new incidents', async () => {
    const me = await signUp(app);
    const { token } = await createToken(me, ['ingest']);
    const created = await use(token, 'POST', '/api/oops', VALID_OOPS);
    expect(created.statusCode).toBe(201);
    expect((await use(token, 'GET', '/api/oops')).statusCode).toBe(403);
    const edit = await use(token, 'PUT', `/api/oops/${created.json().id}`, { impact: 'x' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error).toBe('This token does not have the "write" scope.');
  });

  it("never goes beyond the owner's current role", async () => {
    const owner = await signUp(app);
    const admin = await memberOf(app, owner.user.team!.id, 'admin');
    const { token } = await createToken(admin, ['read', 'write']);
    const invite = () =>
      use(token, 'POST', '/api/team/current/invite', { email: `x${Date.now()}@example.com` });
    expect(
      (await use(token, 'POST', '/api/team/current', { name: 'N', industry: 'Technology' })).statusCode,
    ).toBe(403);
    expect((await invite()).statusCode).toBeLessThan(300);
    const demote = await app.inject({
      method: 'POST',
      url: `/api/team/current/member/${admin.user.id}/role`,
      headers: owner.auth,
      payload: { role: 'member' },
    });
    expect(demote.statusCode).toBe(200);
    expect((await invite()).statusCode).toBe(403);
  });

  it('cannot reach account security, sessions, token management or platform administration', async () => {
    const root = await signUp(app, { email: superAdminEmail });
    const { id, token } = await createToken(root, ['read', 'write', 'ingest']);
    const refused: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', object?][] = [
      ['/api/user/tokens', 'GET'],
      ['/api/user/tokens', 'POST', { name: 'minted by a token', scopes: ['read'] }],
      [`/api/user/tokens/${id}`, 'DELETE'],
      ['/api/user/profile', 'POST', { name: 'Hijacked', username: 'hijacked' }],
      ['/api/user/has-password', 'GET'],
      [
        '/api/user/change-password',
        'POST',
        { currentPassword: 'x', newPassword: 'N3w!Passw', confirmPassword: 'N3w!Passw' },
      ],
      ['/api/user/set-password', 'POST', { password: 'N3w!Passw', confirmPassword: 'N3w!Passw' }],
      ['/api/user/current-team', 'POST', { teamId: 1 }],
      ['/api/team/accept-invitation', 'POST', { token: 'whatever' }],
      ['/api/auth/logout', 'POST', {}],
      ['/api/auth/refresh-presentation', 'POST', {}],
      ['/api/live', 'GET'],
      ['/api/admin/stats', 'GET'],
      ['/api/admin/audit', 'GET'],
      [`/api/admin/users/${root.user.id}/status`, 'PUT', { is_active: true }],
    ];
    for (const [url, method, payload] of refused) {
      const res = await use(token, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toBe(API_TOKEN_TEXTS.sessionOnly);
    }
    expect(await tokenCount(root.user.id)).toBe(1);
    expect((await auditOf('token.denied', String(id))).length).toBe(refused.length);
    // The same account signed in with a session may.
    expect((await app.inject({ url: '/api/admin/stats', headers: root.auth })).statusCode).toBe(200);
  });

  it('counts for nothing on public routes: signing in still needs the password', async () => {
    const me = await signUp(app);
    const { token } = await createToken(me, ['read', 'write']);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: bearer(token),
      payload: { email: me.email, password: 'wrong password' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('expiry and last use', () => {
  it('refuses a token once it has expired (and audits the attempt), but keeps listing it', async () => {
    const me = await signUp(app);
    const { id, token } = await createToken(me, ['read'], { expires_in_days: 1 });
    expect((await use(token, 'GET', '/api/oops')).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    expect((await use(token, 'GET', '/api/oops')).statusCode).toBe(401);
    vi.useRealTimers();
    expect((await auditOf('token.denied', String(id)))[0]?.details).toMatchObject({ reason: 'expired' });
    const list = (await app.inject({ url: '/api/user/tokens', headers: me.auth })).json();
    expect(list.tokens.map((t: { id: number }) => t.id)).toEqual([id]);
  });

  it('records last use at most once a minute', async () => {
    const me = await signUp(app);
    const { id, token } = await createToken(me, ['read']);
    const lastUsed = async () =>
      (await app.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0]!.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await use(token, 'GET', '/api/oops');
    const first = await lastUsed();
    expect(first).not.toBeNull();
    // Pretend the first use was 30 s ago: a second use inside the minute writes nothing.
    await app.db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now() - interval '30 seconds'` })
      .where(eq(apiTokens.id, id));
    // Forget the cached actor here and now: a published notification reaches this process later on PostgreSQL.
    await app.forgetActors();
    await use(token, 'GET', '/api/oops');
    const second = await lastUsed();
    expect(Date.now() - second!.getTime()).toBeGreaterThan(25_000);
    await app.db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now() - interval '2 minutes'` })
      .where(eq(apiTokens.id, id));
    await app.forgetActors();
    await use(token, 'GET', '/api/oops');
    expect(Date.now() - (await lastUsed())!.getTime()).toBeLessThan(25_000);
  });
});

describe('revocation takes effect on the very next call', () => {
  it('by deleting the token (and only your own)', async () => {
    const me = await signUp(app);
    const other = await signUp(app);
    const { id, token } = await createToken(me, ['read']);
    for (let i = 0; i < 3; i++) expect((await use(token, 'GET', '/api/oops')).statusCode).toBe(200);
    const theirs = await app.inject({ method: 'DELETE', url: `/api/user/tokens/${id}`, headers: other.auth });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe(API_TOKEN_TEXTS.notFound);
    expect((await use(token, 'GET', '/api/oops')).statusCode).toBe(200);

    const res = await app.inject({ method: 'DELETE', url: `/api/user/tokens/${id}`, headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect((await use(token, 'GET', '/api/oops')).statusCode).toBe(401);
    expect(await tokenCount(me.user.id)).toBe(0);
    expect((await auditOf('token.revoked', String(id)))[0]).toMatchObject({ actorId: me.user.id });
    const again = await app.inject({ method: 'DELETE', url: `/api/user/tokens/${id}`, headers: me.auth });
    expect(again.statusCode).toBe(404);
  });

  it('by disabling the user (the tokens are deleted, so enabling again does not bring them back)', async () => {
    const root = await signUp(app, { email: otherSuperAdminEmail });
    const owner = await signUp(app);
    const { id, token } = await createToken(owner, ['read']);
    expect((await use(token, 'GET', '/api/oops')).statusCode).toBe(200);
    const status = (is_active: boolean) =>
      app.inject({
        method: 'PUT',
        url: `/api/admin/users/${owner.user.id}/status`,
        headers: root.auth,
        payload: { is_active },
      });
    expect((await status(false)).statusCode).toBe(200);
    expect((await use(token, 'GET', '/api/oops')).statusCode).toBe(401);
    expect(await tokenCount(owner.user.id)).toBe(0);
    expect((await auditOf('token.revoked', String(id)))[0]?.details).toMatchObject({
      reason: 'user_disabled',
    });
    expect((await status(true)).statusCode).toBe(200);
    expect((await use(token, 'GET', '/api/oops')).statusCode).toBe(401);
  });

  it('by removal from the team: the tokens made in that team are revoked', async () => {
    const owner = await signUp(app);
    const teamId = owner.user.team!.id;
    const member = await memberOf(app, teamId, 'member');
    const { token } = await createToken(member, ['read', 'write']);
    expect((await use(token, 'GET', '/api/oops')).statusCode).toBe(200);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/team/current/members/${member.user.id}`,
      headers: owner.auth,
    });
    expect(removed.statusCode).toBe(200);
    // The token made in the team is revoked (decision 035): the next call is not signed in at all.
    expect((await use(token, 'GET', '/api/oops')).statusCode).toBe(401);
    expect((await use(token, 'POST', '/api/oops', VALID_OOPS)).statusCode).toBe(401);
  });
});

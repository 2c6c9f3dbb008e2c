import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, databaseKind } from '../../test/app';
import { login, registerUser, signUp, unique, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';

let app: FastifyInstance;
let root: SignedIn;
let user: SignedIn;
beforeAll(async () => {
  const rootEmail = `root-${unique()}@example.com`;
  app = await createTestApp({ superAdminEmails: new Set([rootEmail]) });
  root = await signUp(app, { email: rootEmail });
  user = await signUp(app);
  await logOops(app, user, {
    title: 'Private incident of user team',
    description: 'Admins see counts, not this text.',
  });
});

/**
 * This file's app knows one super admin. On PGlite the file owns its database, so the count is exact; on PostgreSQL
 * every test file of the run shares one database, and other files sign up super admins of their own at any moment.
 */
function expectOneSuperAdmin(count: number) {
  if (databaseKind() === 'pglite') expect(count).toBe(1);
  else expect(count).toBeGreaterThanOrEqual(1);
}

const get = (url: string, as: SignedIn) => app.inject({ url, headers: as.auth });
const setStatus = (id: number, is_active: boolean, as = root) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/users/${id}/status`,
    headers: as.auth,
    payload: { is_active },
  });

describe('admin access', () => {
  it('is 401 without a session and 403 for a non-super-admin, and the refusal is audited', async () => {
    for (const url of ['/api/admin/stats', '/api/admin/users', '/api/admin/teams', '/api/admin/audit']) {
      expect((await app.inject({ url })).statusCode, url).toBe(401);
      const res = await get(url, user);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toBe('Only platform super admins can do this.');
    }
    expect((await setStatus(root.user.id, false, user)).statusCode).toBe(403);
    const audit = (await get(`/api/admin/audit?action=authz.denied&actor_id=${user.user.id}`, root)).json();
    expect(audit.matched).toBeGreaterThanOrEqual(5);
  });
});

describe('GET /api/admin/stats', () => {
  it('counts users, teams, incidents and super admins', async () => {
    const s = (await get('/api/admin/stats', root)).json();
    expect(s.total_users).toBeGreaterThanOrEqual(2);
    expect(s.total_teams).toBeGreaterThanOrEqual(2);
    expect(s.total_oops).toBeGreaterThanOrEqual(1);
    expect(s.oops_last_7_days).toBeGreaterThanOrEqual(1);
    expectOneSuperAdmin(s.super_admins);
    const body = JSON.stringify(s);
    expect(body).not.toContain('Private incident');
  });
});

describe('GET /api/admin/users and /teams', () => {
  it('searches users by e-mail, name or username with totals, never exposing hashes', async () => {
    const res = await get(`/api/admin/users?search=${encodeURIComponent(user.user.username!)}`, root);
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.users).toHaveLength(1);
    expect(json.users[0]).toMatchObject({
      id: user.user.id,
      email: user.email,
      is_active: true,
      is_super_admin: false,
      team_count: 1,
    });
    expectOneSuperAdmin(json.totals.super_admins);
    expect(res.body).not.toMatch(/argon2|password|token/i);
    expect((await get('/api/admin/users?limit=101', root)).statusCode).toBe(400);
  });

  it('lists teams with owner and counts, searchable by name or owner id', async () => {
    const byName = (
      await get(`/api/admin/teams?search=${encodeURIComponent(user.user.team!.name)}`, root)
    ).json();
    expect(byName.teams[0]).toMatchObject({
      id: user.user.team!.id,
      owner_id: user.user.id,
      member_count: 1,
      oops_count: 1,
    });
    const byOwner = (await get(`/api/admin/teams?search=${user.user.id}`, root)).json();
    expect(byOwner.teams.map((t: { id: number }) => t.id)).toContain(user.user.team!.id);
  });
});

describe('PUT /api/admin/users/{id}/status', () => {
  it('disabling ends sessions at once and blocks sign-in; enabling lets them back', async () => {
    const victim = await signUp(app);
    const res = await setStatus(victim.user.id, false);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: victim.user.id, is_active: false });
    expect((await get('/api/user/profile', victim)).statusCode).toBe(401);
    await expect(login(app, victim.email, victim.password)).rejects.toThrow(/403/);
    expect((await setStatus(victim.user.id, true)).json().is_active).toBe(true);
    await expect(login(app, victim.email, victim.password)).resolves.toBeTruthy();
  });

  it('refuses to disable yourself and unknown users', async () => {
    const self = await setStatus(root.user.id, false);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('You cannot disable your own account.');
    expect((await setStatus(999999999, false)).statusCode).toBe(404);
  });

  it('audits admin actions and sign-in events, without secrets', async () => {
    const victim = await registerUser(app);
    await setStatus(victim.user.id, false);
    await setStatus(victim.user.id, true);
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim.email, password: 'Wrong!Pass1' },
    });
    const res = await get(`/api/admin/audit?limit=100`, root);
    const actions = res.json().events.map((e: { action: string }) => e.action);
    for (const a of [
      'admin.user_disabled',
      'admin.user_enabled',
      'auth.login_failed',
      'auth.login_succeeded',
      'auth.registered',
    ])
      expect(actions).toContain(a);
    expect(res.body).not.toContain('Wrong!Pass1');
    expect(res.body).not.toContain(root.token);
    const filtered = (
      await get(`/api/admin/audit?action=admin.user_disabled&actor_id=${root.user.id}`, root)
    ).json();
    expect(filtered.events.every((e: { action: string }) => e.action === 'admin.user_disabled')).toBe(true);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { GOOD_PASSWORD, login, signUp, unique } from '../../test/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const post = (url: string, auth: Record<string, string>, payload: unknown) =>
  app.inject({ method: 'POST', url, headers: auth, payload: payload as object });

describe('GET /api/user/profile', () => {
  it('returns the signed-in user only', async () => {
    const me = await signUp(app);
    const res = await app.inject({ url: '/api/user/profile', headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(me.user);
  });

  it('marks SUPER_ADMIN_EMAILS accounts as super admins', async () => {
    const root = await signUp(app, { email: 'root@oopsboard.test' }).catch(() =>
      login(app, 'root@oopsboard.test', GOOD_PASSWORD),
    );
    expect(root.user.is_super_admin).toBe(true);
  });

  it('needs a session', async () => {
    expect((await app.inject({ url: '/api/user/profile' })).statusCode).toBe(401);
  });
});

describe('POST /api/user/profile', () => {
  it('updates name, username and department, and only for the actor', async () => {
    const me = await signUp(app);
    const other = await signUp(app);
    const username = unique('new');
    const res = await post('/api/user/profile', me.auth, {
      name: 'Grace Hopper',
      username,
      user_department: 'Engineering',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: me.user.id,
      name: 'Grace Hopper',
      username,
      user_department: 'Engineering',
    });
    const untouched = await app.inject({ url: '/api/user/profile', headers: other.auth });
    expect(untouched.json()).toEqual(other.user);
  });

  it('ignores any attempt to name another user: unknown fields are refused and nothing changes', async () => {
    const me = await signUp(app);
    const other = await signUp(app);
    const res = await post('/api/user/profile', me.auth, {
      id: other.user.id,
      name: 'Hijack',
      username: unique(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/id/);
    const [row] = await app.db.select().from(users).where(eq(users.id, other.user.id));
    expect(row!.name).toBe(other.user.name);
    const [mine] = await app.db.select().from(users).where(eq(users.id, me.user.id));
    expect(mine!.name).toBe(me.user.name);
  });

  it('requires a full name and a valid, free username', async () => {
    const me = await signUp(app);
    const other = await signUp(app);
    const empty = await post('/api/user/profile', me.auth, { name: ' ', username: unique() });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Full name is required.');
    const bad = await post('/api/user/profile', me.auth, { name: 'A', username: 'no!' });
    expect(bad.json().error).toBe('Username must be 3-32 letters or numbers.');
    const taken = await post('/api/user/profile', me.auth, {
      name: 'A',
      username: other.user.username!.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('This username is already taken.');
  });

  it('refuses a department outside the list, and clears it with an empty value', async () => {
    const me = await signUp(app);
    const bad = await post('/api/user/profile', me.auth, {
      name: 'A',
      username: me.user.username,
      user_department: 'Moon',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Please choose a department from the list.');
    const cleared = await post('/api/user/profile', me.auth, {
      name: 'A',
      username: me.user.username,
      user_department: '',
    });
    expect(cleared.json().user_department).toBeNull();
  });
});

describe('passwords', () => {
  it('reports hasPassword for a password account', async () => {
    const me = await signUp(app);
    const res = await app.inject({ url: '/api/user/has-password', headers: me.auth });
    expect(res.json()).toEqual({ hasPassword: true });
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const me = await signUp(app);
    const elsewhere = await login(app, me.email, me.password);
    const res = await post('/api/user/change-password', me.auth, {
      currentPassword: me.password,
      newPassword: 'N3w!Password',
      confirmPassword: 'N3w!Password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password changed successfully.' });
    expect((await app.inject({ url: '/api/user/profile', headers: me.auth })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user/profile', headers: elsewhere.auth })).statusCode).toBe(401);
    await expect(login(app, me.email, 'N3w!Password')).resolves.toBeTruthy();
    await expect(login(app, me.email, me.password)).rejects.toThrow(/401/);
  });

  it('refuses a wrong current password, a short one and a mismatch, changing nothing', async () => {
    const me = await signUp(app);
    const wrong = await post('/api/user/change-password', me.auth, {
      currentPassword: 'Wrong!Pass1',
      newPassword: 'N3w!Password',
      confirmPassword: 'N3w!Password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Current password is incorrect.');
    const short = await post('/api/user/change-password', me.auth, {
      currentPassword: me.password,
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(short.json().error).toBe('Password must be at least 8 characters.');
    const mismatch = await post('/api/user/change-password', me.auth, {
      currentPassword: me.password,
      newPassword: 'N3w!Password',
      confirmPassword: 'N3w!Passwore',
    });
    expect(mismatch.json().error).toBe('Passwords do not match');
    await expect(login(app, me.email, me.password)).resolves.toBeTruthy();
  });

  it('sets a first password only when none exists', async () => {
    const me = await signUp(app);
    const refused = await post('/api/user/set-password', me.auth, {
      password: 'N3w!Password',
      confirmPassword: 'N3w!Password',
    });
    expect(refused.statusCode).toBe(409);
    await app.db.update(users).set({ passwordHash: null }).where(eq(users.id, me.user.id));
    expect((await app.inject({ url: '/api/user/has-password', headers: me.auth })).json()).toEqual({
      hasPassword: false,
    });
    const set = await post('/api/user/set-password', me.auth, {
      password: 'N3w!Password',
      confirmPassword: 'N3w!Password',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ message: 'Password set successfully.' });
    await expect(login(app, me.email, 'N3w!Password')).resolves.toBeTruthy();
  });
});

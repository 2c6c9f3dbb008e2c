import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../test/app';
import { GOOD_PASSWORD, login, registerUser, signUp, unique } from '../../test/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const register = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/auth/register', payload });

function validRegistration(overrides: Record<string, unknown> = {}) {
  const name = unique();
  return {
    email: `${name}@example.com`,
    password: GOOD_PASSWORD,
    name: 'Ada Lovelace',
    username: name,
    teamName: 'Analytical Engines',
    industry: 'Technology',
    ...overrides,
  };
}

describe('POST /api/auth/register', () => {
  it('creates the user and a team they own, and returns no session (docs/product.md §4)', async () => {
    const body = validRegistration({ email: `Mixed.${unique()}@Example.com` });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.token).toBeUndefined();
    expect(json.user).toMatchObject({
      name: 'Ada Lovelace',
      username: body.username,
      email: body.email.toLowerCase(),
      role: 'owner',
      is_active: true,
      is_super_admin: false,
      user_department: null,
      team: { name: 'Analytical Engines' },
    });
    expect(JSON.stringify(json)).not.toMatch(/argon2|password/i);
  });

  it('refuses a weak password with the spec message listing the unmet rules', async () => {
    const res = await register(validRegistration({ password: 'weakpass' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'Password requirements not met: One uppercase letter, One number, One special character (!@#$%^&*(),.?":{}|<>)',
    );
  });

  it('accepts a score of 4 of 5 when the length rule is met', async () => {
    const res = await register(validRegistration({ password: 'abcdefg1!' }));
    expect(res.statusCode).toBe(201);
  });

  it('refuses a 7-character password even with 4 rules met', async () => {
    const res = await register(validRegistration({ password: 'Abcde1!' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Password requirements not met: At least 8 characters/);
  });

  it('requires a team name without an invitation', async () => {
    const res = await register(validRegistration({ teamName: '  ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Team name is required (1-100 characters).');
  });

  it('refuses a team name over 100 characters', async () => {
    const res = await register(validRegistration({ teamName: 'x'.repeat(101) }));
    expect(res.statusCode).toBe(400);
  });

  it('refuses a username that is not 3-32 alphanumeric characters', async () => {
    for (const username of ['ab', 'a'.repeat(33), 'has space', 'dash-ed']) {
      const res = await register(validRegistration({ username }));
      expect(res.statusCode, username).toBe(400);
      expect(res.json().error).toBe('Username must be 3-32 letters or numbers.');
    }
  });

  it('refuses an unknown industry and a bad e-mail', async () => {
    expect((await register(validRegistration({ industry: 'Piracy' }))).json().error).toBe(
      'Please choose an industry from the list.',
    );
    expect((await register(validRegistration({ email: 'not-an-email' }))).json().error).toBe(
      'Please enter a valid email address.',
    );
  });

  it('refuses a taken e-mail (any case) and a taken username (any case) with 409, creating nothing', async () => {
    const first = validRegistration();
    expect((await register(first)).statusCode).toBe(201);
    const sameEmail = await register(validRegistration({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error).toBe('An account with this email already exists.');
    const sameUsername = await register(validRegistration({ username: first.username.toUpperCase() }));
    expect(sameUsername.statusCode).toBe(409);
    expect(sameUsername.json().error).toBe('This username is already taken.');
  });

  it('refuses an invalid invitation token without creating the account', async () => {
    const body = validRegistration({ invitationToken: 'x'.repeat(43) });
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Invalid invitation');
    expect((await register({ ...body, invitationToken: null })).statusCode).toBe(201);
  });
});

describe('POST /api/auth/login', () => {
  it('returns a token and the user object', async () => {
    const { email, password, user } = await registerUser(app);
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(json.user).toEqual(user);
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const { email } = await registerUser(app);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Wrong!Pass1' },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `${unique()}@example.com`, password: 'Wrong!Pass1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ error: 'Invalid email or password.', code: 'unauthenticated' });
  });

  it('accepts the e-mail in any case', async () => {
    const { email, password } = await registerUser(app);
    await expect(login(app, email.toUpperCase(), password)).resolves.toMatchObject({
      email: email.toUpperCase(),
    });
  });

  it('throttles repeated failures per account with 429, and lets the right password through again later', async () => {
    const throttled = await createTestApp({
      loginThrottle: { windowMs: 60_000, perAccount: 3, perIp: 1000 },
    });
    const { email, password } = await registerUser(throttled);
    const attempt = (pw: string) =>
      throttled.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: pw } });
    for (let i = 0; i < 3; i++) expect((await attempt('Wrong!Pass1')).statusCode).toBe(401);
    const blocked = await attempt(password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
    // A minute later (the server's clock only: timers stay real) the failures have left the window.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      expect((await attempt(password)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('throttles per IP address across accounts', async () => {
    const throttled = await createTestApp({ loginThrottle: { windowMs: 60_000, perAccount: 100, perIp: 4 } });
    const remoteAddress = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const attempt = (email: string) =>
      throttled.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email, password: 'Wrong!Pass1' },
      });
    for (let i = 0; i < 4; i++) expect((await attempt(`${unique()}@example.com`)).statusCode).toBe(401);
    expect((await attempt(`${unique()}@example.com`)).statusCode).toBe(429);
    // Another address is not affected.
    const other = await throttled.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.1.1.1',
      payload: { email: `${unique()}@example.com`, password: 'Wrong!Pass1' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('refuses missing fields with 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Password is required/);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session server-side: the token gets 401 on the very next request', async () => {
    const me = await signUp(app);
    expect((await app.inject({ url: '/api/user/profile', headers: me.auth })).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: me.auth });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({ url: '/api/user/profile', headers: me.auth });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'Authentication required', code: 'unauthenticated' });
  });

  it('ends only that session', async () => {
    const first = await signUp(app);
    const second = await login(app, first.email, first.password);
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: first.auth });
    expect((await app.inject({ url: '/api/user/profile', headers: second.auth })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });
});

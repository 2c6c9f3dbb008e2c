// "Keep me signed in on this device" (decision 033): the refresh cookie rotates, a reused old one ends the device,
// sign-out (here or everywhere) ends it, it expires, and it never works cross-site.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { SESSION_TEXTS } from '../../../common/domain/session-texts';
import { auditEvents, devices, refreshCredentials, sessions, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { registerUser, unique, type SignedIn } from '../../test/factories';
import { startSmtp } from '../../test/smtp';
import { REFRESH_COOKIE } from './refresh-cookie';

const APP_URL = 'http://oops.test';
const SAME_ORIGIN = { origin: APP_URL, 'sec-fetch-site': 'same-origin' };
let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  app = await createTestApp({ appUrl: APP_URL, smtpUrl: smtp.url });
});

const cookieOf = (res: InjectResponse) => res.cookies.find((c) => c.name === REFRESH_COOKIE);

/** A password sign-in with "keep me signed in": the bearer session and the device's first credential. */
async function rememberedSignIn(): Promise<SignedIn & { credential: string }> {
  const { email, password } = await registerUser(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, remember: true },
  });
  expect(res.statusCode).toBe(200);
  const { token, user } = res.json();
  return {
    token,
    user,
    email,
    password,
    auth: { authorization: `Bearer ${token}` },
    credential: cookieOf(res)!.value,
  };
}

const refresh = (credential: string | null, headers: Record<string, string> = SAME_ORIGIN) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { ...headers, ...(credential ? { cookie: `${REFRESH_COOKIE}=${credential}` } : {}) },
  });
const profileStatus = async (token: string) =>
  (await app.inject({ url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } })).statusCode;

describe('remembered devices', () => {
  it('sets an httpOnly, SameSite=Lax cookie on /api/auth only when asked, and answers as before', async () => {
    const { email, password } = await registerUser(app);
    const plain = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(Object.keys(plain.json()).sort()).toEqual(['token', 'user']);
    expect(cookieOf(plain)).toBeUndefined();

    const kept = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password, remember: true },
    });
    expect(Object.keys(kept.json()).sort()).toEqual(['token', 'user']);
    const cookie = cookieOf(kept)!;
    expect(cookie).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Lax' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The readable hint beside it says only that there is a remembered device.
    expect(kept.cookies.find((c) => c.name === 'oopsboard_device')).toMatchObject({ value: '1', path: '/' });
    expect(kept.cookies.find((c) => c.name === 'oopsboard_device')!.httpOnly).toBeFalsy();
    const expires = new Date(cookie.expires!).getTime();
    expect(expires).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    // Only the hash is stored.
    const stored = await app.db.select({ hash: refreshCredentials.tokenHash }).from(refreshCredentials);
    expect(stored.some((row) => row.hash === cookie.value)).toBe(false);
  });

  it('marks the cookie Secure when the site is served over https', async () => {
    const secure = await createTestApp({ appUrl: 'https://oops.example.com' });
    const { email, password } = await registerUser(secure);
    const res = await secure.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password, remember: true },
    });
    expect(cookieOf(res)!.secure).toBe(true);
  });

  it('trades the cookie for a new session as a sign-in answers, rotating it on every use', async () => {
    const me = await rememberedSignIn();
    const first = await refresh(me.credential);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.user.email).toBe(me.email);
    expect(body.token).not.toBe(me.token);
    expect(await profileStatus(body.token)).toBe(200);
    const rotated = cookieOf(first)!;
    expect(rotated.value).not.toBe(me.credential);
    expect(rotated).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Lax' });

    const second = await refresh(rotated.value);
    expect(second.statusCode).toBe(200);
    expect(cookieOf(second)!.value).not.toBe(rotated.value);
  });

  it('lets tabs that refreshed at the same moment share one rotation', async () => {
    const me = await rememberedSignIn();
    const [a, b] = await Promise.all([refresh(me.credential), refresh(me.credential)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // Exactly one answer rotates the cookie; the other leaves the browser with the rotated one.
    expect([cookieOf(a), cookieOf(b)].filter(Boolean)).toHaveLength(1);
  });

  it('ends the whole device when a replaced credential comes back after the grace', async () => {
    const me = await rememberedSignIn();
    const first = await refresh(me.credential);
    const next = cookieOf(first)!.value;
    const tabToken = first.json().token as string;
    // The replacement happened a minute ago: whoever presents the old one now holds a copy.
    await app.db
      .update(refreshCredentials)
      .set({ replacedAt: sql`now() - interval '1 minute'` })
      .where(sql`${refreshCredentials.replacedAt} is not null`);

    const reused = await refresh(me.credential);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toBe(SESSION_TEXTS.reused);
    expect(cookieOf(reused)!.value).toBe('');
    // The chain is gone: the current credential and every session of the device, the first tab's too.
    expect((await refresh(next)).statusCode).toBe(401);
    expect(await profileStatus(tabToken)).toBe(401);
    expect(await profileStatus(me.token)).toBe(401);
    const audit = await app.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(sql`${auditEvents.action} = 'auth.token_reuse' and ${auditEvents.actorId} = ${me.user.id}`);
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.details)).not.toContain(me.credential);
  });

  it('never works cross-site, and a refused call changes nothing', async () => {
    const me = await rememberedSignIn();
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: APP_URL, 'sec-fetch-site': 'cross-site' },
      { origin: APP_URL, 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of attempts) {
      const res = await refresh(me.credential, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error).toBe(SESSION_TEXTS.crossSite);
      expect(cookieOf(res)).toBeUndefined();
    }
    const [device] = await app.db
      .select({ lastUsedAt: devices.lastUsedAt })
      .from(devices)
      .where(eq(devices.userId, me.user.id));
    const credentials = await app.db
      .select()
      .from(refreshCredentials)
      .innerJoin(devices, eq(devices.id, refreshCredentials.deviceId))
      .where(eq(devices.userId, me.user.id));
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.refresh_credentials.replacedAt).toBeNull();
    expect(device).toBeDefined();
    // The same credential still works from the site itself (an Origin of the host it was sent to counts too).
    expect(
      (await refresh(me.credential, { origin: 'http://localhost:3000', host: 'localhost:3000' })).statusCode,
    ).toBe(200);
  });

  it('answers 204 without a cookie, and refuses an unknown one with 401, clearing it', async () => {
    const none = await refresh(null);
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
    const unknown = await refresh('A'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(cookieOf(unknown)!.value).toBe('');
  });

  it('ends the device on sign-out and clears the cookie', async () => {
    const me = await rememberedSignIn();
    const tab = await refresh(me.credential);
    const credential = cookieOf(tab)!.value;
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...me.auth, cookie: `${REFRESH_COOKIE}=${credential}` },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(cookieOf(out)).toMatchObject({ value: '', path: '/api/auth' });
    expect((await refresh(credential)).statusCode).toBe(401);
    // The other tab opened from the device is signed out with it.
    expect(await profileStatus(tab.json().token)).toBe(401);
  });

  it('is refused after signing out everywhere, as is every session', async () => {
    const me = await rememberedSignIn();
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.email, password: me.password, remember: true },
    });
    const otherCredential = cookieOf(other)!.value;
    const plain = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.email, password: me.password },
    });
    const res = await app.inject({ method: 'POST', url: '/api/auth/sessions/end-all', headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await refresh(me.credential)).statusCode).toBe(401);
    expect((await refresh(otherCredential)).statusCode).toBe(401);
    expect(await profileStatus(me.token)).toBe(401);
    expect(await profileStatus(other.json().token)).toBe(401);
    expect(await profileStatus(plain.json().token)).toBe(401);
  });

  it('says the session expired past the absolute lifetime, and past the idle lifetime', async () => {
    const old = await rememberedSignIn();
    await app.db
      .update(devices)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(devices.userId, old.user.id));
    const absolute = await refresh(old.credential);
    expect(absolute.statusCode).toBe(401);
    expect(absolute.json().error).toBe(SESSION_TEXTS.expired);

    const idle = await rememberedSignIn();
    await app.db
      .update(devices)
      .set({ lastUsedAt: sql`now() - interval '15 days'` })
      .where(eq(devices.userId, idle.user.id));
    await app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '15 days'` })
      .where(eq(sessions.userId, idle.user.id));
    const idleRes = await refresh(idle.credential);
    expect(idleRes.statusCode).toBe(401);
    expect(idleRes.json().error).toBe(SESSION_TEXTS.expired);
    expect(await app.db.select().from(devices).where(eq(devices.userId, idle.user.id))).toHaveLength(0);
  });

  it('keeps a device in use by its open tab from going idle', async () => {
    const me = await rememberedSignIn();
    await app.db
      .update(devices)
      .set({ lastUsedAt: sql`now() - interval '15 days'` })
      .where(eq(devices.userId, me.user.id));
    // The tab signed in with the device was used a minute ago.
    expect((await refresh(me.credential)).statusCode).toBe(200);
  });

  it('refuses a disabled user at once', async () => {
    const me = await rememberedSignIn();
    await app.db.update(users).set({ isActive: false }).where(eq(users.id, me.user.id));
    const res = await refresh(me.credential);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(SESSION_TEXTS.notRemembered);
  });
});

describe('the OpenAPI document', () => {
  it('describes the refresh and the sessions endpoints', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/auth/refresh'].post.responses).toHaveProperty('200');
    expect(doc.paths['/api/auth/refresh'].post.responses).toHaveProperty('403');
    expect(doc.paths['/api/auth/sessions'].get.responses).toHaveProperty('200');
    expect(doc.paths['/api/auth/sessions/{id}'].delete).toBeDefined();
    expect(doc.paths['/api/auth/devices/{id}'].delete).toBeDefined();
    expect(doc.paths['/api/auth/sessions/end-all'].post).toBeDefined();
    expect(
      doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('remember');
  });
});

describe('sessions and devices on the profile', () => {
  const list = (auth: Record<string, string>) => app.inject({ url: '/api/auth/sessions', headers: auth });

  it('lists remembered devices and plain sessions, the current one marked, without secrets', async () => {
    const me = await rememberedSignIn();
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
    const plain = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': chrome },
      payload: { email: me.email, password: me.password },
    });
    const res = await list(me.auth);
    expect(res.statusCode).toBe(200);
    const items = res.json().sessions as { kind: string; current: boolean; device: string; id: number }[];
    expect(items.map((s) => [s.kind, s.current])).toEqual([
      ['device', true],
      ['session', false],
    ]);
    expect(items[1]!.device).toBe('Chrome on Linux');
    expect(res.body).not.toContain(me.token);
    expect(res.body).not.toContain(me.credential);
    expect(res.body).not.toContain(plain.json().token);

    // Seen from the plain session, that one is current.
    const fromPlain = await list({ authorization: `Bearer ${plain.json().token}` });
    expect(fromPlain.json().sessions.find((s: { current: boolean }) => s.current).kind).toBe('session');
  });

  it("ends one session or one device, and only the user's own", async () => {
    const me = await rememberedSignIn();
    const stranger = await rememberedSignIn();
    const plain = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.email, password: me.password },
    });
    const items = (await list(me.auth)).json().sessions as { kind: string; id: number }[];
    const session = items.find((s) => s.kind === 'session')!;
    const device = items.find((s) => s.kind === 'device')!;
    const theirs = (await list(stranger.auth)).json().sessions[0] as { id: number };

    expect(
      (await app.inject({ method: 'DELETE', url: `/api/auth/devices/${theirs.id}`, headers: me.auth }))
        .statusCode,
    ).toBe(404);
    expect((await refresh(stranger.credential)).statusCode).toBe(200);

    const endSession = await app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${session.id}`,
      headers: me.auth,
    });
    expect(endSession.statusCode).toBe(200);
    expect(await profileStatus(plain.json().token)).toBe(401);
    expect(await profileStatus(me.token)).toBe(200);

    const endDevice = await app.inject({
      method: 'DELETE',
      url: `/api/auth/devices/${device.id}`,
      headers: me.auth,
    });
    expect(endDevice.statusCode).toBe(200);
    expect((await refresh(me.credential)).statusCode).toBe(401);
    expect(await profileStatus(me.token)).toBe(401);

    const bad = await app.inject({ method: 'DELETE', url: '/api/auth/sessions/abc', headers: stranger.auth });
    expect(bad.statusCode).toBe(400);
  });

  it('a password change ends the other devices and keeps this one', async () => {
    const me = await rememberedSignIn();
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.email, password: me.password, remember: true },
    });
    const changed = await app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: me.auth,
      payload: { currentPassword: me.password, newPassword: 'N3w!Passw0rd', confirmPassword: 'N3w!Passw0rd' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await refresh(cookieOf(other)!.value)).statusCode).toBe(401);
    expect((await refresh(me.credential)).statusCode).toBe(200);
  });
});

describe('magic link with "keep me signed in"', () => {
  it('sets the cookie when the link is used and says where to return', async () => {
    const email = `${unique()}@example.com`;
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email, remember: true, returnTo: '/oops/12-db-down?tab=notes#n3' },
    });
    expect(asked.statusCode).toBe(200);
    const token = smtp.tokenFor(email);
    const used = await app.inject({ url: `/api/auth/verify?token=${token}` });
    expect(used.statusCode).toBe(200);
    expect(used.json().returnTo).toBe('/oops/12-db-down?tab=notes#n3');
    const cookie = cookieOf(used)!;
    expect(cookie).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Lax' });
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { ...SAME_ORIGIN, cookie: `${REFRESH_COOKIE}=${cookie.value}` },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.email).toBe(email);
  });

  it('refuses a return address on another site', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/magic-link',
        payload: { email: `${unique()}@example.com`, returnTo },
      });
      expect(res.statusCode, returnTo).toBe(400);
    }
  });
});

// Single sign-on against a real OpenID provider (oidc-provider on loopback, server/test/oidc-provider.ts): the whole
// redirect dance with PKCE, state and nonce, the ID-token checks, and which account a provider identity reaches.
import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SSO_TEXTS } from '../../../common/domain/sso-texts';
import { MESSAGES } from '../../../common/domain/messages';
import type { OidcConfig } from '../../config';
import { auditEvents, memberships, oneTimeTokens, teams, userIdentities, users } from '../../db/schema';
import { createTestApp, testConfig } from '../../test/app';
import { registerUser, signUp, unique } from '../../test/factories';
import { startTestProvider, type TestAccount, type TestProvider } from '../../test/oidc-provider';
import { FLOW_COOKIE } from './sso-flow-cookie';
import { HANDOFF_TTL_MS } from './sso-service';

const REDIRECT_URI = `${testConfig().appUrl}/api/auth/oidc/callback`;

let provider: TestProvider;
let app: FastifyInstance;
/** Allows only corp.test addresses and puts new accounts in a team of its own. */
let corpApp: FastifyInstance;
let corpOidc: OidcConfig;

const oidcOf = (p: TestProvider, extra: Partial<OidcConfig> = {}): OidcConfig => ({
  issuer: p.issuer,
  clientId: p.clientId,
  clientSecret: p.clientSecret,
  providerName: 'Acme ID',
  allowedDomains: [],
  defaultTeamId: null,
  ...extra,
});

beforeAll(async () => {
  provider = await startTestProvider(REDIRECT_URI);
  app = await createTestApp({ oidc: oidcOf(provider) });
  corpOidc = oidcOf(provider, { allowedDomains: ['corp.test'] });
  corpApp = await createTestApp({ oidc: corpOidc });
});

const person = (overrides: Partial<TestAccount> = {}): TestAccount => {
  const id = unique('p');
  return {
    sub: `sub-${id}`,
    email: `${id}@example.com`,
    email_verified: true,
    name: `Pat ${id}`,
    ...overrides,
  };
};

async function start(target: FastifyInstance, returnTo?: string) {
  const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
  const res = await target.inject({ url: `/api/auth/oidc/start${query}` });
  expect(res.statusCode).toBe(302);
  const cookie = res.cookies.find((c) => c.name === FLOW_COOKIE)!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc' });
  return { location: String(res.headers.location), cookie: `${FLOW_COOKIE}=${cookie.value}` };
}

const callback = (target: FastifyInstance, url: URL, cookie?: string) =>
  target.inject({ url: `${url.pathname}${url.search}`, headers: cookie ? { cookie } : {} });

/** Signs in at the provider as `account` and returns the callback's answer. */
async function signInAs(account: TestAccount, target = app) {
  provider.account = account;
  const flow = await start(target);
  const url = await provider.authorize(flow.location, REDIRECT_URI);
  return callback(target, url, flow.cookie);
}

function handoffCode(res: { statusCode: number; headers: Record<string, unknown> }): string {
  expect(res.statusCode).toBe(302);
  const location = String(res.headers.location);
  expect(location).toMatch(/^\/login\/sso\?code=/);
  return new URL(location, 'http://x').searchParams.get('code')!;
}

const ssoError = (res: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(res.statusCode).toBe(302);
  return String(res.headers.location);
};

const complete = (code: string, target = app) =>
  target.inject({ method: 'POST', url: '/api/auth/oidc/complete', payload: { code } });

async function userByEmail(target: FastifyInstance, email: string) {
  const [row] = await target.db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** The details of the single sign-on failures audited while `act` ran (only this file's tests write them). */
async function failuresDuring(act: () => Promise<unknown>) {
  const [last] = await app.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .orderBy(desc(auditEvents.id))
    .limit(1);
  await act();
  const rows = await app.db
    .select({ details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'auth.oidc_failed'), gt(auditEvents.id, last?.id ?? 0)));
  return rows.map((r) => r.details);
}

async function auditFor(target: FastifyInstance, email: string) {
  return target.db
    .select({ action: auditEvents.action, details: auditEvents.details })
    .from(auditEvents)
    .where(eq(auditEvents.target, email))
    .orderBy(auditEvents.id);
}

describe('single sign-on: the login page learns the methods', () => {
  it('names the provider, and says when only single sign-on is open', async () => {
    const res = await app.inject({ url: '/api/auth/providers' });
    expect(res.json()).toEqual({ oidc: { name: 'Acme ID' }, oidcOnly: false });
  });

  it('the start route sends the browser to the provider with PKCE, state and nonce', async () => {
    const { location } = await start(app, '/oops/12');
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    for (const param of ['code_challenge', 'state', 'nonce'])
      expect(url.searchParams.get(param)).toBeTruthy();
  });

  it('refuses a return path to another site', async () => {
    const res = await app.inject({
      url: `/api/auth/oidc/start?returnTo=${encodeURIComponent('//evil.test/x')}`,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('single sign-on: accounts', () => {
  it('a first sign-in creates the account with a personal team; the hand-off code opens a session', async () => {
    const who = person();
    provider.account = who;
    const flow = await start(app, '/oops?view=mine');
    const res = await callback(app, await provider.authorize(flow.location, REDIRECT_URI), flow.cookie);
    // The flow cookie is spent.
    expect(res.cookies.find((c) => c.name === FLOW_COOKIE)?.value).toBe('');
    const done = await complete(handoffCode(res));
    expect(done.statusCode).toBe(200);
    const body = done.json();
    expect(body.returnTo).toBe('/oops?view=mine');
    expect(body.user).toMatchObject({
      email: who.email,
      name: who.name,
      role: 'owner',
      team: { name: 'Personal Team' },
    });
    const profile = await app.inject({
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(profile.statusCode).toBe(200);
    const [identity] = await app.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, body.user.id));
    expect(identity).toMatchObject({ issuer: provider.issuer, subject: who.sub, email: who.email });
    const actions = (await auditFor(app, who.email!)).map((a) => a.action);
    expect(actions).toEqual(['auth.registered', 'auth.oidc_signed_in']);
  });

  it('asks UserInfo for the e-mail only when the ID token lacks it', async () => {
    // This provider is strict (the default): e-mail and name are in UserInfo only.
    const before = provider.userinfoRequests;
    const who = person();
    expect((await complete(handoffCode(await signInAs(who)))).json().user.email).toBe(who.email);
    expect(provider.userinfoRequests).toBe(before + 1);

    const generous = await startTestProvider(REDIRECT_URI, { conformIdTokenClaims: false });
    const generousApp = await createTestApp({ oidc: oidcOf(generous) });
    generous.account = person();
    const flow = await start(generousApp);
    const url = await generous.authorize(flow.location, REDIRECT_URI);
    const done = await complete(handoffCode(await callback(generousApp, url, flow.cookie)), generousApp);
    expect(done.json().user).toMatchObject({ email: generous.account.email, name: generous.account.name });
    expect(generous.userinfoRequests).toBe(0);
  });

  it('the next sign-in finds the account by identity, even after the e-mail changed at the provider', async () => {
    const who = person();
    const first = await (await complete(handoffCode(await signInAs(who)))).json();
    const changed = { ...who, email: `${unique('new')}@example.com` };
    const again = await complete(handoffCode(await signInAs(changed)));
    expect(again.json().user.id).toBe(first.user.id);
    expect(await userByEmail(app, changed.email)).toBeUndefined();
  });

  it('links an existing account with the same e-mail when the provider has verified it', async () => {
    const { email, user } = await registerUser(app);
    const res = await complete(handoffCode(await signInAs(person({ email }))));
    expect(res.json().user.id).toBe(user.id);
    expect((await auditFor(app, email)).map((a) => a.action)).toContain('auth.oidc_linked');
  });

  it('neither links nor creates when the e-mail is not verified', async () => {
    const { email, user } = await registerUser(app);
    expect(ssoError(await signInAs(person({ email, email_verified: false })))).toBe(
      '/login?sso_error=email_unverified',
    );
    const stranger = person({ email_verified: false });
    expect(ssoError(await signInAs(stranger))).toBe('/login?sso_error=email_unverified');
    expect(await userByEmail(app, stranger.email!)).toBeUndefined();
    const linked = await app.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id));
    expect(linked).toEqual([]);
    const failures = (await auditFor(app, email)).filter((a) => a.action === 'auth.oidc_failed');
    expect(failures[0]?.details).toMatchObject({ reason: 'email_unverified' });
  });

  it('refuses an identity without an e-mail address', async () => {
    const res = await signInAs({ sub: `sub-${unique()}` });
    expect(ssoError(res)).toBe('/login?sso_error=email_missing');
  });

  it('keeps a disabled user out, whether found by e-mail or by identity', async () => {
    const { email, user } = await registerUser(app);
    const who = person({ email });
    await complete(handoffCode(await signInAs(who)));
    await app.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect(ssoError(await signInAs(who))).toBe('/login?sso_error=disabled');
    const other = await registerUser(app);
    await app.db.update(users).set({ isActive: false }).where(eq(users.id, other.user.id));
    expect(ssoError(await signInAs(person({ email: other.email })))).toBe('/login?sso_error=disabled');
  });

  it('refuses a domain that is not allowed, and puts new accounts in the default team as members', async () => {
    const owner = await signUp(corpApp);
    // The installation names its team once it exists; the config object is the one the app was built with.
    corpOidc.defaultTeamId = owner.user.team!.id;
    const outsider = person();
    expect(ssoError(await signInAs(outsider, corpApp))).toBe('/login?sso_error=domain');
    expect(await userByEmail(corpApp, outsider.email!)).toBeUndefined();
    const insider = person({ email: `${unique('in')}@CORP.test` });
    const res = await complete(handoffCode(await signInAs(insider, corpApp)), corpApp);
    expect(res.json().user).toMatchObject({
      email: insider.email!.toLowerCase(),
      role: 'member',
      team: { id: owner.user.team!.id },
    });
    const rows = await corpApp.db
      .select({ teamId: memberships.teamId, role: memberships.role })
      .from(memberships)
      .where(eq(memberships.userId, res.json().user.id));
    expect(rows).toEqual([{ teamId: owner.user.team!.id, role: 'member' }]);
  });

  it('refuses to sign in when the default team does not exist', async () => {
    const [team] = await corpApp.db
      .insert(teams)
      .values({ name: unique('gone') })
      .returning({ id: teams.id });
    await corpApp.db.delete(teams).where(eq(teams.id, team!.id));
    const previous = corpOidc.defaultTeamId;
    corpOidc.defaultTeamId = team!.id;
    try {
      const who = person({ email: `${unique('in')}@corp.test` });
      expect(ssoError(await signInAs(who, corpApp))).toBe('/login?sso_error=misconfigured');
      expect(await userByEmail(corpApp, who.email!)).toBeUndefined();
    } finally {
      corpOidc.defaultTeamId = previous;
    }
  });
});

describe('single sign-on: the hand-off code', () => {
  it('works once', async () => {
    const code = handoffCode(await signInAs(person()));
    expect((await complete(code)).statusCode).toBe(200);
    const again = await complete(code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(SSO_TEXTS.handoffInvalid);
  });

  it('lives two minutes', async () => {
    const who = person();
    const code = handoffCode(await signInAs(who));
    const [row] = await app.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.kind, 'oidc_handoff'), eq(oneTimeTokens.email, who.email!)));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(HANDOFF_TTL_MS + 1000);
    await app.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.id, row!.id));
    const res = await complete(code);
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toBe(SSO_TEXTS.handoffExpired);
  });

  it('is refused for a user disabled since the callback', async () => {
    const who = person();
    const code = handoffCode(await signInAs(who));
    await app.db.update(users).set({ isActive: false }).where(eq(users.email, who.email!));
    const res = await complete(code);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(MESSAGES.accountDisabled);
  });

  it('an unknown code is a 400', async () => {
    expect((await complete('not-a-code')).statusCode).toBe(400);
  });
});

describe('single sign-on: a callback that must fail', () => {
  it('wrong state, or no flow cookie, or an altered cookie', async () => {
    provider.account = person();
    const flow = await start(app);
    const url = await provider.authorize(flow.location, REDIRECT_URI);
    const forged = new URL(url);
    forged.searchParams.set('state', 'forged-state');
    expect(ssoError(await callback(app, forged, flow.cookie))).toBe('/login?sso_error=state');
    expect(ssoError(await callback(app, url))).toBe('/login?sso_error=state');
    // One character of the sealed value changed (a character appended can fall in base64's ignored tail).
    const at = flow.cookie.length - 10;
    const altered = `${flow.cookie.slice(0, at)}${flow.cookie[at] === 'A' ? 'B' : 'A'}${flow.cookie.slice(at + 1)}`;
    expect(ssoError(await callback(app, url, altered))).toBe('/login?sso_error=state');
    // A flow cookie of another browser's sign-in does not fit this code either.
    const other = await start(app);
    expect(ssoError(await callback(app, url, other.cookie))).toBe('/login?sso_error=state');
  });

  it('a replayed code', async () => {
    provider.account = person();
    const flow = await start(app);
    const url = await provider.authorize(flow.location, REDIRECT_URI);
    handoffCode(await callback(app, url, flow.cookie));
    expect(ssoError(await callback(app, url, flow.cookie))).toBe('/login?sso_error=failed');
  });

  it('an ID token for another client (wrong audience)', async () => {
    provider.tamper = 'audience';
    try {
      const who = person();
      const failures = await failuresDuring(async () =>
        expect(ssoError(await signInAs(who))).toBe('/login?sso_error=failed'),
      );
      expect(failures).toEqual([{ reason: 'failed', error: 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' }]);
      expect(await userByEmail(app, who.email!)).toBeUndefined();
    } finally {
      provider.tamper = null;
    }
  });

  it('an expired ID token', async () => {
    provider.tamper = 'expired';
    try {
      const who = person();
      const failures = await failuresDuring(async () =>
        expect(ssoError(await signInAs(who))).toBe('/login?sso_error=failed'),
      );
      expect(failures).toEqual([{ reason: 'failed', error: 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED' }]);
      expect(await userByEmail(app, who.email!)).toBeUndefined();
    } finally {
      provider.tamper = null;
    }
  });

  it('the provider answers with an error', async () => {
    const flow = await start(app);
    const state = new URL(flow.location).searchParams.get('state')!;
    const url = new URL(`${REDIRECT_URI}?error=access_denied&state=${state}`);
    expect(ssoError(await callback(app, url, flow.cookie))).toBe('/login?sso_error=denied');
  });
});

describe('single sign-on: not configured', () => {
  it('the login page offers no provider and the routes answer 404', async () => {
    const plain = await createTestApp();
    expect((await plain.inject({ url: '/api/auth/providers' })).json()).toEqual({
      oidc: null,
      oidcOnly: false,
    });
    const started = await plain.inject({ url: '/api/auth/oidc/start' });
    expect(started.statusCode).toBe(404);
    expect(started.json().error).toBe(SSO_TEXTS.notConfigured);
    expect((await plain.inject({ url: '/api/auth/oidc/callback?code=x&state=y' })).statusCode).toBe(404);
    expect((await complete('x', plain)).statusCode).toBe(404);
  });
});

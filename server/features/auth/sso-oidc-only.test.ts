// OIDC_ONLY=true: members sign in with the provider only; super admins keep password and e-mail links (break-glass).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SSO_TEXTS } from '../../../common/domain/sso-texts';
import { auditEvents, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { createTestApp, testConfig } from '../../test/app';
import { GOOD_PASSWORD, unique } from '../../test/factories';
import { startTestProvider, type TestProvider } from '../../test/oidc-provider';
import { startSmtp } from '../../test/smtp';
import { issueOneTimeToken } from './one-time-tokens';
import { FLOW_COOKIE } from './sso-flow-cookie';

const REDIRECT_URI = `${testConfig().appUrl}/api/auth/oidc/callback`;
/** This file's listed super admin (SUPER_ADMIN_EMAILS), unique so that PostgreSQL runs sharing a database agree. */
const LISTED_ADMIN = `${unique('root')}@example.com`;

let app: FastifyInstance;
let provider: TestProvider;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  provider = await startTestProvider(REDIRECT_URI);
  smtp = await startSmtp();
  app = await createTestApp({
    smtpUrl: smtp.url,
    superAdminEmails: new Set([LISTED_ADMIN]),
    oidcOnly: true,
    oidc: {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      providerName: 'Acme ID',
      allowedDomains: [],
      defaultTeamId: null,
    },
  });
});

/** An account with a password, written directly: sign-up is closed to members in this mode. */
async function account(options: { superAdmin?: boolean } = {}): Promise<{ id: number; email: string }> {
  const email = `${unique()}@example.com`;
  const [row] = await app.db
    .insert(users)
    .values({
      email,
      name: 'Someone',
      passwordHash: await hashPassword(GOOD_PASSWORD),
      isSuperAdmin: options.superAdmin ?? false,
    })
    .returning({ id: users.id });
  return { id: row!.id, email };
}

const login = (email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: GOOD_PASSWORD } });
const magicLink = (email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email } });
const register = (email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      email,
      password: GOOD_PASSWORD,
      name: 'New Person',
      username: unique(),
      teamName: 'A team',
      industry: 'Technology',
    },
  });

describe('OIDC-only mode', () => {
  it('tells the login page', async () => {
    expect((await app.inject({ url: '/api/auth/providers' })).json()).toEqual({
      oidc: { name: 'Acme ID' },
      oidcOnly: true,
    });
  });

  it('refuses password sign-in to a member, with a clear 403, and audits it', async () => {
    const member = await account();
    const res = await login(member.email);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(SSO_TEXTS.oidcOnlyLogin);
    const audited = await app.db
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.target, member.email));
    expect(audited).toEqual([{ action: 'auth.oidc_only_refused', details: { way: 'login' } }]);
    // An unknown address gets the same answer.
    expect((await login(`${unique()}@example.com`)).statusCode).toBe(403);
  });

  it('refuses sign-up and e-mail links to members, and links sent before the mode was on', async () => {
    const newcomer = `${unique()}@example.com`;
    const signUp = await register(newcomer);
    expect(signUp.statusCode).toBe(403);
    expect(signUp.json().error).toBe(SSO_TEXTS.oidcOnlyRegister);
    const [created] = await app.db.select().from(users).where(eq(users.email, newcomer));
    expect(created).toBeUndefined();

    const member = await account();
    const link = await magicLink(member.email);
    expect(link.statusCode).toBe(403);
    expect(link.json().error).toBe(SSO_TEXTS.oidcOnlyMagicLink);
    expect(smtp.lastTo(member.email)).toBeUndefined();

    const { token } = await issueOneTimeToken(app.db, {
      kind: 'magic_link',
      email: member.email,
      userId: member.id,
      ttlMs: 60_000,
    });
    const verify = await app.inject({ url: `/api/auth/verify?token=${token}` });
    expect(verify.statusCode).toBe(403);
    expect(verify.json().error).toBe(SSO_TEXTS.oidcOnlyMagicLink);
  });

  it('lets super admins in by password and by e-mail link (break-glass)', async () => {
    const granted = await account({ superAdmin: true });
    expect((await login(granted.email)).statusCode).toBe(200);
    expect((await magicLink(granted.email)).statusCode).toBe(200);
    const verify = await app.inject({ url: `/api/auth/verify?token=${smtp.tokenFor(granted.email)}` });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user.is_super_admin).toBe(true);

    // An address listed in SUPER_ADMIN_EMAILS may still create its account and sign in.
    expect((await register(LISTED_ADMIN)).statusCode).toBe(201);
    expect((await login(LISTED_ADMIN)).statusCode).toBe(200);
  });

  it('members still sign in with the provider', async () => {
    const email = `${unique()}@example.com`;
    provider.account = { sub: unique('sub'), email, email_verified: true, name: 'Member' };
    const started = await app.inject({ url: '/api/auth/oidc/start' });
    const cookie = started.cookies.find((c) => c.name === FLOW_COOKIE)!;
    const url = await provider.authorize(String(started.headers.location), REDIRECT_URI);
    const res = await app.inject({
      url: `${url.pathname}${url.search}`,
      headers: { cookie: `${FLOW_COOKIE}=${cookie.value}` },
    });
    const code = new URL(String(res.headers.location), 'http://x').searchParams.get('code')!;
    const done = await app.inject({ method: 'POST', url: '/api/auth/oidc/complete', payload: { code } });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.email).toBe(email);
  });
});

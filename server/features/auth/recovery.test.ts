import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { oneTimeTokens, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { login, registerUser, signUp, unique } from '../../test/factories';
import { startSmtp } from '../../test/smtp';

let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  app = await createTestApp({ smtpUrl: smtp.url, appUrl: 'https://oops.example.com' });
});

const magicLink = (email: string, name?: string) =>
  app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email, ...(name ? { name } : {}) } });
const verify = (token: string) => app.inject({ url: `/api/auth/verify?token=${token}` });

describe('magic link', () => {
  it('e-mails a link to APP_URL/?token=… with its lifetime and an ignore line', async () => {
    const email = `${unique()}@example.com`;
    const res = await magicLink(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Magic link sent! Check your email.' });
    const mail = smtp.lastTo(email)!;
    expect(mail.text).toContain('https://oops.example.com/?token=');
    expect(mail.text).toContain('OopsBoard');
    expect(mail.text).toContain('15 minutes');
    expect(mail.text).toMatch(/ignore this e-mail/);
    expect(mail.raw).toMatch(/text\/html/);
  });

  it('creates an account with a Personal Team only when an unknown address uses the link', async () => {
    const email = `${unique()}@example.com`;
    await magicLink(email, 'Marie Curie');
    expect(await app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    const res = await verify(smtp.tokenFor(email));
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.success).toBe(true);
    expect(json.user).toMatchObject({
      email,
      name: 'Marie Curie',
      role: 'owner',
      team: { name: 'Personal Team' },
    });
    expect(
      (await app.inject({ url: '/api/user/profile', headers: { authorization: `Bearer ${json.token}` } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await app.inject({
          url: '/api/user/has-password',
          headers: { authorization: `Bearer ${json.token}` },
        })
      ).json(),
    ).toEqual({ hasPassword: false });
  });

  it('signs an existing user in to their own account', async () => {
    const { email, user } = await registerUser(app);
    await magicLink(email);
    const res = await verify(smtp.tokenFor(email));
    expect(res.json().user).toEqual(user);
  });

  it('is single use: of two parallel uses exactly one wins', async () => {
    const email = `${unique()}@example.com`;
    await magicLink(email);
    const token = smtp.tokenFor(email);
    const results = await Promise.all([verify(token), verify(token), verify(token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('This link is invalid or has already been used.');
  });

  it('expires after 15 minutes with an error containing "expired"', async () => {
    const email = `${unique()}@example.com`;
    await magicLink(email);
    const token = smtp.tokenFor(email);
    await app.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeTokens.email, email));
    const res = await verify(token);
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toContain('expired');
  });

  it('a newer link kills older ones', async () => {
    const email = `${unique()}@example.com`;
    await magicLink(email);
    const first = smtp.tokenFor(email);
    await magicLink(email);
    const second = smtp.tokenFor(email);
    expect(second).not.toBe(first);
    expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(200);
  });

  it('sends nothing to a disabled account but answers the same', async () => {
    const { email, user } = await registerUser(app);
    await app.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const before = smtp.messages.length;
    const res = await magicLink(email);
    expect(res.json()).toEqual({ message: 'Magic link sent! Check your email.' });
    expect(smtp.messages.length).toBe(before);
  });

  it('throttles e-mails per address with 429', async () => {
    const email = `${unique()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await magicLink(email)).statusCode).toBe(200);
    const res = await magicLink(email);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('Too many e-mails requested. Please wait a few minutes and try again.');
  });

  it('refuses a missing token and a bad e-mail', async () => {
    expect((await app.inject({ url: '/api/auth/verify' })).statusCode).toBe(400);
    expect((await magicLink('nope')).statusCode).toBe(400);
  });
});

describe('magic link when mail fails', () => {
  it('answers the spec failure text and leaves no usable token', async () => {
    const broken = await startSmtp({ failWith: 'mailbox unavailable' });
    const failing = await createTestApp({ smtpUrl: broken.url });
    const email = `${unique()}@example.com`;
    const res = await failing.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email } });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('Failed to send magic link. Please try again.');
    expect(await failing.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.email, email))).toHaveLength(
      0,
    );
  });
});

describe('password reset', () => {
  const request = (email: string) =>
    app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
  const reset = (token: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });

  it('answers identically for known, unknown and disabled addresses', async () => {
    const known = await registerUser(app);
    const disabled = await registerUser(app);
    await app.db.update(users).set({ isActive: false }).where(eq(users.id, disabled.user.id));
    const answers = await Promise.all([
      request(known.email),
      request(`${unique()}@example.com`),
      request(disabled.email),
    ]);
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    expect(answers[0].json()).toEqual({
      message: 'If an account exists for that email, a password reset link is on its way.',
    });
    expect(smtp.lastTo(known.email)).toBeDefined();
    expect(smtp.lastTo(disabled.email)).toBeUndefined();
  });

  it('validates the token, resets with all 5 rules, is single use and ends every session', async () => {
    const me = await signUp(app);
    await request(me.email);
    const token = smtp.tokenFor(me.email);
    expect(smtp.lastTo(me.email)!.text).toContain(`https://oops.example.com/password-reset?token=${token}`);
    expect(smtp.lastTo(me.email)!.text).toContain('60 minutes');
    const check = await app.inject({ url: `/api/auth/reset-password?token=${token}` });
    expect(check.json()).toEqual({ valid: true, email: me.email });
    const weak = await reset(token, 'Abcdefgh1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe('Please meet all password requirements');
    const ok = await reset(token, 'Brand!New1');
    expect(ok.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user/profile', headers: me.auth })).statusCode).toBe(401);
    await expect(login(app, me.email, 'Brand!New1')).resolves.toBeTruthy();
    const reuse = await reset(token, 'Other!Pass2');
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe('Invalid or expired reset token');
    expect((await app.inject({ url: `/api/auth/reset-password?token=${token}` })).json().error).toBe(
      'Invalid or expired reset token',
    );
  });

  it('refuses an expired token after 1 hour', async () => {
    const me = await registerUser(app);
    await request(me.email);
    const token = smtp.tokenFor(me.email);
    await app.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeTokens.email, me.email));
    expect((await reset(token, 'Brand!New1')).statusCode).toBe(400);
    await expect(login(app, me.email, me.password)).resolves.toBeTruthy();
  });
});

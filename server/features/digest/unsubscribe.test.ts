// One-click unsubscribe (RFC 8058, decision 021): the signed link of a digest or reminder turns that e-mail off by
// GET or POST (as mail clients send it: a form body), idempotently and without signing in; a tampered or foreign
// token is a 400 that changes nothing; the reminder e-mails carry the headers too.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { UNSUBSCRIBE_TEXTS } from '../../../common/domain/digest-texts';
import { users } from '../../db/schema';
import { createUnsubscribeLinks } from '../../lib/unsubscribe-tokens';
import { createTestApp, testConfig } from '../../test/app';
import { signUp, type SignedIn } from '../../test/factories';
import { startSmtp } from '../../test/smtp';
import { sendWeeklyDigests } from './send';
import { digestWeek } from './week';

const APP_URL = 'https://oops.example.com';
let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const links = createUnsubscribeLinks(testConfig({ appUrl: APP_URL }));

beforeAll(async () => {
  smtp = await startSmtp();
  app = await createTestApp({ smtpUrl: smtp.url, appUrl: APP_URL });
});

const settings = async (who: SignedIn) =>
  (await app.inject({ method: 'GET', url: '/api/user/notifications', headers: who.auth })).json();

/** The token in a digest's List-Unsubscribe header, as a mail client reads it. */
async function digestToken(who: SignedIn): Promise<string> {
  const at = digestWeek(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000), 'UTC').sendFrom;
  await sendWeeklyDigests({ db: app.db, mailer: app.mailer, appUrl: APP_URL, links, log: app.log }, at, {
    teamIds: [who.user.team!.id],
  });
  const raw = smtp.lastTo(who.email)!.raw.replace(/\r?\n[ \t]+/g, ' ');
  const header = /^List-Unsubscribe: <([^>]+)>$/m.exec(raw)![1]!;
  expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  const url = new URL(header);
  expect(`${url.origin}${url.pathname}`).toBe(`${APP_URL}/api/unsubscribe`);
  return url.searchParams.get('token')!;
}

describe('one-click unsubscribe', () => {
  it('POST as RFC 8058 mail clients send it: a form body, no session; idempotent; reversible in the profile', async () => {
    const who = await signUp(app);
    const token = await digestToken(who);
    const post = () =>
      app.inject({
        method: 'POST',
        url: `/api/unsubscribe?token=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const res = await post();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: 'digest', message: UNSUBSCRIBE_TEXTS.done.digest });
    expect(await settings(who)).toEqual({ digest: false, reminders: true, feedback: true });
    expect((await post()).statusCode).toBe(200);
    // Multipart, as RFC 8058 also allows.
    const multipart = await app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${token}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    // Turned back on in Profile → Notifications, it stays on until the link is used again.
    await app.inject({
      method: 'PUT',
      url: '/api/user/notifications',
      headers: who.auth,
      payload: { digest: true },
    });
    expect((await settings(who)).digest).toBe(true);
  });

  it('GET does it too (the issue lists both; the web page and clients without RFC 8058 use it)', async () => {
    const who = await signUp(app);
    const res = await app.inject({
      method: 'GET',
      url: `/api/unsubscribe?token=${links.token(who.user.id, 'reminders')}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: 'reminders', message: UNSUBSCRIBE_TEXTS.done.reminders });
    expect(await settings(who)).toEqual({ digest: true, reminders: false, feedback: true });
  });

  it('a tampered, foreign or missing token is a 400 with a clear error, and changes nothing', async () => {
    const who = await signUp(app);
    const token = links.token(who.user.id, 'digest');
    const other = createUnsubscribeLinks({
      appUrl: APP_URL,
      secretsKey: Buffer.alloc(32, 9).toString('base64'),
      dataDir: ':memory:',
    });
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const bad = [
      // Another user's id under this user's signature.
      token.replace(`d${who.user.id}-`, `d${who.user.id + 1}-`),
      // The reminders kind under the digest's signature.
      `r${token.slice(1)}`,
      `${token.slice(0, -1)}${flip(token.at(-1)!)}`,
      token.slice(0, -1),
      other.token(who.user.id, 'digest'),
      'not-a-token',
      `d${who.user.id}-${'A'.repeat(43)}`,
    ];
    for (const t of bad) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await app.inject({ method, url: `/api/unsubscribe?token=${encodeURIComponent(t)}` });
        expect(res.statusCode, `${method} ${t}`).toBe(400);
        expect(res.json().error).toBe(UNSUBSCRIBE_TEXTS.invalidToken);
      }
    }
    const missing = await app.inject({ method: 'GET', url: '/api/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(UNSUBSCRIBE_TEXTS.missingToken);
    expect(await settings(who)).toEqual({ digest: true, reminders: true, feedback: true });
    const [row] = await app.db.select().from(users).where(eq(users.id, who.user.id));
    expect(row!.notifyDigest && row!.notifyReminders).toBe(true);
  });

  it('is rate-limited per client address like the other public calls', async () => {
    const limited = await createTestApp({ rateLimits: { writesPerMinute: 3, readsPerMinute: 3 } });
    const who = await signUp(limited);
    const url = `/api/unsubscribe?token=${links.token(who.user.id, 'digest')}`;
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await limited.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('is documented in the OpenAPI document, with the team time zone call', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, object> }>();
    expect(Object.keys(doc.paths['/api/unsubscribe']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/team/current/time-zone']!)).toEqual(['put']);
  });
});

// Triage feedback reaches a confidential reporter (decisions 024 and 049) while nothing of who they are shows in any
// answer to anyone else, in the logs, in webhook deliveries or in the headers of any e-mail to anyone else.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from './test/app';
import { mintApiToken } from './test/actors';
import { memberOf, signUp, unique, type SignedIn } from './test/factories';
import { logOops } from './test/oops-factory';
import { startReceiver } from './test/receiver';
import { startSmtp } from './test/smtp';
import type { WebhookScheduler } from './features/webhooks/delivery-jobs';
import { attemptDelivery } from './features/webhooks/deliver';
import { feedbackDeps, notifyReporterOfVerification } from './features/triage';
import { sendOutcomeFeedback } from './features/triage/feedback-mail';
import { smtpMailer } from './plugins/mail';

let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let owner: SignedIn;
let admin: SignedIn;
let member: SignedIn;
let reporter: SignedIn;
const logs: string[] = [];
const title = `Ladder nearly slipped ${unique('t')}`;

beforeAll(async () => {
  smtp = await startSmtp();
  receiver = await startReceiver();
  const scheduler: WebhookScheduler = {
    async schedule(deliveryId) {
      await attemptDelivery(
        { db: app.db, config: app.config, mailer: app.mailer, now: () => new Date(), random: () => 0.5 },
        deliveryId,
      );
    },
  };
  app = await createTestApp({ smtpUrl: smtp.url, logLevel: 'trace' }, undefined, {
    webhooks: { scheduler },
    logStream: { write: (line) => void logs.push(line) },
  });
  owner = await signUp(app);
  const teamId = owner.user.team!.id;
  admin = await memberOf(app, teamId, 'admin');
  member = await memberOf(app, teamId, 'member');
  reporter = await memberOf(app, teamId, 'member');
  const allow = await app.inject({
    method: 'PUT',
    url: '/api/team/current/confidential',
    headers: owner.auth,
    payload: { enabled: true },
  });
  expect(allow.statusCode).toBe(200);
  const hook = await app.inject({
    method: 'POST',
    url: '/api/team/current/webhooks',
    headers: owner.auth,
    payload: { url: `${receiver.url}/triage`, events: ['*'], kind: 'generic' },
  });
  expect(hook.statusCode).toBe(201);
});

/** The reporter's name, e-mail, username and user id are nowhere in the text. */
function expectNoReporter(text: string, where: string) {
  const { user, email } = reporter;
  expect(text, where).not.toContain(email);
  expect(text, where).not.toContain(user.name);
  if (user.username) expect(text, where).not.toContain(user.username);
  expect(text, where).not.toMatch(
    new RegExp(`"(user_?id|userId|owner_id|reporter\\w*|created_by(_id)?|id)":\\s*"?${user.id}\\b`),
  );
}

const get = (url: string, as: { auth: Record<string, string> }) => app.inject({ url, headers: as.auth });

describe('feedback to a confidential reporter', () => {
  let report: { id: number; id_slug: string };
  let actionId: number;

  it('is e-mailed to the reporter alone and shown in their feedback, naming them to nobody else', async () => {
    report = await logOops(app, reporter, { title, kind: 'near_miss', confidential: true });
    // From here on, everything the server logs is read.
    logs.length = 0;
    const answers: string[] = [];
    const queue = await get('/api/triage/queue', admin);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().items).toContainEqual(
      expect.objectContaining({ id: report.id, confidential: true, created_by: 'Confidential reporter' }),
    );
    answers.push(queue.body);
    const note = 'Add a non-slip foot to every ladder in the store room.';
    const triaged = await app.inject({
      method: 'POST',
      url: `/api/triage/${report.id}`,
      headers: admin.auth,
      payload: { outcome: 'needs_fix', note },
    });
    expect(triaged.statusCode).toBe(200);
    answers.push(triaged.body);
    actionId = triaged.json().action_id;
    expect(actionId).toEqual(expect.any(Number));

    // The e-mail went to the reporter, and to nobody else.
    const mail = smtp.lastTo(reporter.email);
    expect(mail).toBeDefined();
    expect(mail!.to).toEqual([reporter.email]);
    expect(mail!.text).toContain('Outcome: Needs a fix.');
    expect(mail!.text).toContain(note);
    expect(mail!.text).toContain('Your report stays confidential');
    // Headers unfolded: the one-click unsubscribe is from feedback e-mails; no copy goes anywhere else.
    const headers = mail!.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe: <[^>]*token=f\d+-[A-Za-z0-9_-]{43}>$/m);
    expect(headers).not.toMatch(/^(cc|bcc):/im);
    expect(headers).not.toContain(admin.email);
    for (const other of smtp.messages.filter((m) => !m.to.includes(reporter.email)))
      expectNoReporter(other.raw, `mail to ${other.to.join(',')}`);

    // Everyone else's answers about the report, the action and the figures.
    for (const as of [owner, admin, member]) {
      for (const url of [
        '/api/triage/queue',
        '/api/triage/feedback',
        `/api/oops/detail/${report.id_slug}`,
        `/api/oops/${report.id}/actions`,
        '/api/actions?limit=50',
        '/api/oops/stats',
      ]) {
        const res = await get(url, as);
        if (res.statusCode !== 403) answers.push(res.body);
      }
      expect((await get('/api/triage/feedback', as)).json().items).toEqual([]);
    }
    const { token } = await mintApiToken(app, owner.user.id, ['read']);
    answers.push((await get('/api/triage/queue', { auth: { authorization: `Bearer ${token}` } })).body);
    for (const body of answers) expectNoReporter(body, body.slice(0, 80));

    // The reporter reads the outcome in the app.
    const feedback = await get('/api/triage/feedback', reporter);
    expect(feedback.json().items).toEqual([
      expect.objectContaining({
        oops_id: report.id,
        outcome: 'needs_fix',
        note,
        fix: 'pending',
        confidential: true,
      }),
    ]);
  });

  it('and of the fix verified later, by e-mail and in the app', async () => {
    const before = smtp.messages.length;
    expect(await notifyReporterOfVerification(feedbackDeps(app), actionId, 'effective')).toBe(true);
    expect(smtp.messages.length).toBe(before + 1);
    const mail = smtp.messages.at(-1)!;
    expect(mail.to).toEqual([reporter.email]);
    expect(mail.text).toContain('The fix was verified as effective.');
    // The same verification again tells nobody again.
    expect(await notifyReporterOfVerification(feedbackDeps(app), actionId, 'effective')).toBe(false);
    expect(smtp.messages.length).toBe(before + 1);
    const item = (await get('/api/triage/feedback', reporter)).json().items[0];
    expect(item).toMatchObject({ fix: 'effective', verified_at: expect.any(String) });
  });

  it('webhook deliveries and the logs never name the reporter', async () => {
    await vi.waitFor(
      () => {
        const kinds = receiver.requests
          .filter((r) => r.url === '/triage')
          .map((r) => (JSON.parse(r.body) as { type: string }).type);
        expect(kinds).toContain('action.created');
      },
      { timeout: 20_000, interval: 50 },
    );
    for (const request of receiver.requests) {
      expectNoReporter(request.body, 'webhook body');
      expectNoReporter(JSON.stringify(request.headers), 'webhook headers');
    }
    // The log did record the work (requests at trace level), and nothing of who reported.
    expect(logs.some((line) => line.includes('/api/triage/'))).toBe(true);
    for (const line of logs) expectNoReporter(line, line.slice(0, 120));
  });

  it('a failed e-mail is logged without the address', async () => {
    const failing = await startSmtp({ failWith: `550 mailbox ${reporter.email} unavailable` });
    const other = await logOops(app, reporter, {
      title: `${title} again`,
      kind: 'near_miss',
      confidential: true,
    });
    const lines: object[] = [];
    const mailer = smtpMailer(failing.url, 'oopsboard@example.com');
    const deps = { ...feedbackDeps(app), mailer, log: { warn: (obj: object) => void lines.push(obj) } };
    await sendOutcomeFeedback(
      deps,
      {
        id: other.id,
        slug: other.id_slug.slice(String(other.id).length + 1),
        title: other.title,
        kind: 'near_miss',
        team_id: owner.user.team!.id,
        created_by: null,
        confidential: true,
      },
      { outcome: 'training', note: 'Ladder safety in the next toolbox talk.' },
    );
    mailer.close();
    expect(lines).toHaveLength(1);
    expectNoReporter(JSON.stringify(lines), 'failure log');
  });
});

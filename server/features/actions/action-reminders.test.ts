// Follow-up action reminders (decision 018) against the real SMTP peer: the day before the due date and
// when overdue (then weekly), once, to the owner only while they are active, in the team and opted in; the
// one-click "mark done" link works once and expires. Times are given to sendActionReminders, not waited for.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { actionToday } from '../../../common/domain/actions';
import { actionReminders, memberships, oopsActions, users } from '../../db/schema';
import { mailJobDeps } from '../../lib/mail-jobs';
import { createTestApp, testConfig } from '../../test/app';
import { memberOf, signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';
import { startSmtp } from '../../test/smtp';
import { REMINDER_LINK_TTL_MS, sendActionReminders, type ReminderDeps } from './action-reminders';

const DAY = 24 * 60 * 60 * 1000;
const APP_URL = 'https://oops.example.com';
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let app: FastifyInstance;
let deps: ReminderDeps;
let lead: SignedIn;

beforeAll(async () => {
  smtp = await startSmtp();
  app = await createTestApp({ smtpUrl: smtp.url, appUrl: APP_URL });
  deps = mailJobDeps(app, testConfig({ appUrl: APP_URL }));
  lead = await signUp(app);
});

const dayFrom = (now: number, days: number) => actionToday(new Date(now + days * DAY));
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

async function actionFor(
  owner: SignedIn,
  dueDate: string | null,
  title = `Action ${Math.random()}`,
  { on = app, by = lead }: { on?: FastifyInstance; by?: SignedIn } = {},
) {
  const o = await logOops(on, by, { title: `Incident for ${title}` });
  const res = await on.inject({
    method: 'POST',
    url: `/api/oops/${o.id}/actions`,
    headers: by.auth,
    payload: { title, owner_id: owner.user.id, due_date: dueDate },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { oops: o, action: res.json<{ id: number; title: string }>() };
}

const useLink = (token: string) =>
  app.inject({ method: 'POST', url: '/api/actions/done-by-link', payload: { token } });

describe('reminder e-mails', () => {
  it('reminds the day before the due date, once, with a mark-done link and the incident', async () => {
    const now = Date.now();
    const owner = await memberOf(app, lead.user.team!.id, 'member');
    const { oops, action } = await actionFor(owner, dayFrom(now, 1), 'Rotate the database password');
    await sendActionReminders(deps, new Date(now));
    await sendActionReminders(deps, new Date(now + 60_000));
    const mails = mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Due tomorrow: Rotate the database password');
    expect(mails[0]!.text).toContain(`"Rotate the database password" is due tomorrow (${dayFrom(now, 1)})`);
    expect(mails[0]!.text).toContain(`${APP_URL}/oops/${oops.id_slug}`);
    expect(mails[0]!.text).toMatch(new RegExp(`${APP_URL}/actions/done\\?token=[A-Za-z0-9_-]{43}`));
    // The link is stored hashed only.
    const [row] = await app.db.select().from(actionReminders).where(eq(actionReminders.actionId, action.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(mails[0]!.raw).not.toContain(row!.tokenHash);
    // One-click unsubscribe from reminders (RFC 8058, decision 021), in the headers and the body.
    const raw = mails[0]!.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(
      new RegExp(
        `^List-Unsubscribe: <${APP_URL}/api/unsubscribe\\?token=r${owner.user.id}-[A-Za-z0-9_-]{43}>$`,
        'm',
      ),
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(mails[0]!.text).toMatch(new RegExp(`${APP_URL}/unsubscribe\\?token=r${owner.user.id}-`));
  });

  it('reminds when overdue, then again only after a week', async () => {
    const now = Date.now();
    const owner = await memberOf(app, lead.user.team!.id, 'member');
    await actionFor(owner, dayFrom(now, -1), 'Add the missing alert');
    await sendActionReminders(deps, new Date(now));
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(mailsTo(owner.email)[0]!.text).toContain('Overdue: Add the missing alert');
    for (const days of [1, 3, 6]) await sendActionReminders(deps, new Date(now + days * DAY));
    expect(mailsTo(owner.email)).toHaveLength(1);
    await sendActionReminders(deps, new Date(now + 7 * DAY));
    expect(mailsTo(owner.email)).toHaveLength(2);
  });

  it('sends nothing to disabled users, people who left the team, or who turned reminders off', async () => {
    const now = Date.now();
    const disabled = await memberOf(app, lead.user.team!.id, 'member');
    const gone = await memberOf(app, lead.user.team!.id, 'member');
    const optedOut = await memberOf(app, lead.user.team!.id, 'member');
    for (const who of [disabled, gone, optedOut]) await actionFor(who, dayFrom(now, -2));
    await app.db.update(users).set({ isActive: false }).where(eq(users.id, disabled.user.id));
    await app.db.delete(memberships).where(eq(memberships.userId, gone.user.id));
    const off = await app.inject({
      method: 'PUT',
      url: '/api/user/notifications',
      headers: optedOut.auth,
      payload: { reminders: false },
    });
    expect(off.json()).toEqual({ reminders: false, digest: true, feedback: true });
    await sendActionReminders(deps, new Date(now));
    for (const who of [disabled, gone, optedOut]) expect(mailsTo(who.email)).toHaveLength(0);
    // Opting in again brings the reminder back.
    await app.inject({
      method: 'PUT',
      url: '/api/user/notifications',
      headers: optedOut.auth,
      payload: { reminders: true },
    });
    await sendActionReminders(deps, new Date(now));
    expect(mailsTo(optedOut.email)).toHaveLength(1);
  });

  it('leaves done and undated actions alone', async () => {
    const now = Date.now();
    const owner = await memberOf(app, lead.user.team!.id, 'member');
    const { action } = await actionFor(owner, dayFrom(now, -3));
    await actionFor(owner, null);
    await app.db.update(oopsActions).set({ status: 'done' }).where(eq(oopsActions.id, action.id));
    await sendActionReminders(deps, new Date(now));
    expect(mailsTo(owner.email)).toHaveLength(0);
  });
});

describe('the one-click mark-done link', () => {
  async function remindedAction(now = Date.now()) {
    const owner = await memberOf(app, lead.user.team!.id, 'member');
    const made = await actionFor(owner, dayFrom(now, -1), 'Document the failover');
    await sendActionReminders(deps, new Date(now));
    // The "mark done" link's token (the List-Unsubscribe header carries a token too, and comes first).
    const token = /\/actions\/done\?token=([A-Za-z0-9_-]+)/.exec(smtp.lastTo(owner.email)!.text)![1]!;
    return { owner, ...made, token };
  }

  it('marks the action done once, without signing in; a second use is refused', async () => {
    const { action, oops, token } = await remindedAction();
    const res = await useLink(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      title: 'Document the failover',
      oops: { id_slug: oops.id_slug, title: oops.title },
      already_done: false,
    });
    const [row] = await app.db.select().from(oopsActions).where(eq(oopsActions.id, action.id));
    expect(row!.status).toBe('done');
    expect(row!.completedAt).not.toBeNull();
    const again = await useLink(token);
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toBe('This link was already used.');
  });

  it('expires, refuses garbage, and stops working for someone who left the team', async () => {
    const expired = await remindedAction(Date.now() - REMINDER_LINK_TTL_MS - DAY);
    const late = await useLink(expired.token);
    expect(late.statusCode).toBe(410);
    expect(late.json().error).toBe('This link has expired. Open the action from My Actions instead.');

    const bad = await useLink('x'.repeat(43));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('This link is not valid. Open the action from My Actions instead.');
    expect((await useLink('')).statusCode).toBe(400);

    const left = await remindedAction();
    await app.db.delete(memberships).where(eq(memberships.userId, left.owner.user.id));
    const refused = await useLink(left.token);
    expect(refused.statusCode).toBe(403);
    const [row] = await app.db.select().from(oopsActions).where(eq(oopsActions.id, left.action.id));
    expect(row!.status).toBe('open');
  });
});

describe('on the job engine', () => {
  it('a job of the reminders queue sends what is due', async () => {
    const scheduled = await createTestApp({
      smtpUrl: smtp.url,
      appUrl: APP_URL,
      // Once a year: the test sends the job itself instead of waiting for a tick.
      actionRemindersCron: '0 0 1 1 *',
    });
    // Its own team: on PGlite every test app has a database of its own.
    const boss = await signUp(scheduled);
    const owner = await memberOf(scheduled, boss.user.team!.id, 'member');
    await actionFor(owner, dayFrom(Date.now(), 1), 'Check the backups', { on: scheduled, by: boss });
    await scheduled.jobs.send('actions.remind', {});
    await expect.poll(() => mailsTo(owner.email).length, { timeout: 15_000 }).toBe(1);
  });
});

// The weekly digest (decision 021) against the real SMTP peer, with explicit times given to
// sendWeeklyDigests instead of waiting: sent once on Monday from 09:00 in the team's zone, to active members who
// want it, with the week's content and the RFC 8058 headers; a failed send is retried later in the same week.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { digestSends, memberships, teams, users } from '../../db/schema';
import { mailJobDeps } from '../../lib/mail-jobs';
import { smtpMailer } from '../../plugins/mail';
import { createTestApp, databaseKind, testConfig } from '../../test/app';
import { memberOf, signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';
import { startSmtp, type ReceivedMail } from '../../test/smtp';
import { DIGEST_MAX_ATTEMPTS, sendWeeklyDigests, type DigestDeps } from './send';
import { digestWeek } from './week';

const DAY = 24 * 60 * 60 * 1000;
const APP_URL = 'https://oops.example.com';
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let app: FastifyInstance;
let deps: DigestDeps;

beforeAll(async () => {
  smtp = await startSmtp();
  app = await createTestApp({ smtpUrl: smtp.url, appUrl: APP_URL });
  deps = mailJobDeps(app, testConfig({ appUrl: APP_URL }));
});

/** Messages to this address, their text read as UTF-8 (the test peer decodes quoted-printable bytewise). */
const mailsTo = (email: string) =>
  smtp.messages
    .filter((m) => m.to.includes(email))
    .map((m) => ({ ...m, text: Buffer.from(m.text, 'latin1').toString('utf8') }));
/** The coming Monday 09:00 in `zone` (always after now, so members made now joined before it). */
const nextMonday9 = (zone: string) => digestWeek(new Date(Date.now() + 7 * DAY), zone).sendFrom;
/** The headers of a received message, folded lines joined. */
function headersOf(mail: ReceivedMail): Record<string, string> {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return Object.fromEntries(
    head.split(/\r?\n/).map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
}

async function teamIn(zone: string): Promise<{ owner: SignedIn; teamId: number }> {
  const owner = await signUp(app);
  const teamId = owner.user.team!.id;
  const res = await app.inject({
    method: 'PUT',
    url: '/api/team/current/time-zone',
    headers: owner.auth,
    payload: { time_zone: zone },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { owner, teamId };
}

const run = (teamId: number, at: Date, using: DigestDeps = deps) =>
  sendWeeklyDigests(using, at, { teamIds: [teamId] });

describe('who gets the digest, and when', () => {
  it('Pacific/Auckland: from Monday 09:00 local, once, to active members who want it', async () => {
    const { owner, teamId } = await teamIn('Pacific/Auckland');
    const member = await memberOf(app, teamId, 'member');
    const disabled = await memberOf(app, teamId, 'member');
    const gone = await memberOf(app, teamId, 'member');
    const optedOut = await memberOf(app, teamId, 'admin');
    await app.db.update(users).set({ isActive: false }).where(eq(users.id, disabled.user.id));
    await app.db
      .delete(memberships)
      .where(and(eq(memberships.userId, gone.user.id), eq(memberships.teamId, teamId)));
    const off = await app.inject({
      method: 'PUT',
      url: '/api/user/notifications',
      headers: optedOut.auth,
      payload: { digest: false },
    });
    expect(off.json()).toEqual({ reminders: true, digest: false, feedback: true });

    const monday9 = nextMonday9('Pacific/Auckland');
    // Sunday evening UTC: Monday 08:59 in Auckland is not yet.
    expect(monday9.getUTCHours()).toBe(20);
    expect(await run(teamId, new Date(monday9.getTime() - 60_000))).toBe(0);
    expect(await run(teamId, monday9)).toBe(2);
    // Later runs of the same week, even on Sunday night, send nothing more.
    await run(teamId, new Date(monday9.getTime() + 15 * 60_000));
    await run(teamId, new Date(monday9.getTime() + 6 * DAY + 14 * 60 * 60_000));
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(mailsTo(member.email)).toHaveLength(1);
    for (const who of [disabled, gone, optedOut]) expect(mailsTo(who.email)).toHaveLength(0);
    // The next week's Monday 09:00 brings the next one.
    await run(teamId, new Date(monday9.getTime() + 7 * DAY));
    expect(mailsTo(owner.email)).toHaveLength(2);
    const weeks = await app.db
      .select({ week: digestSends.week, status: digestSends.status })
      .from(digestSends)
      .where(and(eq(digestSends.teamId, teamId), eq(digestSends.userId, owner.user.id)));
    const expected = [
      digestWeek(monday9, 'Pacific/Auckland').week,
      digestWeek(new Date(monday9.getTime() + 7 * DAY), 'Pacific/Auckland').week,
    ];
    expect(weeks.map((w) => w.week).sort()).toEqual(expected);
    expect(weeks.every((w) => w.status === 'sent')).toBe(true);
  });

  it('America/Los_Angeles: the week turns at local midnight, not UTC midnight', async () => {
    const { owner, teamId } = await teamIn('America/Los_Angeles');
    const monday9 = nextMonday9('America/Los_Angeles');
    // 09:00 in Los Angeles is 16:00 or 17:00 UTC (daylight saving or not).
    expect([16, 17]).toContain(monday9.getUTCHours());
    // Monday 08:00 UTC is still Sunday night there: last week's digest went out long ago (or was never due).
    await run(teamId, new Date(monday9.getTime() - 8 * 60 * 60_000));
    expect(mailsTo(owner.email)).toHaveLength(0);
    await run(teamId, new Date(monday9.getTime() - 60_000));
    expect(mailsTo(owner.email)).toHaveLength(0);
    await run(teamId, new Date(monday9.getTime() + 60_000));
    expect(mailsTo(owner.email)).toHaveLength(1);
    const local = digestWeek(monday9, 'America/Los_Angeles');
    expect(mailsTo(owner.email)[0]!.text).toContain(`Week of ${local.firstDay} to ${local.lastDay}`);
  });

  it('a member who joins after Monday 09:00 waits for next week; opting in again brings it back', async () => {
    const { teamId } = await teamIn('UTC');
    const monday9 = nextMonday9('UTC');
    const late = await memberOf(app, teamId, 'member');
    await app.db
      .update(memberships)
      .set({ createdAt: new Date(monday9.getTime() + 60 * 60_000) })
      .where(eq(memberships.userId, late.user.id));
    await run(teamId, new Date(monday9.getTime() + 2 * 60 * 60_000));
    expect(mailsTo(late.email)).toHaveLength(0);
    await run(teamId, new Date(monday9.getTime() + 7 * DAY));
    expect(mailsTo(late.email)).toHaveLength(1);
  });
});

describe('what the digest says', () => {
  it('the streak, what was logged, actions completed and overdue with the recipient’s own first, and the headers', async () => {
    const { owner, teamId } = await teamIn('Europe/Paris');
    const member = await memberOf(app, teamId, 'member');
    const incident = await logOops(app, owner, { title: 'Checkout down' });
    await logOops(app, owner, { title: 'Login slow', severity: 'Low' });
    await logOops(app, member, { title: 'Almost dropped the table', kind: 'near_miss' });
    const monday9 = nextMonday9('Europe/Paris');
    const past = new Date(monday9.getTime() - 3 * DAY).toISOString().slice(0, 10);
    const addAction = async (title: string, ownerId: number, dueDate: string | null) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/oops/${incident.id}/actions`,
        headers: owner.auth,
        payload: { title, owner_id: ownerId, due_date: dueDate },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>();
    };
    await addAction('Owner overdue fix', owner.user.id, past);
    await addAction('Member overdue fix', member.user.id, past);
    const done = await addAction('Add the alert', member.user.id, null);
    expect(
      (await app.inject({ method: 'POST', url: `/api/actions/${done.id}/done`, headers: member.auth }))
        .statusCode,
    ).toBe(200);

    await run(teamId, monday9);
    const mail = mailsTo(member.email)[0]!;
    const days = Math.floor((monday9.getTime() - Date.parse(incident.created_at)) / DAY);
    expect(mail.text).toContain(`Hi ${member.user.name}, here is the week of ${owner.user.team!.name}.`);
    expect(mail.text).toMatch(new RegExp(`${days} days? since the last incident \\(`));
    expect(mail.text).toContain('2 incidents and 1 near-miss.');
    expect(mail.text).toContain('Actions completed this week (1)');
    expect(mail.text).toContain('- Add the alert · yours (Checkout down)');
    expect(mail.text).toContain('Overdue actions (2)');
    // The member's own overdue action comes first in theirs, the owner's in the owner's.
    const memberList = mail.text.slice(mail.text.indexOf('Overdue actions (2)'));
    expect(memberList.indexOf('Member overdue fix · yours')).toBeLessThan(
      memberList.indexOf('Owner overdue fix'),
    );
    const ownerText = mailsTo(owner.email)[0]!.text;
    const ownerList = ownerText.slice(ownerText.indexOf('Overdue actions (2)'));
    expect(ownerList.indexOf('Owner overdue fix · yours')).toBeLessThan(
      ownerList.indexOf('Member overdue fix'),
    );
    expect(mail.text).toContain(`${APP_URL}/oops/${incident.id_slug}`);

    // RFC 8058: the one-click URL in List-Unsubscribe, and List-Unsubscribe-Post; the body links to the web page.
    const headers = headersOf(mail);
    expect(headers['list-unsubscribe']).toMatch(
      new RegExp(`^<${APP_URL}/api/unsubscribe\\?token=d${member.user.id}-[A-Za-z0-9_-]{43}>$`),
    );
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toMatch(
      new RegExp(`${APP_URL}/unsubscribe\\?token=d${member.user.id}-[A-Za-z0-9_-]{43}`),
    );
  });

  it('the lessons adopted and the repeats of the week, with repeats despite completed actions', async () => {
    const { owner, teamId } = await teamIn('Europe/Lisbon');
    const first = await logOops(app, owner, {
      title: 'Queue backed up',
      lesson_learned: 'Alert on queue depth',
    });
    const action = await app.inject({
      method: 'POST',
      url: `/api/oops/${first.id}/actions`,
      headers: owner.auth,
      payload: { title: 'Add the depth alert' },
    });
    expect(action.statusCode, action.body).toBe(201);
    const done = await app.inject({
      method: 'POST',
      url: `/api/actions/${action.json<{ id: number }>().id}/done`,
      headers: owner.auth,
    });
    expect(done.statusCode, done.body).toBe(200);
    await logOops(app, owner, { title: 'Queue backed up again', repeat_of: first.id });
    const lessons = await app.inject({ url: '/api/lessons', headers: owner.auth });
    const lesson = lessons.json<{ lessons: { id: number; text: string }[] }>().lessons[0]!;
    expect(lesson.text).toBe('Alert on queue depth');
    const adopt = await app.inject({
      method: 'PATCH',
      url: `/api/lessons/${lesson.id}`,
      headers: owner.auth,
      payload: { state: 'adopted', what_changed: 'Depth alert in the runbook' },
    });
    expect(adopt.statusCode, adopt.body).toBe(200);

    await run(teamId, nextMonday9('Europe/Lisbon'));
    const text = mailsTo(owner.email)[0]!.text;
    expect(text).toContain('Lessons adopted this week (1)');
    expect(text).toContain('- Alert on queue depth (what changed: Depth alert in the runbook)');
    expect(text).toContain(`${APP_URL}/lessons?state=adopted`);
    expect(text).toContain('Repeats this week (1)');
    expect(text).toContain('1 repeated despite completed follow-up actions: the fix did not hold.');
    expect(text).toContain('- Queue backed up → Queue backed up again');
  });

  it('leaves out the action sections of a quiet week, and says when nothing was logged', async () => {
    const { owner, teamId } = await teamIn('Asia/Tokyo');
    await run(teamId, nextMonday9('Asia/Tokyo'));
    const text = mailsTo(owner.email)[0]!.text;
    expect(text).toContain('No incident logged yet.');
    expect(text).toContain('Nothing was logged this week.');
    expect(text).not.toContain('Actions completed');
    expect(text).not.toContain('Overdue actions');
    expect(text).not.toContain('Lessons adopted');
    expect(text).not.toContain('Repeats this week');
  });
});

describe('when sending fails', () => {
  it('a refused e-mail is retried by a later run of the same week, up to the limit', async () => {
    const refusing = await startSmtp({ failWith: 'mailbox unavailable' });
    const failing = smtpMailer(refusing.url, 'OopsBoard <no-reply@oopsboard.test>');
    const { owner, teamId } = await teamIn('UTC');
    const monday9 = nextMonday9('UTC');
    const quiet = { ...deps, mailer: failing, log: { warn: () => {} } };
    expect(await run(teamId, monday9, quiet)).toBe(0);
    const [row] = await app.db.select().from(digestSends).where(eq(digestSends.userId, owner.user.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    // The SMTP server is back an hour later: sent, once.
    expect(await run(teamId, new Date(monday9.getTime() + 60 * 60_000))).toBe(1);
    await run(teamId, new Date(monday9.getTime() + 2 * 60 * 60_000));
    expect(mailsTo(owner.email)).toHaveLength(1);

    // Another member whose every attempt fails is given up after DIGEST_MAX_ATTEMPTS.
    const unlucky = await memberOf(app, teamId, 'member');
    const week2 = new Date(monday9.getTime() + 7 * DAY);
    for (let i = 0; i < DIGEST_MAX_ATTEMPTS + 2; i += 1)
      await run(teamId, new Date(week2.getTime() + i * 60 * 60_000), quiet);
    const [given] = await app.db.select().from(digestSends).where(eq(digestSends.userId, unlucky.user.id));
    expect(given).toMatchObject({ status: 'failed', attempts: DIGEST_MAX_ATTEMPTS });
    await run(teamId, new Date(week2.getTime() + 10 * 60 * 60_000));
    expect(mailsTo(unlucky.email)).toHaveLength(0);
    failing.close();
  });
});

describe('several app processes', () => {
  // PGlite belongs to one process: there the "other" is the same app, and the runs race inside one process.
  it(`two app instances on one database, running at once, send each digest once (${databaseKind()})`, async () => {
    const other =
      databaseKind() === 'postgres' ? await createTestApp({ smtpUrl: smtp.url, appUrl: APP_URL }) : app;
    const otherDeps = { ...deps, db: other.db, mailer: other.mailer };
    const { owner, teamId } = await teamIn('Pacific/Auckland');
    const members = [
      owner,
      ...(await Promise.all(Array.from({ length: 6 }, () => memberOf(app, teamId, 'member')))),
    ];
    const monday9 = nextMonday9('Pacific/Auckland');
    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        run(teamId, new Date(monday9.getTime() + i * 1000), i % 2 ? otherDeps : deps),
      ),
    );
    expect(runs.reduce((a, b) => a + b, 0)).toBe(members.length);
    for (const m of members) expect(mailsTo(m.email)).toHaveLength(1);
  });
});

describe('the team time zone setting', () => {
  it('owners and admins set a valid IANA zone (stored canonical); members may not; bad names change nothing', async () => {
    const { owner, teamId } = await teamIn('UTC');
    const admin = await memberOf(app, teamId, 'admin');
    const member = await memberOf(app, teamId, 'member');
    const put = (who: SignedIn, payload: unknown) =>
      app.inject({
        method: 'PUT',
        url: '/api/team/current/time-zone',
        headers: who.auth,
        payload: payload as object,
      });
    const ok = await put(admin, { time_zone: 'america/new_york' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: teamId, time_zone: 'America/New_York', role: 'admin' });
    const read = await app.inject({ method: 'GET', url: '/api/team/current', headers: member.auth });
    expect(read.json().time_zone).toBe('America/New_York');

    const denied = await put(member, { time_zone: 'Europe/Paris' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe('Only team owners and admins can do this.');
    for (const bad of ['Mars/Olympus_Mons', '+02:00', '', 'x'.repeat(65), 42, null, '../etc/passwd']) {
      const res = await put(owner, { time_zone: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error).toContain('Choose a time zone from the list');
    }
    expect((await put(owner, { time_zone: 'UTC', extra: 1 })).statusCode).toBe(400);
    const [row] = await app.db.select({ tz: teams.timeZone }).from(teams).where(eq(teams.id, teamId));
    expect(row!.tz).toBe('America/New_York');
  });
});

// Triage (decision 049): the owners' and admins' queue, outcomes and their checks, the fix's action, the reporter's
// e-mail and in-app feedback, and the report's figures. Runs on PGlite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { TRIAGE_MESSAGES, TRIAGE_NOTE_MAX } from '../../../common/domain/triage';
import { oops, oopsTriage } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { mintApiToken } from '../../test/actors';
import { memberOf, signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';
import { startSmtp } from '../../test/smtp';

let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: SignedIn;
let admin: SignedIn;
let member: SignedIn;

beforeAll(async () => {
  smtp = await startSmtp();
  app = await createTestApp({ smtpUrl: smtp.url });
  owner = await signUp(app);
  admin = await memberOf(app, owner.user.team!.id, 'admin');
  member = await memberOf(app, owner.user.team!.id, 'member');
});

const triage = (as: SignedIn, id: number, payload: object) =>
  app.inject({ method: 'POST', url: `/api/triage/${id}`, headers: as.auth, payload });
const get = (url: string, as: { auth: Record<string, string> }) => app.inject({ url, headers: as.auth });
const queueIds = async (as: SignedIn) =>
  (await get('/api/triage/queue', as)).json<{ items: { id: number }[] }>().items.map((i) => i.id);

describe('the queue', () => {
  it('lists untriaged near-misses and learning moments, oldest first, to owners and admins only', async () => {
    const team = await signUp(app);
    const teamAdmin = await memberOf(app, team.user.team!.id, 'admin');
    const teamMember = await memberOf(app, team.user.team!.id, 'member');
    const first = await logOops(app, teamMember, { title: 'Wet floor by the door', kind: 'near_miss' });
    await logOops(app, teamMember, { title: 'Server fell over', kind: 'incident' });
    const second = await logOops(app, teamMember, {
      title: 'Learned the backup path',
      kind: 'learning_moment',
    });
    const third = await logOops(app, team, { title: 'Cable across the aisle', kind: 'near_miss' });
    // The oldest first: by when they were logged, whatever their ids.
    await app.db
      .update(oops)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(oops.id, third.id));

    const res = await get('/api/triage/queue', teamAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 3,
      items: [
        expect.objectContaining({
          id: third.id,
          kind: 'near_miss',
          created_by: team.user.name,
          confidential: false,
        }),
        expect.objectContaining({ id: first.id, created_by: teamMember.user.name }),
        expect.objectContaining({ id: second.id, kind: 'learning_moment' }),
      ],
    });
    expect(await queueIds(team)).toEqual([third.id, first.id, second.id]);

    const denied = await get('/api/triage/queue', teamMember);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe(TRIAGE_MESSAGES.managersOnly);
    const tried = await triage(teamMember, first.id, { outcome: 'no_action', note: 'Mopped.' });
    expect(tried.statusCode).toBe(403);
    // Another team's owner sees their own (empty) queue and cannot reach this report.
    expect((await get('/api/triage/queue', owner)).json().items).not.toContainEqual(
      expect.objectContaining({ id: first.id }),
    );
    expect((await triage(owner, first.id, { outcome: 'no_action', note: 'x' })).statusCode).toBe(404);

    expect(
      (await triage(team, first.id, { outcome: 'no_action', note: 'Mopped and signed.' })).statusCode,
    ).toBe(200);
    expect(await queueIds(teamAdmin)).toEqual([third.id, second.id]);
  });

  it('is read with a read token and triaged with a write token', async () => {
    const report = await logOops(app, member, { title: 'Token near-miss', kind: 'near_miss' });
    const read = await mintApiToken(app, owner.user.id, ['read']);
    const write = await mintApiToken(app, owner.user.id, ['write']);
    const readAuth = { authorization: `Bearer ${read.token}` };
    const writeAuth = { authorization: `Bearer ${write.token}` };
    expect((await app.inject({ url: '/api/triage/queue', headers: readAuth })).statusCode).toBe(200);
    const payload = { outcome: 'training', note: 'Cover it at the next stand-up.' };
    const url = `/api/triage/${report.id}`;
    expect((await app.inject({ method: 'POST', url, headers: readAuth, payload })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url, headers: writeAuth, payload })).statusCode).toBe(200);
  });
});

describe('an outcome', () => {
  it('refuses bad input with a clear error and changes nothing', async () => {
    const report = await logOops(app, member, { title: 'Nearly dropped the pallet', kind: 'near_miss' });
    const incident = await logOops(app, member, { title: 'Dropped the pallet' });
    const cases: [number, object, string][] = [
      [report.id, { outcome: 'blame', note: 'x' }, TRIAGE_MESSAGES.outcome],
      [report.id, { outcome: 'training', note: '   ' }, TRIAGE_MESSAGES.noteRequired],
      [
        report.id,
        { outcome: 'training', note: 'x'.repeat(TRIAGE_NOTE_MAX + 1) },
        TRIAGE_MESSAGES.noteTooLong,
      ],
      [
        report.id,
        { outcome: 'training', note: 'x', action_owner_id: member.user.id },
        TRIAGE_MESSAGES.ownerOnlyForFix,
      ],
      [incident.id, { outcome: 'training', note: 'x' }, TRIAGE_MESSAGES.notTriageable],
    ];
    for (const [id, payload, error] of cases) {
      const res = await triage(owner, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toContain(error);
    }
    const stranger = await signUp(app);
    const foreignOwner = await triage(owner, report.id, {
      outcome: 'needs_fix',
      note: 'Strap every pallet.',
      action_owner_id: stranger.user.id,
    });
    expect(foreignOwner.statusCode).toBe(400);
    expect(await app.db.select().from(oopsTriage).where(eq(oopsTriage.oopsId, report.id))).toEqual([]);
    expect((await get(`/api/oops/${report.id}/actions`, owner)).json().actions).toEqual([]);
    expect(await queueIds(owner)).toContain(report.id);
  });

  it('"needs a fix" creates the action (chosen owner or the triager) and remembers it; a second triage is a 409', async () => {
    const report = await logOops(app, member, { title: 'Forklift horn too quiet', kind: 'near_miss' });
    const note = 'Fit a louder horn to forklift 3 and check the others. '.repeat(5).trim();
    const res = await triage(admin, report.id, {
      outcome: 'needs_fix',
      note,
      action_owner_id: member.user.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      oops_id: report.id,
      outcome: 'needs_fix',
      note,
      action_id: expect.any(Number),
    });
    const [action] = (await get(`/api/oops/${report.id}/actions`, owner)).json().actions;
    expect(action).toMatchObject({ id: res.json().action_id, owner_id: member.user.id, status: 'open' });
    // The note is cut at a word to the action title's 200 characters.
    expect(action.title.length).toBeLessThanOrEqual(200);
    expect(action.title.endsWith('…')).toBe(true);
    expect(note.startsWith(action.title.slice(0, -1))).toBe(true);

    const again = await triage(owner, report.id, { outcome: 'no_action', note: 'Fine.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(TRIAGE_MESSAGES.alreadyTriaged);

    const other = await logOops(app, member, { title: 'Horn on forklift 4', kind: 'near_miss' });
    const mine = await triage(admin, other.id, { outcome: 'needs_fix', note: 'Same fix on forklift 4.' });
    const [own] = (await get(`/api/oops/${other.id}/actions`, owner)).json().actions;
    expect(own).toMatchObject({
      id: mine.json().action_id,
      owner_id: admin.user.id,
      title: 'Same fix on forklift 4.',
    });
  });
});

describe('the reporter', () => {
  it('is e-mailed the outcome and reads it in the app; the feedback e-mail can be turned off', async () => {
    const reporter = await memberOf(app, owner.user.team!.id, 'member');
    const report = await logOops(app, reporter, { title: 'Step ladder wobbles', kind: 'near_miss' });
    expect(
      (await triage(owner, report.id, { outcome: 'system_issue', note: 'Old ladders: replaced.' }))
        .statusCode,
    ).toBe(200);
    const mail = smtp.lastTo(reporter.email)!;
    expect(mail.to).toEqual([reporter.email]);
    // The subject, as MIME encodes its quotes.
    expect(mail.raw).toMatch(/^Subject: .*Feedback_on_your_report/m);
    expect(mail.text).toContain('Your near-miss report "Step ladder wobbles" has been triaged.');
    expect(mail.text).toContain('Outcome: System issue.');
    expect(mail.text).toContain('Note: Old ladders: replaced.');
    expect(mail.text).not.toContain('stays confidential');
    expect((await get('/api/triage/feedback', reporter)).json().items).toEqual([
      expect.objectContaining({
        oops_id: report.id,
        outcome: 'system_issue',
        fix: 'none',
        confidential: false,
      }),
    ]);
    // Nobody else reads it as theirs.
    expect((await get('/api/triage/feedback', member)).json().items).not.toContainEqual(
      expect.objectContaining({ oops_id: report.id }),
    );

    // Unsubscribed in one click: no more e-mails, the in-app feedback stays.
    const token = smtp.tokenFor(reporter.email);
    expect(token).toMatch(/^f\d+-/);
    const off = await app.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}` });
    expect(off.json()).toMatchObject({ unsubscribed: 'feedback' });
    expect((await get('/api/user/notifications', reporter)).json()).toEqual({
      reminders: true,
      digest: true,
      feedback: false,
    });
    const sent = smtp.messages.length;
    const next = await logOops(app, reporter, { title: 'Ladder again', kind: 'learning_moment' });
    expect(
      (await triage(owner, next.id, { outcome: 'training', note: 'Ladder course booked.' })).statusCode,
    ).toBe(200);
    expect(smtp.messages.length).toBe(sent);
    expect(
      (await get('/api/triage/feedback', reporter)).json().items.map((i: { oops_id: number }) => i.oops_id),
    ).toEqual([next.id, report.id]);
  });
});

describe("the fix's verification", () => {
  it('reaches the reporter when the action\'s owner answers "Did it hold?"', async () => {
    const reporter = await memberOf(app, owner.user.team!.id, 'member');
    const report = await logOops(app, reporter, { title: 'Loose handrail', kind: 'near_miss' });
    const triaged = await triage(owner, report.id, { outcome: 'needs_fix', note: 'Bolt the handrail down.' });
    const actionId = triaged.json().action_id as number;
    const today = new Date().toISOString().slice(0, 10);
    const done = await app.inject({
      method: 'PUT',
      url: `/api/oops/${report.id}/actions/${actionId}`,
      headers: owner.auth,
      payload: { status: 'done', verify_on: today, verification_check: 'No wobble after a month' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const sent = smtp.messages.length;
    const answer = await app.inject({
      method: 'POST',
      url: `/api/actions/${actionId}/verification`,
      headers: owner.auth,
      payload: { held: true },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(smtp.messages.length).toBe(sent + 1);
    const mail = smtp.lastTo(reporter.email)!;
    expect(mail.to).toEqual([reporter.email]);
    expect(mail.text).toContain('The follow-up action from your report "Loose handrail" was verified.');
    expect((await get('/api/triage/feedback', reporter)).json().items).toContainEqual(
      expect.objectContaining({ oops_id: report.id, fix: 'effective' }),
    );
  });
});

describe('the report figures', () => {
  const DAY = 86_400_000;
  const stats = async (as: SignedIn, days: number) =>
    (await get(`/api/oops/stats?days=${days}`, as)).json<{
      triage_median_hours: number | null;
      triaged_within_7_days_rate: number | null;
    }>();

  it('are null for a period without reports', async () => {
    const empty = await signUp(app);
    expect(await stats(empty, 30)).toMatchObject({
      triage_median_hours: null,
      triaged_within_7_days_rate: null,
    });
    // One report logged today and not triaged yet: its 7 days have not passed, so it counts on neither side.
    const fresh = await signUp(app);
    await logOops(app, fresh, { title: 'Brand new near-miss', kind: 'near_miss' });
    expect(await stats(fresh, 30)).toMatchObject({
      triage_median_hours: null,
      triaged_within_7_days_rate: null,
    });
  });

  it('give the median time to triage and the share triaged within 7 days, per period', async () => {
    const team = await signUp(app);
    const now = Date.now();
    /** A report logged `daysAgo`, triaged `after` days later (or not). */
    const report = async (daysAgo: number, after: number | null, kind = 'near_miss') => {
      const logged = await logOops(app, team, { title: `Report ${daysAgo}`, kind });
      if (after !== null)
        expect((await triage(team, logged.id, { outcome: 'no_action', note: 'Seen.' })).statusCode).toBe(200);
      const createdAt = new Date(now - daysAgo * DAY);
      await app.db.update(oops).set({ createdAt }).where(eq(oops.id, logged.id));
      if (after !== null)
        await app.db
          .update(oopsTriage)
          .set({ triagedAt: new Date(createdAt.getTime() + after * DAY) })
          .where(eq(oopsTriage.oopsId, logged.id));
    };
    await report(10, 2); // 48 h, within 7 days
    await report(9, 8); // 192 h, late
    await report(8, null); // not triaged, its 7 days are over
    await report(1, null); // not triaged, still within its 7 days
    await report(40, 1); // 24 h, within: only in the 90-day period
    await report(5, null, 'incident'); // incidents are not triaged

    // 30 days: triaged in it 48 h and 192 h; of A, B, C (D undecided) one was within 7 days.
    expect(await stats(team, 30)).toMatchObject({
      triage_median_hours: 120,
      triaged_within_7_days_rate: 33.3,
    });
    // 90 days: 24 h, 48 h, 192 h; two of four decided within 7 days.
    expect(await stats(team, 90)).toMatchObject({ triage_median_hours: 48, triaged_within_7_days_rate: 50 });
  });
});

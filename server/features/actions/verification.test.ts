// Verified fixes (decision 048) through the real stack: the check and the day on an action, "Did it hold?" sent once
// on its day to the real SMTP peer (times are given to the job, not waited for), the answers and who may give them,
// the repeat that reopens a verified fix and flags both incidents, and the report's counts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Action, TeamAction } from '../../../common/contracts/actions';
import { actionToday } from '../../../common/domain/actions';
import { VERIFICATION_ERRORS, VERIFICATION_TEXTS } from '../../../common/domain/verification';
import { oopsActions, oopsLinks } from '../../db/schema';
import { mailJobDeps, type MailJobDeps } from '../../lib/mail-jobs';
import { createTestApp, testConfig } from '../../test/app';
import { memberOf, signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';
import { startSmtp } from '../../test/smtp';
import { sendVerificationPrompts } from './verification-prompts';

const DAY = 24 * 60 * 60 * 1000;
const APP_URL = 'https://oops.example.com';
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let app: FastifyInstance;
let deps: MailJobDeps;

beforeAll(async () => {
  smtp = await startSmtp();
  app = await createTestApp({ smtpUrl: smtp.url, appUrl: APP_URL });
  deps = mailJobDeps(app, testConfig({ appUrl: APP_URL }));
});

const dayFrom = (days: number, now = Date.now()) => actionToday(new Date(now + days * DAY));
const promptsTo = (email: string) =>
  smtp.messages.filter((m) => m.to.includes(email) && /^Subject: OopsBoard: Did it hold\?/m.test(m.raw));

/** A team of its own: a lead (its owner) and a member who owns the action. */
async function team() {
  const lead = await signUp(app);
  const owner = await memberOf(app, lead.user.team!.id, 'member');
  return { lead, owner };
}

async function newAction(by: SignedIn, payload: Record<string, unknown>, oopsId?: number) {
  const id = oopsId ?? (await logOops(app, by)).id;
  const res = await app.inject({
    method: 'POST',
    url: `/api/oops/${id}/actions`,
    headers: by.auth,
    payload: { title: 'Add a disk alert', ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Action>();
}

const done = (as: SignedIn, actionId: number) =>
  app.inject({ method: 'POST', url: `/api/actions/${actionId}/done`, headers: as.auth });
const answer = (as: SignedIn, actionId: number, payload: object) =>
  app.inject({ method: 'POST', url: `/api/actions/${actionId}/verification`, headers: as.auth, payload });
const actionsOf = async (as: SignedIn, oopsId: number) =>
  (await app.inject({ method: 'GET', url: `/api/oops/${oopsId}/actions`, headers: as.auth })).json<{
    actions: Action[];
    fixes_not_held: Array<{
      action_id: number;
      earlier: { id: number };
      repeat: { id: number; id_slug: string };
    }>;
  }>();

/** A done action of `owner` whose day to check is today: "Did it hold?" is due now. */
async function dueAction(lead: SignedIn, owner: SignedIn, oopsId?: number) {
  const action = await newAction(
    lead,
    { owner_id: owner.user.id, verification_check: 'No disk-full alert for 30 days', verify_on: dayFrom(0) },
    oopsId,
  );
  expect((await done(owner, action.id)).statusCode).toBe(200);
  return action;
}

describe('the check and the day on an action', () => {
  it('are optional, stored, answered with the action, and start a pending verification', async () => {
    const { lead, owner } = await team();
    const plain = await newAction(lead, {});
    expect(plain).toMatchObject({ verification_check: null, verify_on: null, verification: null });
    const planned = await newAction(lead, {
      owner_id: owner.user.id,
      verification_check: '  No disk-full alert for 30 days ',
      verify_on: dayFrom(30),
    });
    expect(planned).toMatchObject({
      verification_check: 'No disk-full alert for 30 days',
      verify_on: dayFrom(30),
      verification: { state: 'pending', answered_at: null, note: null, prompted_at: null, repeated_by: null },
    });
    // Set later by an edit; removing the day means nothing to verify.
    const set = await app.inject({
      method: 'PUT',
      url: `/api/oops/${plain.oops_id}/actions/${plain.id}`,
      headers: lead.auth,
      payload: { verify_on: dayFrom(7) },
    });
    expect(set.json<Action>().verification?.state).toBe('pending');
    const cleared = await app.inject({
      method: 'PUT',
      url: `/api/oops/${plain.oops_id}/actions/${plain.id}`,
      headers: lead.auth,
      payload: { verify_on: null, verification_check: '' },
    });
    expect(cleared.json<Action>()).toMatchObject({
      verify_on: null,
      verification_check: null,
      verification: null,
    });
  });

  it('refuses a day that has passed, a long check or a wrong date, and changes nothing', async () => {
    const { lead } = await team();
    const o = await logOops(app, lead);
    for (const [payload, error] of [
      [{ verify_on: dayFrom(-1) }, VERIFICATION_ERRORS.verifyOnPast],
      [{ verify_on: '2026-13-01' }, 'The day to check again must be a date such as 2026-12-31.'],
      [{ verification_check: 'x'.repeat(301) }, 'The check must be at most 300 characters.'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/oops/${o.id}/actions`,
        headers: lead.auth,
        payload: { title: 'Refused', ...payload },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe(error);
    }
    expect((await actionsOf(lead, o.id)).actions).toEqual([]);
  });
});

describe('"Did it hold?" by e-mail', () => {
  it('is sent once on its day, only for a done action, with links to My Actions and the incident', async () => {
    const { lead, owner } = await team();
    const now = Date.now();
    const action = await newAction(lead, {
      owner_id: owner.user.id,
      verification_check: 'No disk-full alert for 30 days',
      verify_on: dayFrom(2, now),
    });
    // Not done yet: nothing to ask, even on the day.
    await sendVerificationPrompts(deps, new Date(now + 2 * DAY));
    expect(promptsTo(owner.email)).toHaveLength(0);
    await done(owner, action.id);
    // The day before: nothing.
    await sendVerificationPrompts(deps, new Date(now + DAY));
    expect(promptsTo(owner.email)).toHaveLength(0);
    // On the day, however many runs: once.
    await sendVerificationPrompts(deps, new Date(now + 2 * DAY));
    await sendVerificationPrompts(deps, new Date(now + 2 * DAY + 60_000));
    await sendVerificationPrompts(deps, new Date(now + 5 * DAY));
    const mails = promptsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toMatch(/^Subject: OopsBoard: Did it hold\? Add a disk alert$/m);
    expect(mails[0]!.text).toContain('How we said we would know: No disk-full alert for 30 days');
    expect(mails[0]!.text).toContain(`Did it hold? Answer in My Actions: ${APP_URL}/actions#did-it-hold`);
    const o = (await actionsOf(lead, action.oops_id)).actions[0]!;
    expect(mails[0]!.text).toContain(`${APP_URL}/oops/${action.oops_id}-`);
    expect(o.verification?.prompted_at).not.toBeNull();
    expect(mails[0]!.raw).toMatch(/^List-Unsubscribe:/m);
  });

  it('is not sent to someone who turned reminder e-mails off', async () => {
    const { lead, owner } = await team();
    await app.inject({
      method: 'PUT',
      url: '/api/user/notifications',
      headers: owner.auth,
      payload: { reminders: false },
    });
    await dueAction(lead, owner);
    await sendVerificationPrompts(deps, new Date());
    expect(promptsTo(owner.email)).toHaveLength(0);
  });
});

describe('on the job engine', () => {
  it('a job of the verification queue asks what is due', async () => {
    const scheduled = await createTestApp({
      smtpUrl: smtp.url,
      appUrl: APP_URL,
      // Once a year: the test sends the job itself instead of waiting for a tick.
      actionRemindersCron: '0 0 1 1 *',
    });
    // Its own team: on PGlite every test app has a database of its own.
    const lead = await signUp(scheduled);
    const owner = await memberOf(scheduled, lead.user.team!.id, 'member');
    const o = await logOops(scheduled, lead);
    const created = await scheduled.inject({
      method: 'POST',
      url: `/api/oops/${o.id}/actions`,
      headers: lead.auth,
      payload: { title: 'Check the backups', owner_id: owner.user.id, verify_on: dayFrom(0), status: 'done' },
    });
    expect(created.statusCode, created.body).toBe(201);
    await scheduled.jobs.send('actions.verify', {});
    await expect.poll(() => promptsTo(owner.email).length, { timeout: 15_000 }).toBe(1);
  });
});

describe('answering "Did it hold?"', () => {
  it("lists the owner's due checks in My Actions; yes marks the fix verified", async () => {
    const { lead, owner } = await team();
    const action = await dueAction(lead, owner);
    // A check whose day has not come is not listed.
    const later = await newAction(lead, { owner_id: owner.user.id, verify_on: dayFrom(3) });
    await done(owner, later.id);
    const due = await app.inject({
      method: 'GET',
      url: '/api/actions?mine=1&verification_due=1',
      headers: owner.auth,
    });
    expect(due.json<{ actions: TeamAction[] }>().actions.map((a) => a.id)).toEqual([action.id]);
    const notYet = await answer(owner, later.id, { held: true });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error).toBe(VERIFICATION_ERRORS.notDue(dayFrom(3)));

    const yes = await answer(owner, action.id, { held: true });
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json<TeamAction>()).toMatchObject({
      status: 'done',
      verification: { state: 'verified', note: null, answered_by_name: owner.user.name },
    });
    // Answered once: a second answer is refused and changes nothing.
    const again = await answer(owner, action.id, { held: false, note: 'Too late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(VERIFICATION_ERRORS.notWaiting);
    expect((await actionsOf(lead, action.oops_id)).actions[0]!.verification?.state).toBe('verified');
  });

  it('no needs a note, reopens the action and keeps the note on the incident', async () => {
    const { lead, owner } = await team();
    const action = await dueAction(lead, owner);
    const bare = await answer(owner, action.id, { held: false });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toBe(VERIFICATION_TEXTS.noteRequired);
    expect((await actionsOf(lead, action.oops_id)).actions[0]!.status).toBe('done');

    const no = await answer(owner, action.id, { held: false, note: 'The disk filled again on Monday.' });
    expect(no.statusCode, no.body).toBe(200);
    const [shown] = (await actionsOf(lead, action.oops_id)).actions;
    expect(shown).toMatchObject({
      status: 'open',
      completed_at: null,
      verification: { state: 'failed', note: 'The disk filled again on Monday.' },
    });
  });

  it("only the action's owner or a team owner or admin may answer", async () => {
    const { lead, owner } = await team();
    const bystander = await memberOf(app, lead.user.team!.id, 'member');
    const admin = await memberOf(app, lead.user.team!.id, 'admin');
    const stranger = await signUp(app);
    const action = await dueAction(lead, owner);
    const refused = await answer(bystander, action.id, { held: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(VERIFICATION_ERRORS.notAllowed);
    expect((await answer(stranger, action.id, { held: true })).statusCode).toBe(404);
    expect((await actionsOf(lead, action.oops_id)).actions[0]!.verification?.state).toBe('pending');
    expect((await answer(admin, action.id, { held: true })).statusCode).toBe(200);
    const other = await dueAction(lead, owner);
    expect((await answer(lead, other.id, { held: true })).statusCode).toBe(200);
  });
});

describe('a repeat of an incident whose fixes were verified', () => {
  async function verifiedIncident() {
    const { lead, owner } = await team();
    const earlier = await logOops(app, lead, { title: 'Disk full on the database host' });
    const action = await dueAction(lead, owner, earlier.id);
    await sendVerificationPrompts(deps, new Date());
    expect((await answer(owner, action.id, { held: true })).statusCode).toBe(200);
    return { lead, owner, earlier, action };
  }

  it('logged with repeat_of: reopens the verification, asks again and flags both incidents', async () => {
    const { lead, owner, earlier, action } = await verifiedIncident();
    expect(promptsTo(owner.email)).toHaveLength(1);
    const repeat = await logOops(app, lead, { title: 'Disk full again', repeat_of: earlier.id });
    const [reopened] = (await actionsOf(lead, earlier.id)).actions;
    expect(reopened!.verification).toMatchObject({
      state: 'pending',
      prompted_at: null,
      repeated_by: { id: repeat.id, id_slug: repeat.id_slug },
    });
    const flag = { action_id: action.id, earlier: { id: earlier.id }, repeat: { id: repeat.id } };
    expect((await actionsOf(lead, earlier.id)).fixes_not_held).toMatchObject([flag]);
    expect((await actionsOf(lead, repeat.id)).fixes_not_held).toMatchObject([flag]);
    // Asked again, once.
    await sendVerificationPrompts(deps, new Date());
    await sendVerificationPrompts(deps, new Date(Date.now() + DAY));
    expect(promptsTo(owner.email)).toHaveLength(2);
    // A new yes clears the flag.
    expect((await answer(owner, action.id, { held: true })).statusCode).toBe(200);
    expect((await actionsOf(lead, repeat.id)).fixes_not_held).toEqual([]);
  });

  it('linked as a repeat later: the same; a plain link changes nothing', async () => {
    const { lead, earlier } = await verifiedIncident();
    const plain = await logOops(app, lead, { title: 'Related only' });
    await app.inject({
      method: 'POST',
      url: `/api/oops/${plain.id}/related/${earlier.id}`,
      headers: lead.auth,
    });
    expect((await actionsOf(lead, earlier.id)).actions[0]!.verification?.state).toBe('verified');
    const repeat = await logOops(app, lead, { title: 'Disk full, third time' });
    const res = await app.inject({
      method: 'POST',
      url: `/api/oops/${repeat.id}/related/${earlier.id}`,
      headers: lead.auth,
      payload: { repeat: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await actionsOf(lead, earlier.id)).actions[0]!.verification).toMatchObject({
      state: 'pending',
      repeated_by: { id: repeat.id },
    });
  });

  it('the daily run reopens one whose link was made without the hook', async () => {
    const { lead, earlier } = await verifiedIncident();
    const repeat = await logOops(app, lead, { title: 'Repeat written around the API' });
    await app.db
      .insert(oopsLinks)
      .values({ teamId: lead.user.team!.id, oopsId: repeat.id, otherId: earlier.id, isRepeat: true });
    await sendVerificationPrompts(deps, new Date());
    expect((await actionsOf(lead, earlier.id)).actions[0]!.verification?.repeated_by?.id).toBe(repeat.id);
  });
});

describe('the report', () => {
  it('counts the verified, the failed and the done but unverified actions of the period in SQL', async () => {
    const { lead, owner } = await team();
    const verified = await dueAction(lead, owner);
    const failed = await dueAction(lead, owner);
    await dueAction(lead, owner);
    const unplanned = await newAction(lead, { owner_id: owner.user.id });
    await done(owner, unplanned.id);
    await newAction(lead, { owner_id: owner.user.id, verify_on: dayFrom(1) });
    await answer(owner, verified.id, { held: true });
    await answer(owner, failed.id, { held: false, note: 'It came back.' });
    // Answered long ago: outside the period.
    const old = await dueAction(lead, owner);
    await answer(owner, old.id, { held: true });
    await app.db
      .update(oopsActions)
      .set({
        verificationAnsweredAt: new Date(Date.now() - 90 * DAY),
        completedAt: new Date(Date.now() - 90 * DAY),
      })
      .where(eq(oopsActions.id, old.id));
    const stats = await app.inject({ method: 'GET', url: '/api/oops/stats', headers: lead.auth });
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toMatchObject({
      actions_verified: 1,
      actions_failed_verification: 1,
      actions_unverified: 2,
    });
  });
});

// GET /api/dashboard/attention and POST /api/dashboard/onboarding/dismiss (decision 038), on both databases: the
// lists' order and contents, "my actions" only the caller's, the checklist ticking from the team's data, team
// isolation, token scopes, and the writer reading its own change at once.
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AttentionResponse } from '../../../common/contracts/dashboard-attention';
import { actionToday } from '../../../common/domain/actions';
import { oops } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { mintApiToken } from '../../test/actors';
import { memberOf, signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';
import { startReceiver } from '../../test/receiver';

let app: FastifyInstance;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  app = await createTestApp();
  receiver = await startReceiver();
});

const attention = async (as: { auth: { authorization: string } }) => {
  const res = await app.inject({ url: '/api/dashboard/attention', headers: as.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AttentionResponse>();
};
const call = (method: 'POST' | 'PUT', url: string, as: SignedIn, payload?: object) =>
  app.inject({ method, url, headers: as.auth, payload });
/** Moves an incident's creation time back, so that ages differ without waiting. */
const ageBy = (id: number, days: number) =>
  app.db
    .update(oops)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(oops.id, id));
/** The smallest Alertmanager (version 4) body with one firing alert. */
const FIRING = {
  version: '4',
  groupKey: '{}:{alertname="DiskFull"}',
  status: 'firing',
  receiver: 'oopsboard',
  groupLabels: { alertname: 'DiskFull' },
  commonLabels: { alertname: 'DiskFull', severity: 'warning' },
  commonAnnotations: { summary: 'Disk almost full on db-1' },
  externalURL: 'http://alertmanager.example.com:9093',
  alerts: [
    {
      status: 'firing',
      labels: { alertname: 'DiskFull', severity: 'warning' },
      annotations: { summary: 'Disk almost full on db-1' },
      startsAt: '2026-03-02T09:41:27Z',
      endsAt: '0001-01-01T00:00:00Z',
      generatorURL: 'http://prometheus.example.com:9090/graph',
      fingerprint: 'attention-disk-full',
    },
  ],
};
const dayOffset = (days: number) => actionToday(new Date(Date.now() + days * 86_400_000));

describe('GET /api/dashboard/attention', () => {
  it('lists open incidents Critical, then High, then the rest, the oldest first in each, with age and owner', async () => {
    const owner = await signUp(app);
    const low = await logOops(app, owner, { title: 'Old low', severity: 'Low' });
    const high = await logOops(app, owner, {
      title: 'High one',
      severity: 'High',
      owner_name: 'DevOps Team',
    });
    await logOops(app, owner, { title: 'New critical', severity: 'Critical' });
    const oldCritical = await logOops(app, owner, { title: 'Old critical', severity: 'Critical' });
    await ageBy(low.id, 30);
    await ageBy(oldCritical.id, 3);
    await ageBy(high.id, 10);
    const body = await attention(owner);
    expect(body.open.items.map((i) => i.title)).toEqual([
      'Old critical',
      'New critical',
      'High one',
      'Old low',
    ]);
    expect(body.open.total).toBe(4);
    const first = body.open.items[0]!;
    expect(first.id_slug).toBe(oldCritical.id_slug);
    expect(Date.now() - Date.parse(first.created_at)).toBeGreaterThan(3 * 86_400_000 - 60_000);
    expect(body.open.items[2]!.owner_name).toBe('DevOps Team');
  });

  it('cuts each list to 5 rows and keeps the total', async () => {
    const owner = await signUp(app);
    for (let i = 0; i < 7; i++) await logOops(app, owner, { title: `Open ${i}`, severity: 'Medium' });
    const body = await attention(owner);
    expect(body.open.items).toHaveLength(5);
    expect(body.open.total).toBe(7);
  });

  it('puts open incidents with a resolution time in "awaiting review", and closed ones without a lesson apart', async () => {
    const owner = await signUp(app);
    const resolved = await logOops(app, owner, { title: 'Resolved, not reviewed', severity: 'Critical' });
    // Marking resolved sets resolved_at while the incident stays Open.
    await app.db.update(oops).set({ resolvedAt: new Date() }).where(eq(oops.id, resolved.id));
    const lessonless = await logOops(app, owner, { title: 'Closed, no lesson' });
    const learned = await logOops(app, owner, {
      title: 'Closed, learned',
      lesson_learned: 'Check the pool size',
    });
    for (const id of [lessonless.id, learned.id]) {
      expect((await call('PUT', `/api/oops/${id}`, owner, { status: 'Closed' })).statusCode).toBe(200);
    }
    const body = await attention(owner);
    expect(body.open).toEqual({ items: [], total: 0 });
    expect(body.awaiting_review.items.map((i) => i.title)).toEqual(['Resolved, not reviewed']);
    expect(body.awaiting_review.items[0]!.resolved_at).not.toBeNull();
    expect(body.without_lesson.items.map((i) => i.title)).toEqual(['Closed, no lesson']);
    expect(body.without_lesson.total).toBe(1);
  });

  it("lists only the caller's own open actions due today or earlier, the earliest first", async () => {
    const owner = await signUp(app);
    const member = await memberOf(app, owner.user.team!.id, 'member');
    const incident = await logOops(app, owner, { title: 'With actions' });
    const add = (title: string, ownerId: number, due: string | null, status?: 'done') =>
      call('POST', `/api/oops/${incident.id}/actions`, owner, {
        title,
        owner_id: ownerId,
        due_date: due,
        status,
      });
    for (const [title, who, due, status] of [
      ['Mine today', owner.user.id, dayOffset(0)],
      ['Mine overdue', owner.user.id, dayOffset(-3)],
      ['Mine tomorrow', owner.user.id, dayOffset(1)],
      ['Mine undated', owner.user.id, null],
      ['Mine done', owner.user.id, dayOffset(-1), 'done'],
      ["Member's overdue", member.user.id, dayOffset(-2)],
    ] as const) {
      expect((await add(title, who, due, status)).statusCode).toBe(201);
    }
    const mine = await attention(owner);
    expect(mine.my_actions.items.map((a) => [a.title, a.overdue])).toEqual([
      ['Mine overdue', true],
      ['Mine today', false],
    ]);
    expect(mine.my_actions.items[0]!.oops).toEqual({
      id: incident.id,
      id_slug: incident.id_slug,
      title: 'With actions',
    });
    expect(mine.my_actions.total).toBe(2);
    const theirs = await attention(member);
    expect(theirs.my_actions.items.map((a) => a.title)).toEqual(["Member's overdue"]);
  });

  it('shows the writer its change at once (the team part is cached, the change makes it stale)', async () => {
    const owner = await signUp(app);
    expect((await attention(owner)).open.total).toBe(0);
    const created = await logOops(app, owner, { title: 'Fresh', severity: 'High' });
    expect((await attention(owner)).open.items.map((i) => i.id)).toEqual([created.id]);
    await call('PUT', `/api/oops/${created.id}`, owner, { status: 'Closed' });
    const after = await attention(owner);
    expect(after.open.total).toBe(0);
    expect(after.without_lesson.items.map((i) => i.id)).toEqual([created.id]);
  });

  it("never shows another team's incidents or actions", async () => {
    const a = await signUp(app);
    const b = await signUp(app);
    await logOops(app, a, { title: 'Team A only', severity: 'Critical' });
    const body = await attention(b);
    expect(body.open).toEqual({ items: [], total: 0 });
    expect(body.my_actions).toEqual({ items: [], total: 0 });
  });

  it('answers read tokens and refuses write-only and ingest tokens (403) and the signed out (401)', async () => {
    const owner = await signUp(app);
    await logOops(app, owner, { title: 'Seen by the token', severity: 'Critical' });
    const read = await mintApiToken(app, owner.user.id, ['read']);
    const body = await attention({ auth: { authorization: `Bearer ${read.token}` } });
    expect(body.open.items.map((i) => i.title)).toEqual(['Seen by the token']);
    for (const scope of ['write', 'ingest'] as const) {
      const token = await mintApiToken(app, owner.user.id, [scope]);
      const res = await app.inject({
        url: '/api/dashboard/attention',
        headers: { authorization: `Bearer ${token.token}` },
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await app.inject({ url: '/api/dashboard/attention' })).statusCode).toBe(401);
  });
});

describe('the new team checklist', () => {
  const stepsOf = async (as: SignedIn) => {
    const body = await attention(as);
    return body.onboarding && Object.fromEntries(body.onboarding.steps.map((s) => [s.key, s.done]));
  };

  it('ticks each step as the team does it and disappears when all are done', async () => {
    const owner = await signUp(app);
    expect(await stepsOf(owner)).toEqual({
      invite: false,
      first_incident: false,
      webhook: false,
      alerts: false,
      import: false,
    });
    expect((await attention(owner)).onboarding?.can_dismiss).toBe(true);

    const invited = await call('POST', '/api/team/current/invitations', owner, {
      emails: ['new@example.com'],
    });
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    await logOops(app, owner, { title: 'First one' });
    expect(await stepsOf(owner)).toMatchObject({ invite: true, first_incident: true, webhook: false });

    const hook = await call('POST', '/api/team/current/webhooks', owner, {
      url: `${receiver.url}/hooks`,
      // An event nothing below emits: the test needs the endpoint, not a delivery.
      events: ['member.removed'],
      kind: 'generic',
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const alert = await call('POST', '/api/ingest/alertmanager', owner, FIRING);
    expect(alert.statusCode, alert.body).toBe(200);
    expect(await stepsOf(owner)).toMatchObject({ webhook: true, alerts: true, import: false });

    const csv = 'title,severity,description\nImported one,Low,From the old tracker spreadsheet.\n';
    const imported = await call('POST', '/api/oops/import', owner, { csv });
    expect(imported.statusCode, imported.body).toBe(201);
    expect((await attention(owner)).onboarding).toBeNull();
  });

  it('counts a second member as invited, and lets only an owner dismiss it, for the whole team', async () => {
    const owner = await signUp(app);
    const admin = await memberOf(app, owner.user.team!.id, 'admin');
    expect(await stepsOf(owner)).toMatchObject({ invite: true });
    expect((await attention(admin)).onboarding?.can_dismiss).toBe(false);
    const refused = await call('POST', '/api/dashboard/onboarding/dismiss', admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Only the team owner can dismiss the getting-started checklist.');
    expect((await attention(admin)).onboarding).not.toBeNull();

    const done = await call('POST', '/api/dashboard/onboarding/dismiss', owner);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ dismissed: true });
    expect((await attention(owner)).onboarding).toBeNull();
    expect((await attention(admin)).onboarding).toBeNull();
    // Another team still sees its own.
    expect((await attention(await signUp(app))).onboarding).not.toBeNull();
  });
});

// Resolving apart from closing (decision 042): the resolution stops the time to resolve, survives close and reopen,
// and is validated; the dashboard's MTTR follows it while "closed" counts stay by status.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../test/app';
import { memberOf, signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';
import { checkStats } from '../../lib/stats-check';

let app: FastifyInstance;
let owner: SignedIn;
let admin: SignedIn;
let member: SignedIn;
beforeAll(async () => {
  app = await createTestApp();
  owner = await signUp(app);
  admin = await memberOf(app, owner.user.team!.id, 'admin');
  member = await memberOf(app, owner.user.team!.id, 'member');
});

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const put = (id: number, payload: Record<string, unknown>, as = owner) =>
  app.inject({ method: 'PUT', url: `/api/oops/${id}`, headers: as.auth, payload });
const resolve = (id: number, payload: Record<string, unknown> = {}, as = owner) =>
  app.inject({ method: 'POST', url: `/api/oops/${id}/resolve`, headers: as.auth, payload });
const detail = async (id: number, as = owner) =>
  (await app.inject({ method: 'GET', url: `/api/oops/detail/${id}`, headers: as.auth })).json();
const stats = async (as: SignedIn) =>
  (await app.inject({ method: 'GET', url: '/api/oops/stats', headers: as.auth })).json();
const automatic = (o: { timeline_events: { type?: string | null; event: string }[] }) =>
  o.timeline_events.filter((e) => e.type?.startsWith('resolution_')).map((e) => e.event);

describe('POST /api/oops/{id}/resolve', () => {
  it('marks an open incident resolved (any member): it stays Open, MTTR counts it, closed counts do not', async () => {
    const team = await signUp(app);
    const teammate = await memberOf(app, team.user.team!.id, 'member');
    const o = await logOops(app, team, { occurred_at: ago(2 * HOUR) });
    expect((await stats(team)).mttr_minutes).toBeNull();
    const before = Date.now();
    const res = await resolve(o.id, {}, teammate);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'Open', resolved_by: teammate.user.name });
    expect(Date.parse(body.resolved_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(automatic(body)).toEqual(['Marked Resolved']);
    const s = await stats(team);
    expect(s.mttr_minutes).toBeGreaterThanOrEqual(119);
    expect(s.mttr_minutes).toBeLessThanOrEqual(121);
    expect(s.resolved_count).toBe(0);
    expect(await checkStats(app.db, team.user.team!.id)).toEqual([]);
  });

  it('keeps the first resolution when marked again without a time; a sent time corrects it', async () => {
    const o = await logOops(app, owner, { occurred_at: ago(5 * HOUR) });
    const first = (await resolve(o.id, { resolved_at: ago(4 * HOUR) })).json();
    const again = await resolve(o.id, {}, member);
    expect(again.statusCode).toBe(200);
    expect(again.json().resolved_at).toBe(first.resolved_at);
    const corrected = await resolve(o.id, { resolved_at: ago(3 * HOUR) }, member);
    expect(Date.parse(corrected.json().resolved_at)).toBeGreaterThan(Date.parse(first.resolved_at));
    expect(automatic(corrected.json())).toEqual(['Marked Resolved']);
  });

  it('refuses future times and resolutions before the start, naming the field, and changes nothing', async () => {
    const o = await logOops(app, owner, { occurred_at: ago(2 * HOUR) });
    const future = await resolve(o.id, { resolved_at: new Date(Date.now() + HOUR).toISOString() });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe('resolved_at cannot be in the future.');
    const early = await put(o.id, { resolved_at: ago(3 * HOUR) });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toMatch(/^resolved_at cannot be before the incident occurred/);
    expect(await detail(o.id)).toMatchObject({ resolved_at: null, status: 'Open' });
    // Without occurred_at the clock starts when the incident was logged.
    const logged = await logOops(app, owner);
    expect((await resolve(logged.id, { resolved_at: ago(HOUR) })).statusCode).toBe(400);
    expect((await resolve(o.id, { resolved_at: 'yesterday' })).statusCode).toBe(400);
  });

  it('answers 409 on a closed incident, 404 for another team, 400 for unknown keys', async () => {
    const o = await logOops(app, owner);
    await put(o.id, { status: 'Closed' });
    const closed = await resolve(o.id, { resolved_at: ago(0) });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe('This incident is closed and cannot be edited. Reopen it first.');
    expect((await put(o.id, { resolved_at: null })).statusCode).toBe(409);
    const other = await signUp(app);
    expect((await resolve(o.id, {}, other)).statusCode).toBe(404);
    const open = await logOops(app, owner);
    expect((await resolve(open.id, { status: 'Closed' })).statusCode).toBe(400);
  });
});

describe('resolved_at across close and reopen', () => {
  it('closing keeps a resolution; reopen keeps it; closing again keeps the first; MTTR stays put', async () => {
    const team = await signUp(app);
    const teamAdmin = await memberOf(app, team.user.team!.id, 'admin');
    const o = await logOops(app, team, { occurred_at: ago(5 * HOUR) });
    const resolvedAt = (await resolve(o.id, { resolved_at: ago(3 * HOUR) }, team)).json().resolved_at;
    const mttr = (await stats(team)).mttr_minutes;
    expect(mttr).toBe(120);
    const closed = (await put(o.id, { status: 'Closed' }, team)).json();
    expect(closed).toMatchObject({ status: 'Closed', resolved_at: resolvedAt });
    expect((await stats(team)).resolved_count).toBe(1);
    const reopened = (await put(o.id, { status: 'Open' }, teamAdmin)).json();
    expect(reopened).toMatchObject({ status: 'Open', resolved_at: resolvedAt });
    expect(await stats(team)).toMatchObject({ mttr_minutes: 120, resolved_count: 0 });
    const again = (await put(o.id, { status: 'Closed' }, team)).json();
    expect(again.resolved_at).toBe(resolvedAt);
    expect(await stats(team)).toMatchObject({ mttr_minutes: 120, resolved_count: 1 });
    expect(await checkStats(app.db, team.user.team!.id)).toEqual([]);
  });

  it('closing an unresolved incident resolves it then, and later closes keep that time', async () => {
    const o = await logOops(app, owner);
    const first = (await put(o.id, { status: 'Closed' }, member)).json();
    expect(first.resolved_at).not.toBeNull();
    await put(o.id, { status: 'Open' }, admin);
    const second = (await put(o.id, { status: 'Closed' }, member)).json();
    expect(second.resolved_at).toBe(first.resolved_at);
  });

  it('an explicit resolved_at edit is allowed with a close; clearing it while closing is refused', async () => {
    const o = await logOops(app, owner, { occurred_at: ago(4 * HOUR) });
    const at = ago(2 * HOUR);
    const closed = await put(o.id, { status: 'Closed', resolved_at: at });
    expect(closed.json()).toMatchObject({ status: 'Closed', resolved_at: at });
    const other = await logOops(app, owner);
    const refused = await put(other.id, { status: 'Closed', resolved_at: null });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('resolved_at cannot be cleared on a closed incident.');
    expect((await detail(other.id)).status).toBe('Open');
  });
});

describe('un-resolving and the automatic timeline events', () => {
  it('"Not resolved after all" clears the resolution, stamps an event and takes it out of MTTR', async () => {
    const team = await signUp(app);
    const o = await logOops(app, team, { occurred_at: ago(2 * HOUR) });
    await resolve(o.id, {}, team);
    const cleared = await put(o.id, { resolved_at: null }, team);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ resolved_at: null, resolved_by: null, status: 'Open' });
    expect(automatic(cleared.json())).toEqual(['Marked Resolved', 'Not Resolved After All']);
    const [marked, undone] = cleared.json().timeline_events as { timestamp: string }[];
    expect(Date.parse(undone!.timestamp)).toBeGreaterThanOrEqual(Date.parse(marked!.timestamp));
    expect((await stats(team)).mttr_minutes).toBeNull();
    expect(await checkStats(app.db, team.user.team!.id)).toEqual([]);
  });

  it('keeps the automatic events when a client saves the timeline without them or changed', async () => {
    const o = await logOops(app, owner);
    const resolved = (await resolve(o.id)).json();
    const [auto] = resolved.timeline_events;
    const custom = { timestamp: ago(0), event: 'Escalation', type: 'escalation' };
    const saved = await put(o.id, { timeline_events: [custom, { ...auto, event: 'Renamed' }] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().timeline_events.map((e: { event: string }) => e.event)).toEqual([
      'Escalation',
      'Marked Resolved',
    ]);
    const dropped = await put(o.id, { timeline_events: [custom] });
    expect(automatic(dropped.json())).toEqual(['Marked Resolved']);
  });
});

describe('occurred_at and resolved_at when logging and editing', () => {
  it('logs an incident already resolved (Open, in review) and refuses future or inverted times', async () => {
    const o = await logOops(app, owner, { occurred_at: ago(3 * HOUR), resolved_at: ago(HOUR) });
    expect(o).toMatchObject({ status: 'Open', resolved_by: owner.user.name });
    expect(o.resolved_at).not.toBeNull();
    const post = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/oops',
        headers: owner.auth,
        payload: { title: 'Times', severity: 'Low', description: 'Checking the time rules.', ...payload },
      });
    const future = await post({ occurred_at: new Date(Date.now() + HOUR).toISOString() });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe('occurred_at cannot be in the future.');
    const inverted = await post({ occurred_at: ago(HOUR), resolved_at: ago(2 * HOUR) });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().error).toMatch(/^resolved_at cannot be before/);
  });

  it('refuses moving occurred_at into the future or after the resolution', async () => {
    const o = await logOops(app, owner, { occurred_at: ago(3 * HOUR), resolved_at: ago(2 * HOUR) });
    const after = await put(o.id, { occurred_at: ago(HOUR) }, member);
    expect(after.statusCode).toBe(400);
    expect(after.json().error).toBe('occurred_at cannot be after resolved_at.');
    const future = await put(o.id, { occurred_at: new Date(Date.now() + HOUR).toISOString() });
    expect(future.json().error).toBe('occurred_at cannot be in the future.');
    expect((await put(o.id, { occurred_at: ago(4 * HOUR) }, member)).statusCode).toBe(200);
  });
});

describe('the system events of what an incident is logged with', () => {
  const withStates = {
    root_cause: 'A full disk.',
    mitigation_steps: 'Freed space.',
    response_team: 'Platform on call',
  };

  it('are stamped by the resolution when the incident is logged after it', async () => {
    const resolvedAt = ago(20 * HOUR);
    const o = await logOops(app, owner, {
      ...withStates,
      occurred_at: ago(22 * HOUR),
      resolved_at: resolvedAt,
    });
    for (const field of ['root_cause_identified_at', 'mitigation_deployed_at', 'response_team_notified_at']) {
      expect(o[field as keyof typeof o], field).toBe(resolvedAt);
    }
    // When it was logged stays the detection, as always.
    expect(Date.parse(o.created_at)).toBeGreaterThan(Date.parse(resolvedAt));
  });

  it('are stamped when it was logged while it is not resolved yet', async () => {
    const before = Date.now();
    const o = await logOops(app, owner, { ...withStates, occurred_at: ago(3 * HOUR) });
    for (const at of [o.root_cause_identified_at, o.mitigation_deployed_at, o.response_team_notified_at]) {
      expect(Date.parse(at!)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(at!)).toBeLessThanOrEqual(Date.now());
    }
  });
});

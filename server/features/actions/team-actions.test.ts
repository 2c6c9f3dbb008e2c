// The team's actions across incidents: "My actions", the managers' view with filters, overdue counts on
// the list, and marking done (also on closed incidents), scoped to the team.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { actionToday } from '../../../common/domain/actions';
import { domainEvents, oopsActions } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { memberOf, signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';

let app: FastifyInstance;
let owner: SignedIn;
let member: SignedIn;
const DAY = 24 * 60 * 60 * 1000;
const yesterday = actionToday(new Date(Date.now() - DAY));
const lastWeek = actionToday(new Date(Date.now() - 7 * DAY));
const tomorrow = actionToday(new Date(Date.now() + DAY));

beforeAll(async () => {
  app = await createTestApp();
  owner = await signUp(app);
  member = await memberOf(app, owner.user.team!.id, 'member');
});

async function addAction(oopsId: number, body: Record<string, unknown>, as = owner) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/oops/${oopsId}/actions`,
    headers: as.auth,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}
const getActions = (query: string, as: SignedIn = owner) =>
  app.inject({ url: `/api/actions?${query}`, headers: as.auth });
const markDone = (id: number, as: SignedIn = owner) =>
  app.inject({ method: 'POST', url: `/api/actions/${id}/done`, headers: as.auth });

describe('my actions', () => {
  it('lists the open actions assigned to me across incidents, overdue first, with their incident', async () => {
    const me = await memberOf(app, owner.user.team!.id, 'member');
    const a = await logOops(app, owner, { title: 'Checkout outage', area_department: 'Engineering' });
    const b = await logOops(app, owner, { title: 'Payroll delay', area_department: 'Finance' });
    const later = await addAction(a.id, { title: 'Later', owner_id: me.user.id, due_date: tomorrow });
    const undated = await addAction(b.id, { title: 'Undated', owner_id: me.user.id });
    const late = await addAction(b.id, { title: 'Late', owner_id: me.user.id, due_date: yesterday });
    const veryLate = await addAction(a.id, { title: 'Very late', owner_id: me.user.id, due_date: lastWeek });
    await addAction(a.id, { title: 'Not mine', owner_id: owner.user.id, due_date: lastWeek });
    const done = await addAction(a.id, { title: 'Done', owner_id: me.user.id, status: 'done' });

    const res = await getActions('mine=1&status=open', me);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.actions.map((x: { id: number }) => x.id)).toEqual([
      veryLate.id,
      late.id,
      later.id,
      undated.id,
    ]);
    expect(body.actions[0]).toMatchObject({
      title: 'Very late',
      overdue: true,
      owner_name: me.user.name,
      oops: {
        id: a.id,
        id_slug: a.id_slug,
        title: 'Checkout outage',
        status: 'Open',
        area_department: 'Engineering',
      },
    });
    expect(body.actions[2].overdue).toBe(false);
    expect(body).toMatchObject({ matched: 4, counts: { open: 4, overdue: 2 } });

    const overdue = (await getActions('mine=1&overdue=1', me)).json();
    expect(overdue.actions.map((x: { id: number }) => x.id)).toEqual([veryLate.id, late.id]);
    const finished = (await getActions('mine=true&status=done', me)).json();
    expect(finished.actions.map((x: { id: number }) => x.id)).toEqual([done.id]);
    expect(finished.actions[0].completed_at).toEqual(expect.any(String));
  });

  it('shows each incident card its overdue count next to the open count', async () => {
    const o = await logOops(app, owner, { title: 'Overdue count card' });
    await addAction(o.id, { title: 'Late one', due_date: yesterday });
    await addAction(o.id, { title: 'On time', due_date: tomorrow });
    await addAction(o.id, { title: 'Done late', due_date: yesterday, status: 'done' });
    const list = (
      await app.inject({ url: '/api/oops?search=Overdue%20count%20card', headers: owner.auth })
    ).json();
    expect(list.oops[0]).toMatchObject({ open_actions: 2, overdue_actions: 1 });
    const detail = (await app.inject({ url: `/api/oops/detail/${o.id}`, headers: owner.auth })).json();
    expect(detail).toMatchObject({ open_actions: 2, overdue_actions: 1 });
  });

  it("counts the team's open and overdue actions in the dashboard statistics", async () => {
    const lead = await signUp(app);
    const o = await logOops(app, lead);
    await addAction(o.id, { title: 'Late', due_date: yesterday }, lead);
    await addAction(o.id, { title: 'Undated' }, lead);
    await addAction(o.id, { title: 'Late but done', due_date: lastWeek, status: 'done' }, lead);
    const stats = async () => (await app.inject({ url: '/api/oops/stats', headers: lead.auth })).json();
    expect(await stats()).toMatchObject({ open_actions: 2, overdue_actions: 1 });
    // Completing one shows on the author's next read (the team cache does not hold the old answer).
    const late = (await getActions('mine=0&overdue=1', lead)).json().actions[0];
    expect((await markDone(late.id, lead)).statusCode).toBe(200);
    expect(await stats()).toMatchObject({ open_actions: 1, overdue_actions: 0 });
  });

  it('reports the follow-through of the period: completion rate and median days to complete', async () => {
    const lead = await signUp(app);
    const o = await logOops(app, lead);
    const stats = async (days?: number) =>
      (await app.inject({ url: `/api/oops/stats${days ? `?days=${days}` : ''}`, headers: lead.auth })).json();
    expect(await stats()).toMatchObject({
      actions_completed: 0,
      action_completion_rate: null,
      median_days_to_complete: null,
    });
    const ids: number[] = [];
    for (const title of ['One', 'Two', 'Three', 'Four'])
      ids.push((await addAction(o.id, { title }, lead)).id);
    for (const id of ids.slice(0, 3)) expect((await markDone(id, lead)).statusCode).toBe(200);
    // Created 2, 4 and 40 days before they were done (set directly: the API stamps creation with the clock).
    for (const [index, days] of [2, 4, 40].entries()) {
      await app.db
        .update(oopsActions)
        .set({ createdAt: sql`completed_at - make_interval(days => ${days})` })
        .where(eq(oopsActions.id, ids[index]!));
    }
    // 30 days: of the 3 actions created in it, 2 are done; the 3 completed in it took 2, 4 and 40 days.
    expect(await stats()).toMatchObject({
      actions_completed: 3,
      action_completion_rate: 66.7,
      median_days_to_complete: 4,
    });
    // 90 days: the action created 40 days ago counts among those created too.
    expect(await stats(90)).toMatchObject({
      actions_completed: 3,
      action_completion_rate: 75,
      median_days_to_complete: 4,
    });
  });

  it('refuses malformed filters with a clear error and changes nothing', async () => {
    for (const [query, error] of [
      ['mine=yes', /mine/],
      ['mine=1&status=closed', /Status must be open or done/],
      ['mine=1&limit=0', /limit/],
      ['mine=1&owner_id=abc', /Owner must be a user id/],
      ['mine=1&colour=red', /colour/],
    ] as const) {
      const res = await getActions(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toMatch(error);
    }
  });
});

describe("the team's actions (owners and admins)", () => {
  it('refuses the whole team to a member, who still sees their own', async () => {
    const res = await getActions('status=open', member);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("Only team owners and admins can see the whole team's actions.");
    expect((await getActions('mine=1', member)).statusCode).toBe(200);
  });

  it('filters by owner, department and overdue, and never shows another team', async () => {
    const lead = await signUp(app);
    const admin = await memberOf(app, lead.user.team!.id, 'admin');
    const mate = await memberOf(app, lead.user.team!.id, 'member');
    const eng = await logOops(app, lead, { area_department: 'Engineering' });
    const ops = await logOops(app, lead, { area_department: 'Operations' });
    const a1 = await addAction(
      eng.id,
      { title: 'Eng late', owner_id: mate.user.id, due_date: yesterday },
      lead,
    );
    const a2 = await addAction(
      ops.id,
      { title: 'Ops soon', owner_id: mate.user.id, due_date: tomorrow },
      lead,
    );
    const a3 = await addAction(
      ops.id,
      { title: 'Ops late, lead', owner_id: lead.user.id, due_date: lastWeek },
      lead,
    );
    const a4 = await addAction(eng.id, { title: 'Unassigned' }, lead);
    // Another team's actions stay out.
    const stranger = await signUp(app);
    const theirs = await logOops(app, stranger);
    await addAction(theirs.id, { title: 'Theirs', due_date: lastWeek }, stranger);

    const ids = async (query: string) =>
      ((await getActions(query, admin)).json().actions as { id: number }[]).map((x) => x.id);
    expect(await ids('status=open')).toEqual([a3.id, a1.id, a2.id, a4.id]);
    expect(await ids(`owner_id=${mate.user.id}`)).toEqual([a1.id, a2.id]);
    expect(await ids('department=Operations')).toEqual([a3.id, a2.id]);
    expect(await ids('overdue=1')).toEqual([a3.id, a1.id]);
    const scoped = (await getActions(`owner_id=${mate.user.id}&overdue=1`, admin)).json();
    expect(scoped).toMatchObject({ matched: 1, counts: { open: 2, overdue: 1 } });
    expect(await ids(`owner_id=${stranger.user.id}`)).toEqual([]);
  });
});

describe('marking an action done', () => {
  it('records when, once, for any team member, even on a closed incident', async () => {
    const o = await logOops(app, owner);
    const action = await addAction(o.id, {
      title: 'Rotate the keys',
      owner_id: member.user.id,
      due_date: yesterday,
    });
    const closed = await app.inject({
      method: 'PUT',
      url: `/api/oops/${o.id}`,
      headers: owner.auth,
      payload: { status: 'Closed' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // Editing the closed incident's actions stays refused; completing one does not edit the record.
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/oops/${o.id}/actions/${action.id}`,
      headers: member.auth,
      payload: { title: 'Renamed' },
    });
    expect(edit.statusCode).toBe(409);

    const res = await markDone(action.id, member);
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json();
    expect(done).toMatchObject({
      id: action.id,
      status: 'done',
      overdue: false,
      oops: { id: o.id, status: 'Closed' },
    });
    expect(Date.parse(done.completed_at)).toBeGreaterThan(Date.now() - 60_000);
    const events = async () =>
      (await app.db.select().from(domainEvents).where(eq(domainEvents.type, 'action.completed'))).filter(
        (e) => (e.payload as { action: { id: number } }).action.id === action.id,
      );
    expect(await events()).toHaveLength(1);

    // Again, as a client that sends a JSON content type and no body: answered as it is, nothing new recorded.
    const again = await app.inject({
      method: 'POST',
      url: `/api/actions/${action.id}/done`,
      headers: { ...member.auth, 'content-type': 'application/json' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().completed_at).toBe(done.completed_at);
    expect(await events()).toHaveLength(1);
  });

  it("answers 404 for another team's action or one that does not exist, and 400 for a bad id", async () => {
    const stranger = await signUp(app);
    const theirs = await logOops(app, stranger);
    const action = await addAction(theirs.id, { title: 'Not yours' }, stranger);
    const res = await markDone(action.id, owner);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Action not found.');
    const still = (await getActions('mine=0&status=open', stranger)).json();
    expect(still.actions.find((x: { id: number }) => x.id === action.id).status).toBe('open');
    expect((await markDone(2_000_000_000)).statusCode).toBe(404);
    expect((await markDone(0)).statusCode).toBe(400);
  });

  it('keeps completed_at in step when the detail page sets done and open', async () => {
    const o = await logOops(app, owner);
    const action = await addAction(o.id, { title: 'Toggle me' });
    const put = (status: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/oops/${o.id}/actions/${action.id}`,
        headers: owner.auth,
        payload: { status },
      });
    const done = (await put('done')).json();
    expect(done.completed_at).toEqual(expect.any(String));
    expect((await put('done')).json().completed_at).toBe(done.completed_at);
    expect((await put('open')).json().completed_at).toBeNull();
  });
});

it('documents both calls in the OpenAPI document', async () => {
  const doc = (await app.inject({ url: '/api/openapi.json' })).json();
  expect(doc.paths['/api/actions'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
    expect.arrayContaining(['mine', 'status', 'overdue', 'owner_id', 'department', 'limit']),
  );
  expect(doc.paths['/api/actions/{id}/done'].post).toBeDefined();
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { oops } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { memberOf, signUp, type SignedIn } from '../../test/factories';
import { logOops, VALID_OOPS } from '../../test/oops-factory';

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

const put = (id: number, payload: Record<string, unknown>, as = owner) =>
  app.inject({ method: 'PUT', url: `/api/oops/${id}`, headers: as.auth, payload });

describe('PUT /api/oops/{id}', () => {
  it('saves a single field and bumps updated_at', async () => {
    const o = await logOops(app, owner);
    const res = await put(o.id, { title: 'Renamed outage' }, member);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Renamed outage', id_slug: `${o.id}-renamed-outage` });
    expect(Date.parse(res.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(o.updated_at));
  });

  it('saves a batch and recomputes completeness', async () => {
    const o = await logOops(app, owner);
    const res = await put(o.id, {
      impact: 'Checkout down 20 min',
      lesson_learned: 'Pool sizes need alerts',
      detection_method: 'User Report',
    });
    expect(res.json()).toMatchObject({
      impact: 'Checkout down 20 min',
      lesson_learned: 'Pool sizes need alerts',
      detection_method: 'User Report',
    });
    expect(res.json().completeness).toBeGreaterThan(o.completeness);
  });

  it("accepts the detail page's option values (docs/product.md §3), stored as docs/decisions/005 says", async () => {
    const o = await logOops(app, owner);
    const res = await put(o.id, { users_affected: '101-1000 Users', systems_impacted: '2-5 Systems' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ users_affected: '1-1000 Users', systems_impacted: '2-5 Systems' });
    const single = await put(o.id, { users_affected: '11-100 Users' }, member);
    expect(single.statusCode, single.body).toBe(200);
    expect(single.json().users_affected).toBe('1-100 Users');
  });

  it('does not rewrite unchanged values', async () => {
    const o = await logOops(app, owner);
    await app.db
      .update(oops)
      .set({ updatedAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(oops.id, o.id));
    const res = await put(o.id, { title: o.title, severity: o.severity });
    expect(res.statusCode).toBe(200);
    expect(res.json().updated_at).toBe('2020-01-01T00:00:00.000Z');
  });

  it('refuses to empty a required field, with nothing changed', async () => {
    const o = await logOops(app, owner);
    const res = await put(o.id, { title: '  ', impact: 'something' });
    expect(res.statusCode).toBe(400);
    const after = (await app.inject({ url: `/api/oops/detail/${o.id}`, headers: owner.auth })).json();
    expect(after.title).toBe(o.title);
    expect(after.impact).toBeNull();
    expect((await put(o.id, { description: 'short' })).json().error).toBe(
      'Description must be at least 10 characters. Please provide more details about what happened.',
    );
    expect((await put(o.id, {})).json().error).toBe('Send at least one field to change.');
  });

  it('sets the system fields behind the system timeline events', async () => {
    const o = await logOops(app, owner);
    const first = (
      await put(
        o.id,
        {
          root_cause: 'Pool too small',
          response_team: 'SRE',
          stakeholders_notified: true,
          mitigation_steps: 'Raised pool',
          process_updated: true,
          postmortem_completed: true,
        },
        member,
      )
    ).json();
    expect(first.root_cause_identified).toBe(true);
    expect(first.root_cause_identified_by).toBe(member.user.name);
    for (const key of [
      'root_cause_identified_at',
      'response_team_notified_at',
      'stakeholders_notified_at',
      'mitigation_deployed_at',
      'process_updated_at',
      'postmortem_completed_at',
    ]) {
      expect(first[key], key).toMatch(/^\d{4}-/);
    }
    const second = (await put(o.id, { root_cause: 'Pool far too small' })).json();
    expect(second.root_cause_identified_at).toBe(first.root_cause_identified_at);
    expect(second.root_cause_identified_by).toBe(member.user.name);
  });

  it('replaces the whole timeline_events list, in the order given', async () => {
    const o = await logOops(app, owner);
    const events = [
      {
        id: 'b',
        timestamp: '2026-11-20T10:00:00Z',
        event: 'Escalation',
        color: 'blue',
        description: 'Paged the DBA',
        user: 'Ann',
      },
      { id: 'a', timestamp: '2026-11-20T09:00:00Z', event: 'Initial Response', color: 'blue', user: 'Ann' },
    ];
    const res = await put(o.id, { timeline_events: events });
    expect(res.json().timeline_events.map((e: { id: string }) => e.id)).toEqual(['b', 'a']);
    const dup = await put(o.id, { timeline_events: [events[0], events[0]] });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error).toBe('Timeline event ids must be unique.');
    const bad = await put(o.id, { timeline_events: [{ ...events[0], timestamp: 'yesterday' }] });
    expect(bad.statusCode).toBe(400);
  });

  it('closes (any role): read-only afterwards, and resolved_at/_by are set', async () => {
    const o = await logOops(app, owner);
    const closed = await put(o.id, { status: 'Closed' }, member);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'Closed', resolved_by: member.user.name });
    for (const payload of [
      { title: 'Edit after close' },
      { status: 'Open', title: 'sneaky' },
      { timeline_events: [] },
    ]) {
      const res = await put(o.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(409);
      expect(res.json().error).toBe('This incident is closed and cannot be edited. Reopen it first.');
    }
    const note = await app.inject({
      method: 'POST',
      url: `/api/oops/${o.id}/notes`,
      headers: owner.auth,
      payload: { note: 'late' },
    });
    expect(note.statusCode).toBe(409);
    const action = await app.inject({
      method: 'POST',
      url: `/api/oops/${o.id}/actions`,
      headers: owner.auth,
      payload: { title: 'late' },
    });
    expect(action.statusCode).toBe(409);
  });

  it('lets only owners and admins reopen', async () => {
    const o = await logOops(app, owner);
    await put(o.id, { status: 'Closed' });
    const refused = await put(o.id, { status: 'Open' }, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Only team owners and admins can reopen a closed incident.');
    const byAdmin = await put(o.id, { status: 'Open' }, admin);
    expect(byAdmin.statusCode).toBe(200);
    // Reopening keeps the resolution (decision 042).
    expect(byAdmin.json()).toMatchObject({ status: 'Open', resolved_by: owner.user.name });
    expect(byAdmin.json().resolved_at).not.toBeNull();
    await put(o.id, { status: 'Closed' });
    expect((await put(o.id, { status: 'Open' }, owner)).statusCode).toBe(200);
  });

  it('answers 404 for unknown ids and 400 for non-numeric ones', async () => {
    expect((await put(999999999, { title: 'x' })).statusCode).toBe(404);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/oops/abc',
      headers: owner.auth,
      payload: { title: 'x' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("a write's answer", () => {
  // Writes build their answer from the row they wrote and what they read before writing (decision 027): it must be
  // exactly what a read of the incident shows right after.
  const read = async (id: number) =>
    (await app.inject({ url: `/api/oops/detail/${id}`, headers: owner.auth })).json();
  const create = async (payload: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/oops',
      headers: owner.auth,
      payload: { ...VALID_OOPS, ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it.each([
    ['a plain incident', {}],
    [
      'a High one (users affected by default), with tags',
      {
        severity: 'High',
        tags: ['db', 'pool'],
      },
    ],
    [
      'a near-miss with a lesson and a root cause',
      {
        kind: 'near_miss',
        lesson_learned: 'Watch the pool',
        root_cause: 'Pool too small',
      },
    ],
    ['one logged closed', { status: 'Closed' }],
  ])('of a create is what a read shows: %s', async (_label, payload) => {
    const created = await create(payload);
    expect(created).toEqual(await read(created.id));
  });

  it('of a create that links it to another is what a read shows', async () => {
    const first = await create({ title: 'First outage of the pool' });
    const repeat = await create({ title: 'The pool again', repeat_of: first.id });
    expect(repeat).toEqual(await read(repeat.id));
  });

  it('of an edit keeps its notes, action counts and names, and is what a read shows', async () => {
    const o = await logOops(app, owner);
    const post = (path: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/oops/${o.id}/${path}`, headers: owner.auth, payload });
    expect((await post('notes', { note: 'Pool resized.' })).statusCode).toBe(201);
    expect((await post('actions', { title: 'Alert on pool use', due_date: '2020-01-01' })).statusCode).toBe(
      201,
    );
    const edited = await put(o.id, { title: 'Pool outage, resized' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      open_actions: 1,
      overdue_actions: 1,
      notes: [{ note: 'Pool resized.' }],
    });
    expect(edited.json()).toEqual(await read(o.id));
    // An edit that changes nothing writes nothing, and answers the same.
    const unchanged = await put(o.id, { title: 'Pool outage, resized' });
    expect(unchanged.json()).toEqual(await read(o.id));
    const closed = await put(o.id, { status: 'Closed' });
    expect(closed.json()).toMatchObject({ status: 'Closed', resolved_by: owner.user.name });
    expect(closed.json()).toEqual(await read(o.id));
  });
});

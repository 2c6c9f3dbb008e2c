// Recurrence (decision 019): symmetric, team-scoped links; repeats while logging; "repeated despite action"
// following the earlier incident's actions; the repeat rate, near-miss ratio and chains of a period.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { OOPS_MESSAGES } from '../../../common/domain/oops-options';
import { RECURRENCE_TEXTS as T } from '../../../common/domain/recurrence-texts';
import { domainEvents, oops, oopsLinks } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { memberOf, signUp, type SignedIn } from '../../test/factories';
import { logOops, VALID_OOPS } from '../../test/oops-factory';

let app: FastifyInstance;
let owner: SignedIn;
let member: SignedIn;
let stranger: SignedIn;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  app = await createTestApp();
  owner = await signUp(app);
  member = await memberOf(app, owner.user.team!.id, 'member');
  stranger = await signUp(app);
});

const link = (id: number, other: number, payload?: object, as: SignedIn = owner) =>
  app.inject({
    method: 'POST',
    url: `/api/oops/${id}/related/${other}`,
    headers: as.auth,
    ...(payload ? { payload } : {}),
  });
const unlink = (id: number, other: number, as: SignedIn = owner) =>
  app.inject({ method: 'DELETE', url: `/api/oops/${id}/related/${other}`, headers: as.auth });
const related = async (id: number, as: SignedIn = owner) => {
  const res = await app.inject({ url: `/api/oops/${id}/related`, headers: as.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    related: { id: number; repeat: string | null; despite_action: boolean }[];
    repeated_despite_action: boolean;
  }>();
};
const detail = async (id: number) =>
  (await app.inject({ url: `/api/oops/detail/${id}`, headers: owner.auth })).json<{
    related_incidents: string[];
    repeated_despite_action: boolean;
    completeness: number;
  }>();
async function addAction(oopsId: number, status: 'open' | 'done') {
  const res = await app.inject({
    method: 'POST',
    url: `/api/oops/${oopsId}/actions`,
    headers: owner.auth,
    payload: { title: `Fix ${status}`, status },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

describe('links', () => {
  it('are symmetric: both incidents list each other, in the API and in related_incidents', async () => {
    const a = await logOops(app, owner, { title: 'Cache stampede' });
    const b = await logOops(app, owner, { title: 'Cache stampede again' });
    const before = (await detail(a.id)).completeness;
    const res = await link(b.id, a.id, undefined, member);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().related).toEqual([expect.objectContaining({ id: a.id, repeat: null })]);
    expect((await related(a.id)).related).toEqual([
      expect.objectContaining({ id: b.id, id_slug: b.id_slug, title: 'Cache stampede again', repeat: null }),
    ]);
    expect((await detail(a.id)).related_incidents).toEqual([b.id_slug]);
    expect((await detail(b.id)).related_incidents).toEqual([a.id_slug]);
    // related_incidents weighs 2 of 109 (docs/product.md §5).
    expect((await detail(a.id)).completeness).toBeGreaterThan(before);
    // Both incidents changed: one oops.updated event each, naming the field.
    const events = await app.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.teamId, owner.user.team!.id), eq(domainEvents.type, 'oops.updated')));
    const changed = events
      .map((e) => e.payload as { oops: { id: number }; changed: string[] })
      .filter((p) => [a.id, b.id].includes(p.oops.id));
    expect(changed.map((p) => p.changed)).toEqual([['related_incidents'], ['related_incidents']]);

    // Linking again, either way, is a conflict; unlinking from the other side removes both.
    expect((await link(a.id, b.id)).statusCode).toBe(409);
    expect((await link(b.id, a.id)).json().error).toBe(T.alreadyLinked);
    const removed = await unlink(a.id, b.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().related).toEqual([]);
    expect((await related(b.id)).related).toEqual([]);
    expect((await detail(a.id)).related_incidents).toEqual([]);
    expect((await detail(b.id)).related_incidents).toEqual([]);
    expect((await detail(a.id)).completeness).toBe(before);
    const again = await unlink(a.id, b.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(T.notLinked);
  });

  it('stay within the team: another team gets 404 and cannot tell whether an incident exists', async () => {
    const mine = await logOops(app, owner);
    const other = await logOops(app, owner);
    const theirs = await logOops(app, stranger);
    const unknown = 2_000_000_000;
    for (const res of [
      await link(mine.id, theirs.id),
      await link(mine.id, unknown),
      await link(theirs.id, mine.id),
      await link(mine.id, other.id, undefined, stranger),
      await unlink(mine.id, theirs.id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(OOPS_MESSAGES.notFound);
    }
    expect(
      (await app.inject({ url: `/api/oops/${mine.id}/related`, headers: stranger.auth })).statusCode,
    ).toBe(404);
    const rows = await app.db
      .select()
      .from(oopsLinks)
      .where(inArray(oopsLinks.oopsId, [mine.id, other.id, theirs.id]));
    expect(rows).toEqual([]);
  });

  it('refuses itself, bad bodies, a repeat of a later incident and closed incidents, changing nothing', async () => {
    const a = await logOops(app, owner);
    const b = await logOops(app, owner);
    const self = await link(a.id, a.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe(T.self);
    for (const payload of [{ repeat: 'yes' }, { repeat: true, extra: 1 }, [true]]) {
      const res = await link(b.id, a.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    const later = await link(a.id, b.id, { repeat: true });
    expect(later.statusCode).toBe(400);
    expect(later.json().error).toBe(T.repeatOfLater);
    const bad = await app.inject({
      method: 'POST',
      url: `/api/oops/${a.id}/related/abc`,
      headers: owner.auth,
    });
    expect(bad.statusCode).toBe(400);

    await app.inject({
      method: 'PUT',
      url: `/api/oops/${a.id}`,
      headers: owner.auth,
      payload: { status: 'Closed' },
    });
    expect((await link(a.id, b.id)).statusCode).toBe(409);
    expect(await app.db.select().from(oopsLinks).where(eq(oopsLinks.oopsId, a.id))).toEqual([]);
    // The other side may be closed: a new incident repeats a closed one.
    const res = await link(b.id, a.id, { repeat: true });
    expect(res.statusCode, res.body).toBe(201);
    expect((await related(a.id)).related).toEqual([
      expect.objectContaining({ id: b.id, repeat: 'repeated_by' }),
    ]);
  });
});

describe('the related_incidents field', () => {
  it('stays true to the links when PUT or POST sends the list: team incidents link, other text stays text', async () => {
    const a = await logOops(app, owner, { title: 'Listed A' });
    const b = await logOops(app, owner, { title: 'Listed B' });
    const theirs = await logOops(app, stranger);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/oops/${a.id}`,
      headers: member.auth,
      payload: { related_incidents: [String(b.id), 'the 2019 outage', `${theirs.id}-x`] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await related(a.id)).related.map((r) => r.id)).toEqual([b.id]);
    expect((await detail(b.id)).related_incidents).toEqual([a.id_slug]);
    // Another team's incident is neither linked nor changed.
    expect((await related(theirs.id, stranger)).related).toEqual([]);

    // A new incident naming A links to it; a list without B unlinks B both ways.
    const c = await logOops(app, owner, { related_incidents: [a.id_slug] });
    expect((await related(a.id)).related.map((r) => r.id).sort()).toEqual([b.id, c.id].sort());
    await app.inject({
      method: 'PUT',
      url: `/api/oops/${a.id}`,
      headers: owner.auth,
      payload: { related_incidents: ['the 2019 outage', c.id_slug] },
    });
    expect((await related(a.id)).related.map((r) => r.id)).toEqual([c.id]);
    expect((await detail(b.id)).related_incidents).toEqual([]);
    expect((await detail(a.id)).related_incidents).toEqual(['the 2019 outage', c.id_slug]);
  });
});

describe('repeats while logging', () => {
  it('POST /api/oops with repeat_of creates the incident and its repeat link together', async () => {
    const earlier = await logOops(app, owner, { title: 'Disk full on build agents' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/oops',
      headers: member.auth,
      payload: { ...VALID_OOPS, title: 'Disk full again', repeat_of: earlier.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ id: number; related_incidents: string[] }>();
    expect(created.related_incidents).toEqual([earlier.id_slug]);
    expect((await related(created.id)).related).toEqual([
      expect.objectContaining({ id: earlier.id, repeat: 'repeat_of', despite_action: false }),
    ]);
  });

  it('rejects a repeat_of outside the team without logging anything', async () => {
    const theirs = await logOops(app, stranger);
    const title = `Not logged ${Date.now()}`;
    for (const repeatOf of [theirs.id, 2_000_000_000, 'x', -1]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/oops',
        headers: owner.auth,
        payload: { ...VALID_OOPS, title, repeat_of: repeatOf },
      });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    const [unknown, theirsRes] = await Promise.all([
      app.inject({
        method: 'POST',
        url: '/api/oops',
        headers: owner.auth,
        payload: { ...VALID_OOPS, title, repeat_of: 2_000_000_000 },
      }),
      app.inject({
        method: 'POST',
        url: '/api/oops',
        headers: owner.auth,
        payload: { ...VALID_OOPS, title, repeat_of: theirs.id },
      }),
    ]);
    // The same answer for another team's incident as for none.
    expect(theirsRes.json().error).toBe(unknown.json().error);
    const rows = await app.db
      .select({ id: oops.id })
      .from(oops)
      .where(and(eq(oops.teamId, owner.user.team!.id), eq(oops.title, title)));
    expect(rows).toEqual([]);
  });
});

describe('repeated despite action', () => {
  it('appears exactly while the earlier incident has actions and all of them are done', async () => {
    const earlier = await logOops(app, owner, { title: 'Certificate expired' });
    const repeat = await logOops(app, owner, { title: 'Certificate expired again' });
    expect((await link(repeat.id, earlier.id, { repeat: true })).statusCode).toBe(201);
    const flag = async () => ({
      related: (await related(repeat.id)).repeated_despite_action,
      detail: (await detail(repeat.id)).repeated_despite_action,
      earlierDetail: (await detail(earlier.id)).repeated_despite_action,
      card: (
        await app.inject({
          url: `/api/oops?search=${encodeURIComponent('Certificate expired again')}`,
          headers: owner.auth,
        })
      )
        .json<{ oops: { id: number; repeated_despite_action: boolean }[] }>()
        .oops.find((o) => o.id === repeat.id)!.repeated_despite_action,
    });
    const off = { related: false, detail: false, earlierDetail: false, card: false };
    const on = { related: true, detail: true, earlierDetail: false, card: true };
    // No actions at all: not "despite action".
    expect(await flag()).toEqual(off);
    const first = await addAction(earlier.id, 'done');
    expect(await flag()).toEqual(on);
    // A new open action: the fix is not complete.
    const second = await addAction(earlier.id, 'open');
    expect(await flag()).toEqual(off);
    await app.inject({
      method: 'PUT',
      url: `/api/oops/${earlier.id}/actions/${second}`,
      headers: owner.auth,
      payload: { status: 'done' },
    });
    expect(await flag()).toEqual(on);
    // Reopening a done action takes it away again.
    await app.inject({
      method: 'PUT',
      url: `/api/oops/${earlier.id}/actions/${first}`,
      headers: owner.auth,
      payload: { status: 'open' },
    });
    expect(await flag()).toEqual(off);
    // A plain related link never counts, whatever the actions.
    const plain = await logOops(app, owner);
    await addAction(plain.id, 'done');
    const later = await logOops(app, owner);
    await link(later.id, plain.id);
    expect((await related(later.id)).repeated_despite_action).toBe(false);
  });
});

describe('recurrence statistics of a period', () => {
  it('counts repeats, repeated despite action, near-misses per incident and lists the chains', async () => {
    const lead = await signUp(app);
    const at = async (id: number, daysAgo: number) =>
      app.db
        .update(oops)
        .set({ createdAt: new Date(Date.now() - daysAgo * DAY) })
        .where(eq(oops.id, id));
    // A (before the period, its one action done) ← B (repeat, despite action) ← C (repeat of B, which has none);
    // D is only related to A; F is a plain incident; E a near-miss. Period: the last 30 days.
    const a = await logOops(app, lead, { title: 'Queue backlog' });
    const b = await logOops(app, lead, { title: 'Queue backlog II' });
    const c = await logOops(app, lead, { title: 'Queue backlog III' });
    const d = await logOops(app, lead, { title: 'Queue related' });
    await logOops(app, lead, { title: 'Near miss', kind: 'near_miss' });
    await logOops(app, lead, { title: 'Plain' });
    await at(a.id, 40);
    await at(b.id, 20);
    await at(c.id, 10);
    await app.inject({
      method: 'POST',
      url: `/api/oops/${a.id}/actions`,
      headers: lead.auth,
      payload: { title: 'Scale consumers', status: 'done' },
    });
    expect((await link(b.id, a.id, { repeat: true }, lead)).statusCode).toBe(201);
    expect((await link(c.id, b.id, { repeat: true }, lead)).statusCode).toBe(201);
    expect((await link(d.id, a.id, undefined, lead)).statusCode).toBe(201);

    const stats = async (days: number) =>
      (await app.inject({ url: `/api/oops/stats?days=${days}`, headers: lead.auth })).json();
    const month = await stats(30);
    expect(month).toMatchObject({
      recent_oops: 4,
      near_misses: 1,
      repeats: 2,
      repeat_rate: 50,
      repeated_despite_action: 1,
      near_miss_ratio: 0.25,
    });
    expect(month.repeat_chains).toEqual([
      {
        incidents: [
          { id: a.id, id_slug: a.id_slug, title: 'Queue backlog' },
          { id: b.id, id_slug: b.id_slug, title: 'Queue backlog II' },
          { id: c.id, id_slug: c.id_slug, title: 'Queue backlog III' },
        ],
      },
    ]);
    // Every existing field is still there.
    expect(month).toHaveProperty('open_actions');
    expect(month).toHaveProperty('best_streak_days');

    // A year holds A too: 5 incidents, the same 2 repeats.
    expect(await stats(365)).toMatchObject({ recent_oops: 5, repeats: 2, repeat_rate: 40 });
  });

  it('answers null rates for a period without incidents', async () => {
    const empty = await signUp(app);
    expect((await app.inject({ url: '/api/oops/stats', headers: empty.auth })).json()).toMatchObject({
      repeats: 0,
      repeat_rate: null,
      repeated_despite_action: 0,
      near_miss_ratio: null,
      repeat_chains: [],
    });
  });
});

it('documents the link calls and repeat_of in the OpenAPI document', async () => {
  const doc = (await app.inject({ url: '/api/openapi.json' })).json();
  expect(doc.paths['/api/oops/{id}/related'].get).toBeDefined();
  const link = doc.paths['/api/oops/{id}/related/{otherId}'];
  expect(link.post.requestBody.content['application/json'].schema).toBeDefined();
  expect(link.delete).toBeDefined();
  expect(JSON.stringify(doc.paths['/api/oops'].post.requestBody)).toContain('repeat_of');
});

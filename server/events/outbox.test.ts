// The outbox: each change writes its domain event in its own transaction, a rolled-back change writes none, the
// dispatcher hands every committed event out once (also across two app processes on PostgreSQL), and the events it
// hands out are what the live streams and caches act on.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DomainEvent } from '../../common/contracts/domain-events';
import { domainEvents } from '../db/schema';
import { emitEvents, outboxWake, type OutboxWake } from './outbox';
import { claimInTransaction, claimUnneeded, neededInTransaction } from './claims';
import { createTestApp, databaseKind } from '../test/app';
import { memberOf, signUp, type SignedIn } from '../test/factories';
import { logOops } from '../test/oops-factory';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const lastEventId = async (instance = app) =>
  (
    await instance.db
      .select({ id: sql<number>`coalesce(max(${domainEvents.id}), 0)::int` })
      .from(domainEvents)
  )[0]!.id;

/** The events written after `since`, oldest first. */
const eventsSince = (since: number, instance = app) =>
  instance.db.select().from(domainEvents).where(gt(domainEvents.id, since)).orderBy(asc(domainEvents.id));

const send = (as: SignedIn, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: as.auth, ...(payload ? { payload } : {}) });

describe('events written with their change', () => {
  it('an incident, its note, its action and its closing each write one event with a snapshot', async () => {
    const owner = await signUp(app);
    const teamId = owner.user.team!.id;
    const since = await lastEventId();
    const oops = await logOops(app, owner, { title: 'Cache stampede', area_department: 'Engineering' });
    expect(
      (await send(owner, 'POST', `/api/oops/${oops.id}/notes`, { note: 'Looked at it' })).statusCode,
    ).toBe(201);
    const action = await send(owner, 'POST', `/api/oops/${oops.id}/actions`, { title: 'Add jitter' });
    await send(owner, 'PUT', `/api/oops/${oops.id}/actions/${action.json<{ id: number }>().id}`, {
      status: 'done',
    });
    await send(owner, 'PUT', `/api/oops/${oops.id}`, { severity: 'Low' });
    await send(owner, 'PUT', `/api/oops/${oops.id}`, {
      status: 'Closed',
      lesson_learned: 'Jitter every TTL',
    });
    await send(owner, 'PUT', `/api/oops/${oops.id}`, { status: 'Open' });

    const events = await eventsSince(since);
    expect(events.map((e) => [e.type, e.teamId])).toEqual([
      ['oops.created', teamId],
      ['oops.note_added', teamId],
      ['action.created', teamId],
      ['action.completed', teamId],
      ['oops.updated', teamId],
      ['oops.closed', teamId],
      ['oops.reopened', teamId],
    ]);
    expect(events[0]!.payload).toMatchObject({
      actor: { id: owner.user.id },
      oops: { id: oops.id, title: 'Cache stampede', status: 'Open', area_department: 'Engineering' },
    });
    expect(events[4]!.payload).toMatchObject({ changed: ['severity'], oops: { severity: 'Low' } });
    expect(events[5]!.payload).toMatchObject({
      oops: { status: 'Closed', lesson_learned: 'Jitter every TTL' },
    });
  });

  it('team changes write team and member events', async () => {
    const owner = await signUp(app);
    const member = await memberOf(app, owner.user.team!.id, 'member');
    const since = await lastEventId();
    await send(owner, 'POST', '/api/team/current', { name: 'Renamed for events', industry: 'Technology' });
    await send(owner, 'POST', `/api/team/current/member/${member.user.id}/role`, { role: 'admin' });
    const types = (await eventsSince(since)).map((e) => e.type);
    expect(types).toEqual(['team.updated', 'member.role_changed']);
  });

  it('a change that rolls back writes no event', async () => {
    const owner = await signUp(app);
    const since = await lastEventId();
    // Demoting the team's only owner is refused inside its transaction, after the role was already written.
    const res = await send(owner, 'POST', `/api/team/current/member/${owner.user.id}/role`, {
      role: 'member',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const closedEdit = await logOops(app, owner);
    await send(owner, 'PUT', `/api/oops/${closedEdit.id}`, { status: 'Closed' });
    const sinceClosed = await lastEventId();
    expect(
      (await send(owner, 'PUT', `/api/oops/${closedEdit.id}`, { title: 'Edited while closed' })).statusCode,
    ).toBe(409);
    expect((await eventsSince(since)).map((e) => e.type)).toEqual(['oops.created', 'oops.closed']);
    expect(await eventsSince(sinceClosed)).toEqual([]);
  });
});

/** The outbox wake-ups this app hears that name the team, from now until `unsubscribe`. */
function wakesOf(teamId: number): { wakes: OutboxWake[]; unsubscribe: () => void } {
  const wakes: OutboxWake[] = [];
  const unsubscribe = app.database.subscribe((payload) => {
    const wake = outboxWake(payload);
    if (wake?.teams.includes(teamId)) wakes.push(wake);
  });
  return { wakes, unsubscribe };
}

describe('dispatching', () => {
  it('answers a change of who an actor is after its events are dispatched', async () => {
    const owner = await signUp(app);
    const member = await memberOf(app, owner.user.team!.id, 'member');
    const since = await lastEventId();
    const res = await send(owner, 'POST', `/api/team/current/member/${member.user.id}/role`, {
      role: 'admin',
    });
    expect(res.statusCode).toBe(200);
    const written = await eventsSince(since);
    expect(written.map((e) => e.type)).toContain('member.role_changed');
    expect(written.filter((e) => e.dispatchedAt === null)).toEqual([]);
  });

  it('answers any other change without waiting for its dispatch, which follows', async () => {
    // This app's dispatcher holds back the team's events until the gate opens: the answer must not need them. (On
    // PostgreSQL another test file's app may dispatch them first; the answer must come either way.)
    const owner = await signUp(app);
    const teamId = owner.user.team!.id;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    app.outbox.addConsumer({
      inTransaction: async (_tx, events) => {
        if (events.some((e) => e.teamId === teamId)) await gate;
      },
    });
    const since = await lastEventId();
    // Were the answer to wait for the dispatch, it would never come while the gate is shut.
    await logOops(app, owner, { title: 'Answered before its dispatch' });
    open();
    await vi.waitFor(
      async () => {
        const events = await eventsSince(since);
        const mine = events.filter((e) => e.teamId === teamId);
        expect(mine.map((e) => [e.type, e.dispatchedAt !== null])).toEqual([['oops.created', true]]);
      },
      { timeout: 10_000, interval: 20 },
    );
    const stats = await app.inject({ url: '/api/oops/stats', headers: owner.auth });
    expect(stats.json()).toMatchObject({ total_oops: 1 });
  });

  it('a write knows the events it emitted (they decide what its answer waits for), a read collects none', async () => {
    const collected: { method: string; ids: number[] | null }[] = [];
    const other = await createTestApp({}, undefined, {
      testRoutes: (instance) =>
        instance.addHook('onResponse', async (request) => {
          if (request.url.startsWith('/api/oops'))
            collected.push({ method: request.method, ids: request.emittedEvents?.map((e) => e.id) ?? null });
        }),
    });
    const owner = await signUp(other);
    const since = await lastEventId(other);
    const oops = await logOops(other, owner, { title: 'Counted events' });
    await other.inject({ url: `/api/oops/${oops.id}`, headers: owner.auth });
    const written = (await eventsSince(since, other)).filter((e) => e.teamId === owner.user.team!.id);
    expect(written.map((e) => e.type)).toEqual(['oops.created']);
    expect(collected).toEqual([
      { method: 'POST', ids: written.map((e) => e.id) },
      { method: 'GET', ids: null },
    ]);
    // On PostgreSQL its dispatcher would take a share of the other tests' events.
    await other.close();
  });

  it('a commit wakes every process with its teams, its live events and the events it wrote', async () => {
    const owner = await signUp(app);
    const teamId = owner.user.team!.id;
    const { wakes, unsubscribe } = wakesOf(teamId);
    const since = await lastEventId();
    const oops = await logOops(app, owner, { title: 'Named in its wake-up' });
    const written = (await eventsSince(since)).filter((e) => e.teamId === teamId);
    expect(written.map((e) => e.type)).toEqual(['oops.created']);
    await vi.waitFor(() =>
      expect(wakes).toEqual([
        {
          outbox: 'wake',
          teams: [teamId],
          live: [{ team: teamId, event: { type: 'oops.created', id: oops.id } }],
          ids: [written[0]!.id],
        },
      ]),
    );
    unsubscribe();
    // Any other notification is not a wake-up.
    expect(outboxWake(JSON.stringify({ team: teamId, event: { type: 'oops.created' } }))).toBeNull();
  });

  it('a wake-up too long to name its events names none (they are dispatched all the same) and tells each live event once', async () => {
    const owner = await signUp(app);
    const teamId = owner.user.team!.id;
    const { wakes, unsubscribe } = wakesOf(teamId);
    const since = await lastEventId();
    const updated = {
      type: 'team.updated',
      teamId,
      payload: { actor: null, team: { id: teamId, name: 'x' } },
    } as const;
    await app.db.transaction((tx) => emitEvents(tx, ...Array.from({ length: 51 }, () => updated)));
    await vi.waitFor(async () => {
      const mine = (await eventsSince(since)).filter((e) => e.teamId === teamId);
      expect(mine).toHaveLength(51);
      expect(mine.filter((e) => e.dispatchedAt === null)).toEqual([]);
    }, 10_000);
    await vi.waitFor(() =>
      expect(wakes.map((w) => [w.ids, w.live])).toEqual([
        [null, [{ team: teamId, event: { type: 'team.updated', id: teamId } }]],
      ]),
    );
    unsubscribe();
  });

  it('a write request writes the events no consumer needs dispatched, and leaves the needed ones to the dispatcher', async () => {
    // An app of its own, whose only consumer is the webhooks fan-out (this file's app has test consumers that need
    // every event).
    const fresh = await createTestApp();
    try {
      const owner = await signUp(fresh);
      const teamId = owner.user.team!.id;
      const wakes: OutboxWake[] = [];
      const unsubscribe = fresh.database.subscribe((payload) => {
        const wake = outboxWake(payload);
        if (wake?.teams.includes(teamId)) wakes.push(wake);
      });
      const mineSince = async (since: number) =>
        (await eventsSince(since, fresh)).filter((e) => e.teamId === teamId && e.type === 'oops.created');
      const wakeOf = (oopsId: number) =>
        wakes.find((w) =>
          w.live.some((item) => item.event.type === 'oops.created' && item.event.id === oopsId),
        );

      // The team has no webhook endpoint: its event is dispatched in the write's own transaction, and the commit's
      // wake-up names nothing for the dispatchers to do.
      let since = await lastEventId(fresh);
      const plain = await logOops(fresh, owner, { title: 'Nobody needs its event' });
      const [unneeded] = await mineSince(since);
      expect(unneeded!.dispatchedAt).not.toBeNull();
      await vi.waitFor(() => expect(wakeOf(plain.id)?.ids).toEqual([]));

      // Once a consumer needs the team's events (as the webhooks' needs a team with an endpoint; the webhook tests
      // show their deliveries), they are written pending and named for the dispatchers. (Which process hands one
      // out is not this test's: on PostgreSQL other files' apps, with other consumers, share the outbox.)
      fresh.outbox.addConsumer({ needs: (team) => sql`${team} = ${teamId}`, inTransaction: async () => {} });
      since = await lastEventId(fresh);
      const needed = await logOops(fresh, owner, { title: 'A consumer needs its event' });
      const [pending] = await mineSince(since);
      await vi.waitFor(() => expect(wakeOf(needed.id)?.ids).toEqual([pending!.id]));
      unsubscribe();
    } finally {
      await fresh.close();
    }
  });

  it('claims the events no consumer needs in a statement of their own, and those needed in the transaction', async () => {
    const [a, b] = [(await signUp(app)).user.team!.id, (await signUp(app)).user.team!.id];
    const updated = (teamId: number) =>
      ({ type: 'team.updated', teamId, payload: { actor: null, team: { id: teamId, name: 'x' } } }) as const;
    // In a transaction that is rolled back: no other process (PostgreSQL) sees these events, or dispatches them.
    const claims = app.db.transaction(async (tx) => {
      const rows = await tx
        .insert(domainEvents)
        .values([updated(a), updated(b), updated(a)])
        .returning({ id: domainEvents.id });
      const mine = (events: { id: number; teamId: number | null }[]) =>
        events.filter((e) => rows.some((r) => r.id === e.id)).map((e) => e.teamId);
      // Only team a's events are needed, as the webhooks consumer needs those of teams with endpoints.
      const needed = neededInTransaction([(teamId) => sql`${teamId} = ${a}`])!;
      const unneeded = await claimUnneeded(tx, needed, 100);
      expect(mine(unneeded.claimed)).toEqual([b]);
      expect(unneeded.neededPending).toBe(true);
      expect(mine(await claimInTransaction(tx, needed, 100))).toEqual([a, a]);
      expect((await claimUnneeded(tx, needed, 100)).neededPending).toBe(false);
      tx.rollback();
    });
    await expect(claims).rejects.toThrow(/rollback/i);
    // A consumer that names no condition needs every event; without consumers, none is needed.
    expect(neededInTransaction([() => sql`true`, undefined])).toBeNull();
    expect(neededInTransaction([])!(sql`1`)).toEqual(sql`false`);
  });

  it('hands each committed event to the consumers once, in order', async () => {
    const owner = await signUp(app);
    const seen: DomainEvent[] = [];
    app.outbox.addConsumer({ inTransaction: async (_tx, events) => void seen.push(...events) });
    const a = await logOops(app, owner, { title: 'First' });
    const b = await logOops(app, owner, { title: 'Second' });
    await app.outbox.drain();
    const mine = seen.filter((e) => e.teamId === owner.user.team!.id);
    expect(mine.map((e) => e.type === 'oops.created' && e.payload.oops.id)).toEqual([a.id, b.id]);
  });

  it('an event left pending (its process died before dispatching) is dispatched by the next drain', async () => {
    const owner = await signUp(app);
    const teamId = owner.user.team!.id;
    const [row] = await app.db
      .insert(domainEvents)
      .values({ teamId, type: 'team.updated', payload: { actor: null, team: { id: teamId, name: 'x' } } })
      .returning({ id: domainEvents.id });
    await vi.waitFor(async () => {
      const [event] = await app.db.select().from(domainEvents).where(eq(domainEvents.id, row!.id));
      expect(event!.dispatchedAt).not.toBeNull();
    }, 10_000);
  });
});

describe('pruning', () => {
  it('forgets events dispatched more than a week ago, and keeps newer and pending ones', async () => {
    const day = 24 * 60 * 60 * 1000;
    const payload = { actor: null, team: { id: 0, name: 'prune' } };
    const rows = await app.db
      .insert(domainEvents)
      .values([
        { teamId: null, type: 'team.updated', payload, dispatchedAt: new Date(Date.now() - 8 * day) },
        { teamId: null, type: 'team.updated', payload, dispatchedAt: new Date(Date.now() - 6 * day) },
      ])
      .returning({ id: domainEvents.id });
    await app.outbox.prune();
    const left = await app.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(
        inArray(
          domainEvents.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left).toEqual([{ id: rows[1]!.id }]);
  });
});

describe('several app processes', () => {
  // PGlite belongs to one process: there the "other" process is the same app, and the test checks one dispatcher.
  it(`share the outbox: every event is dispatched by exactly one of them (${databaseKind()})`, async () => {
    const other = databaseKind() === 'postgres' ? await createTestApp() : app;
    const owner = await signUp(app);
    const teamId = owner.user.team!.id;
    const byApp = new Map<FastifyInstance, number[]>([
      [app, []],
      [other, []],
    ]);
    for (const [instance, ids] of byApp)
      instance.outbox.addConsumer({
        inTransaction: async (_tx, events) =>
          void ids.push(...events.filter((event) => event.teamId === teamId).map((event) => event.id)),
      });
    // Both processes write: each wakes both dispatchers through NOTIFY.
    const writes = Array.from({ length: 20 }, (_, i) =>
      logOops(i % 2 ? other : app, owner, { title: `Twin ${i}` }),
    );
    await Promise.all(writes);
    const written = await app.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(eq(domainEvents.teamId, teamId));
    await vi.waitFor(async () => {
      const pending = await app.db
        .select({ id: domainEvents.id })
        .from(domainEvents)
        .where(
          and(
            inArray(
              domainEvents.id,
              written.map((w) => w.id),
            ),
            isNull(domainEvents.dispatchedAt),
          ),
        );
      expect(pending).toEqual([]);
    });
    const handed = [...byApp.values()].flat().sort((x, y) => x - y);
    expect(handed).toEqual(written.map((w) => w.id).sort((x, y) => x - y));
  });
});

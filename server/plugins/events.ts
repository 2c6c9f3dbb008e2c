// The dispatcher of the outbox (server/lib/outbox.ts, docs/decisions/014-domain-events-and-jobs.md): claims committed events with
// FOR UPDATE SKIP LOCKED (so several processes never hand out the same event), lets in-transaction consumers act
// (webhooks enqueue their deliveries there), marks the events dispatched, and after commit makes every process's
// actor cache forget whom they changed. (The team cache and the live streams act on the commit's own wake-up,
// server/lib/outbox.ts and server/plugins/live.ts, without waiting for the dispatch.)
//
// It is woken by: a request that changed who an actor is (awaited before the answer leaves, so its author's next
// call sees the effects), the NOTIFY a committed emit sends (PostgreSQL: every process), startup, and a poll that
// picks up events left by a process that died or by the operator CLI.
import fp from 'fastify-plugin';
import { setTimeout } from 'node:timers/promises';
import { and, inArray, isNull, lt } from 'drizzle-orm';
import type { DomainEvent } from '../../common/contracts/domain-events';
import type { Db } from '../db/client';
import { domainEvents } from '../db/schema';
import { changesActors } from '../lib/event-effects';
import { claimInTransaction, claimUnneeded, neededInTransaction, type ClaimedEvent } from './event-claims';
import { collectEmittedEvents, outboxWake, type EmittedEvent, type EventNeed } from '../lib/outbox';
import { actorCredential } from '../lib/team-cache';
import { databaseUnreachable } from '../lib/db-errors';

/** A consumer that acts in the dispatcher's transaction: what it writes commits with the events' dispatch. */
export interface EventConsumer {
  /**
   * Acts in the dispatch's transaction on the batch claimed there: every event when some consumer names no `needs`,
   * otherwise those any consumer's `needs` selects. Either way the batch may hold events it does not need, so it
   * still picks out its own (the webhooks consumer looks up which teams have endpoints).
   */
  inTransaction(tx: Db, events: DomainEvent[]): Promise<void>;
  /**
   * Which events it needs, as a condition on their team's id (server/plugins/event-claims.ts); without it, every
   * event. Events no consumer needs are written dispatched by a write request (server/lib/outbox.ts), or else marked
   * dispatched without a transaction.
   */
  needs?: EventNeed;
  /** After the dispatch committed (e.g. wake a worker for jobs enqueued in the transaction). */
  afterCommit?(): void;
}

export interface Outbox {
  /** Dispatches every pending event; resolves once those committed before the call are handed out. */
  drain(): Promise<void>;
  addConsumer(consumer: EventConsumer): void;
  /** Deletes events dispatched longer ago than DISPATCHED_EVENTS_KEPT_MS (hourly on its own). */
  prune(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
  interface FastifyRequest {
    /** The events a write request emitted (null for reads). */
    emittedEvents: EmittedEvent[] | null;
  }
}

const BATCH = 100;
/** Dispatched events are kept this long (deliveries keep their own copy of what they send), then pruned. */
export const DISPATCHED_EVENTS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** How often pending events are looked for without a wake-up (events of a crashed process, of the CLI on PGlite). */
export const OUTBOX_POLL_MS = 5_000;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** How long a write's answer waits at most for events another process is dispatching, and how often it looks. */
const AUTHOR_WAIT_MS = 2_000;
const AUTHOR_POLL_MS = 10;
/** How long this process remembers which events it dispatched (a write's answer looks its own up just after). */
const REMEMBER_DISPATCHED_MS = 4_000;

export const eventsPlugin = fp(async (app) => {
  const consumers: EventConsumer[] = [];
  // Made again only when a consumer is added: the same condition keeps the same identity, which a write's built
  // statement is kept by (server/lib/outbox.ts, writeWithEvents).
  let needed: { now: EventNeed | null } | undefined;
  const neededNow = () =>
    (needed ??= { now: neededInTransaction(consumers.map((consumer) => consumer.needs)) }).now;
  let closed = false;

  /**
   * Events that commits' wake-ups named and no pass of this process has handed out yet: committed before the next
   * pass begins, so that pass will find them (or another process has claimed them).
   */
  const wokenPending = new Set<number>();

  /** Hands out up to a batch of pending events; true when a claim was full (more may be pending). */
  async function dispatchBatch(): Promise<boolean> {
    const { dispatchDb } = app.database;
    for (const id of wokenPending) if (dispatchedHere.has(id)) wokenPending.delete(id);
    const known = [...wokenPending];
    const needed = neededNow();
    // Without a wake-up's word for it, many passes find nothing (a pass that follows one which handed out what
    // woke it, a poll): one cheap look at the pending index first, rather than a transaction. (The claim of the
    // events no consumer needs is one statement too: it looks as cheaply.)
    if (!needed && known.length === 0) {
      const [somePending] = await dispatchDb
        .select({ id: domainEvents.id })
        .from(domainEvents)
        .where(isNull(domainEvents.dispatchedAt))
        .limit(1);
      if (!somePending) return false;
    }
    let unneeded: ClaimedEvent[] = [];
    let neededPending = true;
    if (needed) ({ claimed: unneeded, neededPending } = await claimUnneeded(dispatchDb, needed, BATCH));
    const events = neededPending
      ? await dispatchDb.transaction(async (tx) => {
          // Claimed and marked in one statement; a consumer's failure rolls the mark back with the rest.
          const claimed = await claimInTransaction(tx, needed, BATCH);
          // By the batch: a consumer can look up what all the events need at once (a batch is up to BATCH events).
          if (claimed.length > 0) for (const consumer of consumers) await consumer.inTransaction(tx, claimed);
          return claimed;
        })
      : [];
    // Claimed here or by another process: either way no longer this process's to look for.
    for (const id of known) wokenPending.delete(id);
    const all = [...unneeded, ...events];
    if (all.length === 0) return false;
    rememberDispatchedHere(all);
    if (events.length > 0) for (const consumer of consumers) consumer.afterCommit?.();
    if (all.some(changesActors)) await app.forgetActors();
    return unneeded.length === BATCH || events.length === BATCH;
  }

  /** Dispatches until fewer than a batch are left: everything committed before the pass began is handed out. */
  async function pass(): Promise<void> {
    try {
      while ((await dispatchBatch()) && !closed);
    } catch (error) {
      // The events stay pending: the next wake-up or poll tries again, also once an unreachable database is back.
      if (databaseUnreachable(error))
        app.log.warn({ err: error }, 'domain events not dispatched: database unreachable');
      else app.log.error({ err: error }, 'domain events not dispatched');
    }
  }

  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  /**
   * An event committed while a pass runs may sit below that pass's snapshot, so a caller then waits for the pass
   * that follows, which every caller arriving meanwhile shares. A caller never waits for more than the running pass
   * and one more: under a steady stream of writes, one long pass that restarts whenever a new event arrives would
   * keep every waiting author waiting for all the others (seconds, measured by `npm run bench:load`).
   */
  function drain(): Promise<void> {
    if (closed) return Promise.resolve();
    if (!running) {
      running = pass().finally(() => {
        running = null;
      });
      return running;
    }
    next ??= running.then(() => {
      next = null;
      return drain();
    });
    return next;
  }

  app.decorate('outbox', {
    drain,
    addConsumer: (consumer) => {
      consumers.push(consumer);
      needed = undefined;
    },
    prune: pruneDispatched,
  } satisfies Outbox);

  // A commit's wake-up: a pass for its events, unless one here has handed them out already (under load, passes
  // take whole batches, and most wake-ups arrive after the pass that took their events).
  const unsubscribe = app.database.subscribe((payload) => {
    const wake = outboxWake(payload);
    if (!wake) return;
    if (wake.ids === null) return void drain();
    const fresh = wake.ids.filter((id) => !dispatchedHere.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) wokenPending.add(id);
    void drain();
  });
  // A wake-up may have been lost while the listener was away: look now rather than at the next poll.
  const unsubscribeGaps = app.database.subscribeGaps(() => void drain());
  const poll = setInterval(() => void drain(), OUTBOX_POLL_MS).unref();
  const prune = setInterval(() => void pruneDispatched(), PRUNE_EVERY_MS).unref();

  async function pruneDispatched(): Promise<void> {
    try {
      await app.database.dispatchDb
        .delete(domainEvents)
        .where(lt(domainEvents.dispatchedAt, new Date(Date.now() - DISPATCHED_EVENTS_KEPT_MS)));
    } catch (error) {
      app.log.warn({ err: error }, 'dispatched events not pruned');
    }
  }
  app.addHook('onReady', async () => drain());
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(poll);
    clearInterval(prune);
    unsubscribe();
    unsubscribeGaps();
    await running;
  });

  /** Events this process dispatched lately, by id, with when: a write's answer looks its own up here. */
  const dispatchedHere = new Map<number, number>();
  function rememberDispatchedHere(events: ClaimedEvent[]): void {
    const now = Date.now();
    for (const event of events) dispatchedHere.set(event.id, now);
    // Insertion order is dispatch order: the oldest are first.
    for (const [id, at] of dispatchedHere) {
      if (now - at < REMEMBER_DISPATCHED_MS) break;
      dispatchedHere.delete(id);
    }
  }

  /**
   * A write's own events that another process claimed first are dispatched there, and their effects reach this
   * process by a notification that may come after the author's answer. Waits (bounded) until they are dispatched and
   * applies their effects on this process's caches too, so the author's next call here sees them. Those this
   * process dispatched have had their effects here already: with one process (the common case) nothing is asked of
   * the database.
   */
  async function settleClaimedElsewhere(emitted: readonly number[]): Promise<void> {
    const ids = emitted.filter((id) => !dispatchedHere.has(id));
    if (ids.length === 0) return;
    const deadline = Date.now() + AUTHOR_WAIT_MS;
    while (Date.now() < deadline) {
      const left = await app.database.dispatchDb
        .select({ id: domainEvents.id })
        .from(domainEvents)
        .where(and(inArray(domainEvents.id, ids), isNull(domainEvents.dispatchedAt)))
        .limit(1);
      if (left.length === 0) break;
      await setTimeout(AUTHOR_POLL_MS);
    }
    // (Events of a transaction that rolled back after emitting are simply not found.)
    const events = await app.database.dispatchDb
      .select({ type: domainEvents.type, teamId: domainEvents.teamId })
      .from(domainEvents)
      .where(inArray(domainEvents.id, ids));
    if (events.some((event) => changesActors(event as Pick<DomainEvent, 'type'>))) await app.forgetActors();
    for (const teamId of new Set(events.map((event) => event.teamId))) {
      if (teamId !== null) app.teamCache.invalidate(teamId);
    }
  }

  const allDispatchedHere = (ids: readonly number[]) => ids.every((id) => dispatchedHere.has(id));

  /**
   * Gives this process's dispatcher its chance at a write's events. A write that emitted none has no effects to wait
   * for. Under load a running pass (another write's, or the one its commit's notification started) often hands
   * them out already; only if it did not (it began before the commit) does the write wait for the pass after it.
   */
  async function dispatchedHereOrDrained(ids: readonly number[]): Promise<void> {
    if (allDispatchedHere(ids)) return;
    if (running) await running;
    if (!allDispatchedHere(ids)) await drain();
  }

  // A write collects the events it emits (server/lib/outbox.ts): they decide what its answer waits for.
  app.decorateRequest('emittedEvents', null);
  app.addHook('onRequest', (request, _reply, done) => {
    if (READ_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    const emitted: EmittedEvent[] = [];
    request.emittedEvents = emitted;
    collectEmittedEvents(emitted, neededNow, done);
  });

  // The author of a change sees its effects on their next call (decision 027). A change of who an actor is (a role,
  // a membership, a session) must hold in every process before the answer leaves: the answer waits for its events'
  // dispatch, whose effects include every process's actor cache. Any other change's effect on the author is the
  // team's cached answers, made stale here at once and in the other processes by the commit's own notification
  // (server/plugins/live.ts): that answer leaves without waiting for the dispatch, which follows within a pass
  // (the webhook deliveries, the live events of other dashboards). Waiting for it made writes the whole tail of the
  // mixed load (docs/performance.md). Either way the team cache serves the author fresh answers from now on
  // (server/lib/team-cache.ts).
  app.addHook('onSend', async (request, reply) => {
    if (READ_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    // A refused write changed nothing, so it has no effects to wait for.
    if (reply.statusCode >= 400) return;
    const emitted = request.emittedEvents ?? [];
    if (emitted.some(changesActors)) {
      const ids = emitted.map((event) => event.id);
      await dispatchedHereOrDrained(ids);
      try {
        await settleClaimedElsewhere(ids);
      } catch (error) {
        // The effects still arrive by notification; the answer is not failed for it.
        app.log.warn({ err: error }, 'events dispatched elsewhere not awaited');
      }
    } else {
      for (const teamId of new Set(emitted.map((event) => event.teamId))) {
        if (teamId !== null) app.teamCache.invalidate(teamId);
      }
    }
    const actor = request.actor;
    if (actor?.teamId) app.teamCache.markWriter(actor.teamId, actorCredential(actor));
  });
});

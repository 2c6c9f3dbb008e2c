// The dispatcher of the outbox (server/events/outbox.ts, decision 014): claims committed events with FOR UPDATE SKIP
// LOCKED (so several processes never hand out the same event), lets in-transaction consumers act (webhooks enqueue
// their deliveries there), marks the events dispatched, and after commit applies their dispatch's effects
// (server/events/effects.ts: every process's actor cache forgets whom they changed). The team cache and the live
// streams act on the commit's own wake-up, without waiting for the dispatch (decision 027).
import { setTimeout } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { and, inArray, isNull, lt } from 'drizzle-orm';
import type { DomainEvent } from '../../common/contracts/domain-events';
import type { Database, Db } from '../db/client';
import { domainEvents } from '../db/schema';
import { claimInTransaction, claimUnneeded, neededInTransaction, type ClaimedEvent } from './claims';
import { applyCommitted, staleTeamsOf, type EffectTargets } from './effects';
import type { EventNeed } from './outbox';
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
   * Which events it needs, as a condition on their team's id (server/events/claims.ts); without it, every event.
   * Events no consumer needs are written dispatched by a write request (server/events/outbox.ts), or else marked
   * dispatched without a transaction.
   */
  needs?: EventNeed;
  /** After the dispatch committed (e.g. wake a worker for jobs enqueued in the transaction). */
  afterCommit?(): void;
}

const BATCH = 100;
/** Dispatched events are kept this long (deliveries keep their own copy of what they send), then pruned. */
export const DISPATCHED_EVENTS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a write's answer waits at most for events another process is dispatching, and how often it looks. */
const AUTHOR_WAIT_MS = 2_000;
const AUTHOR_POLL_MS = 10;
/** How long this process remembers which events it dispatched (a write's answer looks its own up just after). */
const REMEMBER_DISPATCHED_MS = 4_000;

export class Dispatcher {
  private readonly consumers: EventConsumer[] = [];
  /**
   * Made again only when a consumer is added: the same condition keeps the same identity, which a write's built
   * statement is kept by (server/events/outbox.ts, writeWithEvents).
   */
  private needed: { now: EventNeed | null } | undefined;
  private closed = false;
  /**
   * Events that commits' wake-ups named and no pass of this process has handed out yet: committed before the next
   * pass begins, so that pass will find them (or another process has claimed them).
   */
  private readonly wokenPending = new Set<number>();
  /** Events this process dispatched lately, by id, with when: a write's answer looks its own up here. */
  private readonly dispatchedHere = new Map<number, number>();
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;

  constructor(
    private readonly database: Database,
    private readonly targets: EffectTargets,
    private readonly log: FastifyBaseLogger,
  ) {}

  addConsumer(consumer: EventConsumer): void {
    this.consumers.push(consumer);
    this.needed = undefined;
  }

  /** What the consumers need now: null when some consumer needs every event. */
  readonly neededNow = (): EventNeed | null =>
    (this.needed ??= { now: neededInTransaction(this.consumers.map((consumer) => consumer.needs)) }).now;

  /**
   * Dispatches every pending event; resolves once those committed before the call are handed out.
   *
   * An event committed while a pass runs may sit below that pass's snapshot, so a caller then waits for the pass
   * that follows, which every caller arriving meanwhile shares. A caller never waits for more than the running pass
   * and one more: under a steady stream of writes, one long pass that restarts whenever a new event arrives would
   * keep every waiting author waiting for all the others (seconds, measured by `npm run bench:load`).
   */
  readonly drain = (): Promise<void> => {
    if (this.closed) return Promise.resolve();
    if (!this.running) {
      this.running = this.pass().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.next ??= this.running.then(() => {
      this.next = null;
      return this.drain();
    });
    return this.next;
  };

  /**
   * A commit's wake-up named these events (null: too many to name): a pass for them, unless one here has handed
   * them out already (under load, passes take whole batches, and most wake-ups arrive after the pass that took
   * their events).
   */
  woken(ids: readonly number[] | null): void {
    if (ids === null) return void this.drain();
    const fresh = ids.filter((id) => !this.dispatchedHere.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) this.wokenPending.add(id);
    void this.drain();
  }

  /**
   * Gives this process's dispatcher its chance at a write's events, then waits (bounded) for those another process
   * claimed first and applies their effects here too, so that the author's next call here sees them.
   */
  async settle(ids: readonly number[]): Promise<void> {
    await this.dispatchedHereOrDrained(ids);
    try {
      await this.settleClaimedElsewhere(ids);
    } catch (error) {
      // The effects still arrive by notification; the answer is not failed for it.
      this.log.warn({ err: error }, 'events dispatched elsewhere not awaited');
    }
  }

  /** Deletes events dispatched longer ago than DISPATCHED_EVENTS_KEPT_MS. */
  readonly prune = async (): Promise<void> => {
    try {
      await this.database.dispatchDb
        .delete(domainEvents)
        .where(lt(domainEvents.dispatchedAt, new Date(Date.now() - DISPATCHED_EVENTS_KEPT_MS)));
    } catch (error) {
      this.log.warn({ err: error }, 'dispatched events not pruned');
    }
  };

  /** No pass starts any more; resolves when the running one has ended. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running;
  }

  /** Dispatches until fewer than a batch are left: everything committed before the pass began is handed out. */
  private async pass(): Promise<void> {
    try {
      while ((await this.dispatchBatch()) && !this.closed);
    } catch (error) {
      // The events stay pending: the next wake-up or poll tries again, also once an unreachable database is back.
      if (databaseUnreachable(error))
        this.log.warn({ err: error }, 'domain events not dispatched: database unreachable');
      else this.log.error({ err: error }, 'domain events not dispatched');
    }
  }

  /** Hands out up to a batch of pending events; true when a claim was full (more may be pending). */
  private async dispatchBatch(): Promise<boolean> {
    const { dispatchDb } = this.database;
    for (const id of this.wokenPending) if (this.dispatchedHere.has(id)) this.wokenPending.delete(id);
    const known = [...this.wokenPending];
    const needed = this.neededNow();
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
          if (claimed.length > 0)
            for (const consumer of this.consumers) await consumer.inTransaction(tx, claimed);
          return claimed;
        })
      : [];
    // Claimed here or by another process: either way no longer this process's to look for.
    for (const id of known) this.wokenPending.delete(id);
    const all = [...unneeded, ...events];
    if (all.length === 0) return false;
    this.rememberDispatchedHere(all);
    if (events.length > 0) for (const consumer of this.consumers) consumer.afterCommit?.();
    await applyCommitted(this.targets, { actorsOf: all });
    return unneeded.length === BATCH || events.length === BATCH;
  }

  private rememberDispatchedHere(events: ClaimedEvent[]): void {
    const now = Date.now();
    for (const event of events) this.dispatchedHere.set(event.id, now);
    // Insertion order is dispatch order: the oldest are first.
    for (const [id, at] of this.dispatchedHere) {
      if (now - at < REMEMBER_DISPATCHED_MS) break;
      this.dispatchedHere.delete(id);
    }
  }

  private allDispatchedHere(ids: readonly number[]): boolean {
    return ids.every((id) => this.dispatchedHere.has(id));
  }

  /**
   * A write that emitted none has no effects to wait for. Under load a running pass (another write's, or the one its
   * commit's notification started) often hands them out already; only if it did not (it began before the commit)
   * does the write wait for the pass after it.
   */
  private async dispatchedHereOrDrained(ids: readonly number[]): Promise<void> {
    if (this.allDispatchedHere(ids)) return;
    if (this.running) await this.running;
    if (!this.allDispatchedHere(ids)) await this.drain();
  }

  /**
   * A write's own events that another process claimed first are dispatched there, and their effects reach this
   * process by a notification that may come after the author's answer. Waits (bounded) until they are dispatched and
   * applies their effects on this process's caches too. Those this process dispatched have had their effects here
   * already: with one process (the common case) nothing is asked of the database.
   */
  private async settleClaimedElsewhere(emitted: readonly number[]): Promise<void> {
    const ids = emitted.filter((id) => !this.dispatchedHere.has(id));
    if (ids.length === 0) return;
    const { dispatchDb } = this.database;
    const deadline = Date.now() + AUTHOR_WAIT_MS;
    while (Date.now() < deadline) {
      const left = await dispatchDb
        .select({ id: domainEvents.id })
        .from(domainEvents)
        .where(and(inArray(domainEvents.id, ids), isNull(domainEvents.dispatchedAt)))
        .limit(1);
      if (left.length === 0) break;
      await setTimeout(AUTHOR_POLL_MS);
    }
    // (Events of a transaction that rolled back after emitting are simply not found.)
    const events = (await dispatchDb
      .select({ type: domainEvents.type, teamId: domainEvents.teamId })
      .from(domainEvents)
      .where(inArray(domainEvents.id, ids))) as Pick<DomainEvent, 'type' | 'teamId'>[];
    await applyCommitted(this.targets, { actorsOf: events, teams: staleTeamsOf(events) });
  }
}

// The events plugin: one dispatcher per process (server/events/dispatcher.ts), woken by a request that changed who
// an actor is (awaited before its answer leaves, server/events/request-hooks.ts), by the NOTIFY a committed emit
// sends (PostgreSQL: every process), at start-up, and by a poll that picks up events left by a process that died or
// by the operator CLI. The commit's wake-up also carries the write's effects on every process's team cache and live
// streams, applied here (server/events/effects.ts).
import fp from 'fastify-plugin';
import { Dispatcher, type EventConsumer } from './dispatcher';
import type { EffectTargets } from './effects';
import { applyCommitted } from './effects';
import { outboxWake } from './outbox';
import { addRequestHooks } from './request-hooks';

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
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** How often pending events are looked for without a wake-up (events of a crashed process, of the CLI on PGlite). */
export const OUTBOX_POLL_MS = 5_000;

export const eventsPlugin = fp(async (app) => {
  const targets: EffectTargets = {
    forgetActors: () => app.forgetActors(),
    makeStale: (teamId) => app.teamCache.invalidate(teamId),
    toStreams: (item) => app.live.toStreams(item),
  };
  const dispatcher = new Dispatcher(app.database, targets, app.log);

  app.decorate('outbox', {
    drain: dispatcher.drain,
    addConsumer: (consumer) => dispatcher.addConsumer(consumer),
    prune: dispatcher.prune,
  } satisfies Outbox);

  const unsubscribe = app.database.subscribe((payload) => {
    const wake = outboxWake(payload);
    if (!wake) return;
    // A write committed: its teams' answers are stale from now, and its live events go out, without waiting for
    // its events' dispatch (decision 027).
    void applyCommitted(targets, { teams: wake.teams, live: wake.live });
    dispatcher.woken(wake.ids);
  });
  // A wake-up may have been lost while the listener was away: look now rather than at the next poll.
  const unsubscribeGaps = app.database.subscribeGaps(() => void dispatcher.drain());
  const poll = setInterval(() => void dispatcher.drain(), OUTBOX_POLL_MS).unref();
  const prune = setInterval(() => void dispatcher.prune(), PRUNE_EVERY_MS).unref();
  app.addHook('onReady', async () => dispatcher.drain());
  app.addHook('onClose', async () => {
    clearInterval(poll);
    clearInterval(prune);
    unsubscribe();
    unsubscribeGaps();
    await dispatcher.close();
  });

  addRequestHooks(app, dispatcher, targets);
});

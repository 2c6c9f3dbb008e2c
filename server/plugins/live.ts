// Publishes team events through the database's fan-out (LISTEN/NOTIFY or in-process) and lets streams subscribe.
import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import { liveEventSchema, type LiveEvent } from '../../common/contracts/live';
import { z } from 'zod';
import type { Db } from '../db/client';
import { TeamCache } from '../lib/team-cache';
import { outboxWake } from '../lib/outbox';

/** `announced`: the outbox's events, whose commit's wake-up already made the team's answers stale. */
const envelope = z.object({ team: z.number(), event: liveEventSchema, announced: z.boolean().optional() });

type LiveItem = { teamId: number; event: LiveEvent };
const payloadOf = ({ teamId, event }: LiveItem, announced: boolean) =>
  JSON.stringify(announced ? { team: teamId, event, announced } : { team: teamId, event });

export interface Live {
  /** A change made outside the outbox: its team's answers are stale here at once, elsewhere at the notification. */
  publish(teamId: number, event: LiveEvent): Promise<void>;
  /**
   * The outbox's dispatched events, several teams' in one notification round trip. Their commit's wake-up made the
   * teams' answers stale already (decision 027): they only reach the streams.
   */
  publishDispatched(items: LiveItem[]): Promise<void>;
  /**
   * The same, sent in the dispatch's transaction `tx` and delivered at its commit, where the database can
   * (PostgreSQL). False where it cannot (PGlite): publishDispatched after the commit.
   */
  publishInTransaction(tx: Db, items: LiveItem[]): Promise<boolean>;
  /** Calls `fn` for each event of this team; returns the unsubscribe function. */
  subscribe(teamId: number, fn: (event: LiveEvent) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
    /** Per-team statistics cache, made stale by the team's changes (the commits' wake-ups) from any process. */
    teamCache: TeamCache;
  }
}

/**
 * How long a cached answer may live without an event of its team. Notifications are not lost while the listener is
 * connected, and when it comes back after a loss every answer is made stale (`subscribeGaps`), so this bounds what
 * nothing notifies: the clock (a period's window, "days since", overdue actions) and names from outside the team (a
 * member renaming themselves). Short, it only recomputed answers that had not changed: at 10 s, every 30 s poll of a
 * dashboard missed, and 200 quiet teams cost 80 recomputations a second (`npm run bench:load`, docs/performance.md).
 */
export const TEAM_CACHE_TTL_MS = 60_000;
/**
 * During a burst of writes a team's cached answers are recomputed at most once per this long (server/lib/
 * team-cache.ts), and live events reach dashboards this long after the change, when no answer from before it is
 * served any more: a dashboard sees a change within this plus its own refetch.
 */
export const TEAM_CACHE_STALE_MS = 300;

export const livePlugin = fp(async (app) => {
  const cache = new TeamCache(TEAM_CACHE_TTL_MS, TEAM_CACHE_STALE_MS);
  app.decorate('teamCache', cache);
  // One listener per process: each stream subscribes to its team here, not to every notification of every team.
  const streams = new EventEmitter().setMaxListeners(0);
  const pending = new Set<NodeJS.Timeout>();
  const unsubscribe = app.database.subscribe((payload) => {
    // A write committed: its teams' answers are stale from now, before its events are dispatched (decision 027).
    const wake = outboxWake(payload);
    if (wake) {
      for (const team of wake.teams) cache.invalidate(team);
      return;
    }
    const parsed = envelope.safeParse(JSON.parse(payload));
    if (!parsed.success) return;
    const { team, event, announced } = parsed.data;
    if (!announced) cache.invalidate(team);
    if (streams.listenerCount(String(team)) === 0) return;
    const timer = setTimeout(() => {
      pending.delete(timer);
      streams.emit(String(team), event);
    }, TEAM_CACHE_STALE_MS);
    pending.add(timer);
  });
  // Notifications sent while the listener was away never arrive: every team's answers are stale.
  const unsubscribeGaps = app.database.subscribeGaps(() => cache.invalidateAll());
  const sweeper = setInterval(() => cache.sweep(), TEAM_CACHE_TTL_MS).unref();
  app.addHook('onClose', async () => {
    unsubscribe();
    unsubscribeGaps();
    clearInterval(sweeper);
    for (const timer of pending) clearTimeout(timer);
  });

  async function publishInTransaction(tx: Db, items: LiveItem[]): Promise<boolean> {
    const send = app.database.publishInTransaction;
    if (!send) return false;
    // A failure here fails the transaction: the outbox dispatches its events again.
    await send(
      tx,
      items.map((item) => payloadOf(item, true)),
    );
    return true;
  }

  async function publishAll(items: LiveItem[], announced: boolean): Promise<void> {
    try {
      await app.database.publish(...items.map((item) => payloadOf(item, announced)));
    } catch (error) {
      // A lost live event must not fail the write that caused it; dashboards also refresh every 30 s.
      app.log.warn({ err: error }, 'live event not published');
    }
  }

  app.decorate('live', {
    publish: async (teamId, event) => {
      // This process's answers are stale at once; others' when the notification reaches them.
      cache.invalidate(teamId);
      await publishAll([{ teamId, event }], false);
    },
    publishDispatched: (items) => publishAll(items, true),
    publishInTransaction,
    subscribe(teamId, fn) {
      streams.on(String(teamId), fn);
      return () => streams.off(String(teamId), fn);
    },
  } satisfies Live);
});

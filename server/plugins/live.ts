// Publishes team events through the database's fan-out (LISTEN/NOTIFY or in-process) and lets streams subscribe.
import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import { liveEventSchema, type LiveEvent } from '../../common/contracts/live';
import { z } from 'zod';
import type { Db } from '../db/client';
import { TeamCache } from '../lib/team-cache';

const envelope = z.object({ team: z.number(), event: liveEventSchema });

type LiveItem = { teamId: number; event: LiveEvent };
const payloadOf = ({ teamId, event }: LiveItem) => JSON.stringify({ team: teamId, event });

export interface Live {
  publish(teamId: number, event: LiveEvent): Promise<void>;
  /** Several teams' events in one notification round trip (the outbox dispatches them by the batch). */
  publishAll(items: LiveItem[]): Promise<void>;
  /**
   * Sends them in the transaction `tx`, delivered at its commit, where the database can (PostgreSQL); then
   * `published` must be called after the commit. False where it cannot (PGlite): publishAll after the commit.
   */
  publishInTransaction(tx: Db, items: LiveItem[]): Promise<boolean>;
  /** After the commit of publishInTransaction: this process's answers are stale at once, not at the notification. */
  published(items: LiveItem[]): void;
  /** Calls `fn` for each event of this team; returns the unsubscribe function. */
  subscribe(teamId: number, fn: (event: LiveEvent) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
    /** Per-team statistics cache, made stale by the team's live events from any process. */
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
    const parsed = envelope.safeParse(JSON.parse(payload));
    if (!parsed.success) return;
    const { team, event } = parsed.data;
    cache.invalidate(team);
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

  // This process's answers are stale at once; others' when the notification reaches them.
  const published = (items: LiveItem[]) => {
    for (const { teamId } of items) cache.invalidate(teamId);
  };

  async function publishInTransaction(tx: Db, items: LiveItem[]): Promise<boolean> {
    const send = app.database.publishInTransaction;
    if (!send) return false;
    // A failure here fails the transaction: the outbox dispatches its events again.
    await send(tx, items.map(payloadOf));
    return true;
  }

  async function publishAll(items: LiveItem[]): Promise<void> {
    published(items);
    try {
      await app.database.publish(...items.map(payloadOf));
    } catch (error) {
      // A lost live event must not fail the write that caused it; dashboards also refresh every 30 s.
      app.log.warn({ err: error }, 'live event not published');
    }
  }

  app.decorate('live', {
    publish: (teamId, event) => publishAll([{ teamId, event }]),
    publishAll,
    publishInTransaction,
    published,
    subscribe(teamId, fn) {
      streams.on(String(teamId), fn);
      return () => streams.off(String(teamId), fn);
    },
  } satisfies Live);
});

// Live streams: each stream of a team subscribes here, and hears the live events that committed writes cause
// (server/events/effects.ts) once no answer from before them is served any more.
import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import type { LiveEvent } from '../../common/contracts/live';
import { TeamCache } from '../lib/team-cache';
import type { LiveItem } from '../events/effects';

export interface Live {
  /** Hands a live event to this process's streams of its team, TEAM_CACHE_STALE_MS from now. */
  toStreams(item: LiveItem): void;
  /** Calls `fn` for each event of this team; returns the unsubscribe function. */
  subscribe(teamId: number, fn: (event: LiveEvent) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
    /** Per-team statistics cache, made stale by the team's changes (server/events/effects.ts) from any process. */
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

/**
 * How many cached answers a process keeps, all teams together. Searches and list pages are cached too, and their
 * keys come from what users type. A page of 20 of the load benchmark's incidents is 21.5 KB with its gzip, so 5,000
 * of them take about 110 MB (longer descriptions make pages larger), while its many-teams load (about 200 teams read
 * at once, 12 keys each) asks for about 2,400.
 */
export const TEAM_CACHE_MAX_ENTRIES = 5_000;

export const livePlugin = fp(async (app) => {
  const cache = new TeamCache(TEAM_CACHE_TTL_MS, TEAM_CACHE_STALE_MS, TEAM_CACHE_MAX_ENTRIES);
  app.decorate('teamCache', cache);
  // One listener per process: each stream subscribes to its team here, not to every notification of every team.
  const streams = new EventEmitter().setMaxListeners(0);
  const pending = new Set<NodeJS.Timeout>();
  /** Streams hear a change once no answer from before it is served any more. */
  function toStreams({ team, event }: LiveItem): void {
    if (streams.listenerCount(String(team)) === 0) return;
    const timer = setTimeout(() => {
      pending.delete(timer);
      streams.emit(String(team), event);
    }, TEAM_CACHE_STALE_MS);
    pending.add(timer);
  }
  // Notifications sent while the listener was away never arrive: every team's answers are stale.
  const unsubscribeGaps = app.database.subscribeGaps(() => cache.invalidateAll());
  const sweeper = setInterval(() => cache.sweep(), TEAM_CACHE_TTL_MS).unref();
  app.addHook('onClose', async () => {
    unsubscribeGaps();
    clearInterval(sweeper);
    for (const timer of pending) clearTimeout(timer);
  });

  app.decorate('live', {
    toStreams,
    subscribe(teamId, fn) {
      streams.on(String(teamId), fn);
      return () => streams.off(String(teamId), fn);
    },
  } satisfies Live);
});

// Publishes team events through the database's fan-out (LISTEN/NOTIFY or in-process) and lets streams subscribe.
import fp from 'fastify-plugin';
import { liveEventSchema, type LiveEvent } from '../../common/contracts/live';
import { z } from 'zod';
import { TeamCache } from '../lib/team-cache';

const envelope = z.object({ team: z.number(), event: liveEventSchema });

export interface Live {
  publish(teamId: number, event: LiveEvent): Promise<void>;
  /** Calls `fn` for each event of this team; returns the unsubscribe function. */
  subscribe(teamId: number, fn: (event: LiveEvent) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
    /** Per-team statistics cache, emptied by the team's live events from any process. */
    teamCache: TeamCache;
  }
}

/** How long a cached statistic may live without an event; a lost NOTIFY costs at most this much staleness. */
export const TEAM_CACHE_TTL_MS = 10_000;

export const livePlugin = fp(async (app) => {
  const cache = new TeamCache(TEAM_CACHE_TTL_MS);
  app.decorate('teamCache', cache);
  const unsubscribe = app.database.subscribe((payload) => {
    const parsed = envelope.safeParse(JSON.parse(payload));
    if (parsed.success) cache.invalidate(parsed.data.team);
  });
  const sweeper = setInterval(() => cache.sweep(), TEAM_CACHE_TTL_MS * 6).unref();
  app.addHook('onClose', async () => {
    unsubscribe();
    clearInterval(sweeper);
  });

  app.decorate('live', {
    async publish(teamId, event) {
      // This process forgets at once; others forget when the notification reaches them.
      cache.invalidate(teamId);
      try {
        await app.database.publish(JSON.stringify({ team: teamId, event }));
      } catch (error) {
        // A lost live event must not fail the write that caused it; dashboards also refresh every 30 s.
        app.log.warn({ err: error }, 'live event not published');
      }
    },
    subscribe(teamId, fn) {
      return app.database.subscribe((payload) => {
        const parsed = envelope.safeParse(JSON.parse(payload));
        if (parsed.success && parsed.data.team === teamId) fn(parsed.data.event);
      });
    },
  } satisfies Live);
});

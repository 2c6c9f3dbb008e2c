// The team cache (decision 009): routes declare what they keep in their options, `config: { teamCache: { key } }`,
// and the one hook here serves and keeps their answers; services never see the cache. A team's answers are made
// stale by its events (server/events/effects.ts); how fresh they are is server/cache/freshness.ts.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireTeamActor } from '../plugins/auth';
import { cachedBody, jsonBytes, sendCachedBody } from './cached-json';
import { actorCredential, TEAM_CACHE_MAX_ENTRIES, TEAM_CACHE_STALE_MS, TEAM_CACHE_TTL_MS } from './freshness';
import { TeamCache } from './team-cache';
import { withTeamReads } from './team-reads';

/** What a route keeps in its team's cache. */
export interface TeamCacheRoute {
  /**
   * The key of the route's answer among its team's; null keeps this request's answer nowhere. Without a key no
   * answer is kept whole, and the route only reads team values through the cache (server/cache/team-reads.ts).
   * A key must name every parameter the answer depends on.
   */
  key?: (request: FastifyRequest) => string | null;
  /**
   * The answer as JSON bytes, when the route makes them itself (list pages cut from other kept bytes); otherwise
   * the handler's answer, serialised once with the route's 200 response schema.
   */
  json?: (request: FastifyRequest) => Promise<Buffer>;
  /** A shorter lifetime, for an answer that also depends on what the team's events do not announce. */
  maxAgeMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-team cache of answers, made stale by the team's changes (server/events/effects.ts) from any process. */
    teamCache: TeamCache;
  }
  interface FastifyContextConfig {
    /** What the route keeps in the team cache (server/cache/plugin.ts). */
    teamCache?: TeamCacheRoute;
  }
}

export const teamCachePlugin = fp(async (app) => {
  const cache = new TeamCache(TEAM_CACHE_TTL_MS, TEAM_CACHE_STALE_MS, TEAM_CACHE_MAX_ENTRIES);
  app.decorate('teamCache', cache);
  // Notifications sent while the listener was away never arrive: every team's answers are stale.
  const unsubscribeGaps = app.database.subscribeGaps(() => cache.invalidateAll());
  const sweeper = setInterval(() => cache.sweep(), TEAM_CACHE_TTL_MS).unref();
  app.addHook('onClose', async () => {
    unsubscribeGaps();
    clearInterval(sweeper);
  });

  // The one hook: a route that declares `teamCache` runs through the cache. (A GET's HEAD route comes with the
  // GET's handler, already wrapped.)
  const wrapped = new WeakSet<object>();
  app.addHook('onRoute', (route) => {
    const declared = route.config?.teamCache;
    if (!declared || wrapped.has(route.handler)) return;
    const handler = route.handler as (
      this: FastifyInstance,
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<unknown>;
    const schema = (route.schema?.response as Record<number, z.ZodType> | undefined)?.[200];
    if (declared.key && !declared.json && !schema) {
      throw new Error(`${route.url}: a kept answer needs a 200 response schema`);
    }
    route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      // Kept answers are the caller's team's: a caller without one is refused first, as the route would.
      const actor = declared.key ? requireTeamActor(request) : null;
      const key = declared.key?.(request) ?? null;
      if (actor === null || key === null) {
        return withTeamReads(cache, request, () => handler.call(this, request, reply));
      }
      const made = declared.json;
      const json = made
        ? () => made(request)
        : async () => jsonBytes(schema!, await handler.call(this, request, reply));
      // Only a computation reads team values (a hit needs no scope).
      const compute = () => withTeamReads(cache, request, async () => cachedBody(await json()));
      return cache
        .get(actor.teamId, key, compute, actorCredential(actor), declared.maxAgeMs)
        .then((body) => sendCachedBody(request, reply, body));
    };
    wrapped.add(route.handler);
  });
});

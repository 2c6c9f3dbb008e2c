// Team-wide values read through the team cache from inside a route's work (the team's total, a filter's match count,
// the list's head): a service asks for a value by its key and gets it, kept or computed, without seeing the cache.
// The cache plugin (server/cache/plugin.ts) opens this scope for the routes that declare `config.teamCache`;
// anywhere else the value is simply computed.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import { actorCredential } from './freshness';
import type { TeamCache } from './team-cache';

interface Scope {
  cache: TeamCache;
  request: FastifyRequest;
}
const scope = new AsyncLocalStorage<Scope>();

/** Runs `work` (a route's handler) so that the team values it reads go through `cache`. */
export function withTeamReads<T>(cache: TeamCache, request: FastifyRequest, work: () => T): T {
  return scope.run({ cache, request }, work);
}

/**
 * The caller's team's value for `key`: kept (as old as the answer it goes into, server/cache/team-cache.ts) or
 * computed, under the same freshness rules as whole answers (server/cache/freshness.ts).
 */
export function teamCached<T>(key: string, compute: () => PromiseLike<T>): Promise<T> {
  const current = scope.getStore();
  const actor = current?.request.actor;
  if (!current || !actor?.teamId) return Promise.resolve(compute());
  return current.cache.get(actor.teamId, key, compute, actorCredential(actor));
}

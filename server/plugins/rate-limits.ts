// Request limits per signed-in user (per client address for anonymous calls), on top of the sign-in and e-mail
// throttles: writes, and the reads that cost the most (searches and exports). Counted in each process's memory
// (docs/decisions/011-rate-limits.md). Over the limit: 429 with Retry-After and an { error } body.
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Reads limited whatever their query: searches by nature, the exports, and the public unsubscribe link (a write). */
const COSTLY_READS = new Set([
  '/api/oops/similar',
  '/api/oops/export.csv',
  '/api/oops/:id/export.md',
  '/api/unsubscribe',
]);

export const RATE_LIMIT_MESSAGE = (after: string) => `Too many requests. Try again in ${after}.`;

type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

function limitedAs(request: FastifyRequest): 'write' | 'read' | null {
  if (!request.url.startsWith('/api/')) return null;
  if (WRITE_METHODS.has(request.method)) return 'write';
  const query = request.query as { search?: unknown } | undefined;
  const searching = typeof query?.search === 'string' && query.search.trim() !== '';
  return searching || COSTLY_READS.has(request.routeOptions.url ?? '') ? 'read' : null;
}

const who = (request: FastifyRequest) =>
  request.actor ? `user:${request.actor.userId}` : `ip:${request.ip}`;

export const rateLimitsPlugin = fp<{ config: Config }>(async (app, { config }) => {
  const { writesPerMinute, readsPerMinute } = config.rateLimits;
  await app.register(rateLimit, {
    global: false,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) =>
      new AppError('too_many_requests', RATE_LIMIT_MESSAGE(context.after)),
  });
  // 0 turns a limit off (benchmarks measure the server, not the limiter).
  const limiter = (max: number, prefix: string): Limiter | null =>
    max > 0 ? app.rateLimit({ max, keyGenerator: (request) => `${prefix}:${who(request)}` }) : null;
  const limiters = { write: limiter(writesPerMinute, 'write'), read: limiter(readsPerMinute, 'read') };

  // After authentication (onRequest) and validation, so the key is the user and malformed calls are not counted.
  app.addHook('preHandler', async (request, reply) => {
    const kind = limitedAs(request);
    const limit = kind ? limiters[kind] : null;
    if (limit) await limit(request, reply);
  });
});

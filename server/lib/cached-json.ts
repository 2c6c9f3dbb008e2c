// Answers a team statistic or list from the per-team cache as JSON serialised once per change, so a wall of
// dashboards polling the same team costs one computation and one serialisation, not one each (decision 009).
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { actorCredential, type TeamCache } from './team-cache';

/** Below this a gzip member costs more than it saves. */
const GZIP_MIN_BYTES = 1024;
/** On libuv's thread pool, not the event loop: gzipSync was 1.5–3 % of the app's CPU under the load benchmark. */
const gzip = promisify(gzipCallback);

interface CachedBody {
  json: Buffer;
  /** The same bytes gzipped, for clients that accept it (every browser); null for small bodies. */
  gzip: Buffer | null;
}

/** True when the Accept-Encoding header allows gzip (present, and not with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * `value` as the route's response serializer would send it, as bytes: parsed with the response schema (unknown keys
 * dropped, shapes checked) and encoded once.
 */
export function jsonBytes<S extends z.ZodType>(schema: S, value: z.input<S>): Buffer {
  return Buffer.from(JSON.stringify(schema.parse(value)));
}

export function sendTeamCachedJson<S extends z.ZodType>(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: TeamCache,
  teamId: number,
  key: string,
  schema: S,
  compute: () => Promise<z.input<S>>,
  maxAgeMs?: number,
): Promise<FastifyReply> {
  return sendTeamCachedBody(
    request,
    reply,
    cache,
    teamId,
    key,
    async () => jsonBytes(schema, await compute()),
    maxAgeMs,
  );
}

/**
 * The same for an answer computed as JSON bytes already (`jsonBytes`, or cut from other kept bytes, as list pages
 * are: list-head.ts).
 */
export async function sendTeamCachedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: TeamCache,
  teamId: number,
  key: string,
  computeJson: () => Promise<Buffer>,
  maxAgeMs?: number,
): Promise<FastifyReply> {
  const reader = request.actor ? actorCredential(request.actor) : undefined;
  const body = await cache.get(
    teamId,
    key,
    async (): Promise<CachedBody> => {
      // Kept as bytes: a 100-incident list is ~90 KB, too much to encode again on every call.
      const json = await computeJson();
      return { json, gzip: json.length >= GZIP_MIN_BYTES ? await gzip(json) : null };
    },
    reader,
    maxAgeMs,
  );
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  // Buffers are sent as they are, without the response serializer running again.
  if (body.gzip && acceptsGzip(request.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(body.gzip);
  }
  return reply.send(body.json);
}

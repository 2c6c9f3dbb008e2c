// A team's kept answer as bytes: JSON serialised once per change (gzipped when large), sent as it is, so a wall of
// dashboards polling the same team costs one computation and one serialisation, not one each (decision 009).
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** Below this a gzip member costs more than it saves. */
const GZIP_MIN_BYTES = 1024;
/**
 * zlib's fast level, on the event loop, once per change of an answer: a 20-row page (20 KB) in 0.03 ms and the
 * 100-row list (99 KB) in 0.08 ms, 5-10 % larger than at the default level 6, which took three times as long. On
 * libuv's thread pool each body cost the loop as much as this in waking a pool thread, which then took a core from
 * the loop on a busy machine (decision 009).
 */
const GZIP_OPTIONS = { level: 3 };

/**
 * `bytes` in memory of their own: what a cache keeps must not hold a larger block alive. Node cuts small buffers
 * from shared 8 KB blocks, and gzipSync answers a slice of its 16 KB output block, so a kept 1 KB answer could pin
 * 8 or 16 KB (under the many-teams load, tens of megabytes of peak RSS).
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/**
 * A kept answer: small ones as JSON, larger ones gzipped only. Every browser takes gzip, and the JSON of a large
 * answer is made again from its gzip for a client that does not (0.1 ms for the 100-row list): a page kept twice
 * was five times its gzip in memory, and under the many-teams load the answers replaced after each write were most
 * of the server's memory outside the JavaScript heap (decision 009).
 */
export type CachedBody = { json: Buffer; gzip?: never } | { gzip: Buffer; json?: never };

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

/** A kept body for an answer's JSON: small ones as they are, larger ones gzipped only. */
export function cachedBody(json: Buffer): CachedBody {
  // Kept as bytes: a 100-incident list is ~90 KB, too much to encode again on every call.
  return json.length >= GZIP_MIN_BYTES
    ? { gzip: ownBytes(gzipSync(json, GZIP_OPTIONS)) }
    : { json: ownBytes(json) };
}

/** Sends a kept body: gzipped to a client that takes gzip, JSON otherwise. */
export function sendCachedBody(request: FastifyRequest, reply: FastifyReply, body: CachedBody): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  // Buffers are sent as they are, without the response serializer running again.
  if (!body.gzip) return reply.send(body.json);
  if (acceptsGzip(request.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(body.gzip);
  }
  return reply.send(gunzipSync(body.gzip));
}

// Idempotency-Key on creates (decision 031; the IETF httpapi "Idempotency-Key HTTP Header Field" draft). A route
// opts in with `config: { idempotent: true }`. The first request with a key reserves it for its caller; its answer
// (2xx only: an error created nothing, so running again is safe) is kept for 24 hours. A retry with the same key and
// the same request gets that answer again (header Idempotent-Replayed: true) and creates nothing; the same key with
// another request is a 422; a retry while the first request still runs is a 409.
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { errorBody } from '../../common/contracts/common';
import { idempotencyKeys } from '../db/schema';
import { secretBoxFor } from '../lib/secret-box';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accepts an Idempotency-Key header: a retry with the same key replays the first answer. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request reserved; its answer is stored when it is sent. */
    idempotencyReservation?: { principal: string; key: string };
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A reservation whose request never answered (its process died) is given up after this long. */
export const IDEMPOTENCY_LEASE_MS = 5 * 60 * 1000;
const KEY_MAX = 255;

/** The key as sent: a Structured Fields string ("…") per the draft, or bare text; visible ASCII only. */
export function parseIdempotencyKey(header: string): string | null {
  const text =
    header.startsWith('"') && header.endsWith('"') && header.length >= 2 ? header.slice(1, -1) : header;
  return text.length >= 1 && text.length <= KEY_MAX && /^[\x21-\x7e]+$/.test(text) ? text : null;
}

const keyHeader = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .max(KEY_MAX + 2)
    .optional()
    .describe(
      'A unique value (a UUID) per create. A retry with the same key and body returns the first answer ' +
        '(Idempotent-Replayed: true) and creates nothing; the same key with another body is a 422. Kept 24 hours.',
    ),
});

function refuse(reply: FastifyReply, status: number, error: string, code: string) {
  return reply.status(status).send({ error, code });
}

export const idempotencyPlugin = fp(async (app) => {
  // Documents the header and the two answers on every route that opts in (the routes are registered after this).
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    route.schema = {
      ...route.schema,
      headers: keyHeader,
      response: {
        409: errorBody,
        422: errorBody,
        ...(route.schema?.response as Record<number, unknown> | undefined),
      },
    };
  });

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config.idempotent) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const key = typeof header === 'string' ? parseIdempotencyKey(header) : null;
    if (!key) {
      return refuse(
        reply,
        400,
        `Idempotency-Key must be 1 to ${KEY_MAX} visible ASCII characters (a UUID is best).`,
        'bad_request',
      );
    }
    const actor = request.actor;
    if (!actor) return;
    const principal = actor.tokenId ? `token:${actor.tokenId}` : `user:${actor.userId}`;
    const fingerprint = createHash('sha256')
      .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    const now = new Date();
    // Expired keys of this caller go first (the primary key's prefix finds them), and with them a reservation
    // whose request died without answering.
    await app.db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.principal, principal),
          or(
            lt(idempotencyKeys.expiresAt, now),
            and(
              isNull(idempotencyKeys.status),
              lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_LEASE_MS)),
            ),
          ),
        ),
      );
    const reserved = await app.db
      .insert(idempotencyKeys)
      .values({ principal, key, fingerprint, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (reserved.length) {
      request.idempotencyReservation = { principal, key };
      return;
    }
    const [first] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key)));
    if (!first) {
      // Given up between the insert and this read: the client may simply retry.
      return refuse(reply, 409, 'This Idempotency-Key was just released; retry the request.', 'conflict');
    }
    if (first.fingerprint !== fingerprint) {
      return refuse(
        reply,
        422,
        'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
        'idempotency_key_reused',
      );
    }
    if (first.status === null || first.response === null) {
      void reply.header('retry-after', '1');
      return refuse(
        reply,
        409,
        'A request with this Idempotency-Key is still being processed. Retry once it has answered.',
        'idempotency_key_in_use',
      );
    }
    return reply
      .status(first.status)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(secretBoxFor(app.config).open(first.response));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const reservation = request.idempotencyReservation;
    if (!reservation) return payload;
    request.idempotencyReservation = undefined;
    const where = and(
      eq(idempotencyKeys.principal, reservation.principal),
      eq(idempotencyKeys.key, reservation.key),
    );
    const status = reply.statusCode;
    if (status >= 200 && status < 300 && typeof payload === 'string') {
      await app.db
        .update(idempotencyKeys)
        .set({ status, response: secretBoxFor(app.config).seal(payload) })
        .where(where);
    } else {
      // Nothing was created (or the answer cannot be kept): the key is free for a retry.
      await app.db.delete(idempotencyKeys).where(where);
    }
    return payload;
  });
});

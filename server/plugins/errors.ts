// One error handler: every error body is { error, code? }; 5xx bodies never carry internals.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../common/domain/messages';
import { AppError } from '../lib/errors';
import { DATABASE_BUSY_RETRY_AFTER_SECONDS, databaseBusy, databaseUnreachable } from '../lib/db-errors';

interface ValidationIssue {
  message?: string;
  instancePath?: string;
  params?: { issue?: { path?: PropertyKey[]; code?: string; keys?: string[] } };
}

/** Turns the first validation issue into one readable sentence, naming the field when zod's message does not. */
function describeValidation(issues: ValidationIssue[]): string {
  const first = issues[0];
  if (!first) return 'Invalid request.';
  const issue = first.params?.issue;
  if (issue?.code === 'unrecognized_keys' && issue.keys?.length) {
    return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`;
  }
  const field = (issue?.path ?? []).map(String).join('.') || first.instancePath?.replace(/^\//, '') || '';
  const message = first.message ?? 'Invalid value.';
  // zod's built-in messages ("Invalid input: expected string, received number") do not name the field.
  return /^(Invalid|Too |Expected)/.test(message) && field ? `${field}: ${message}` : message;
}

/** 503 with Retry-After: the database cannot answer now, and a later try may well succeed. */
function comeBackLater(reply: FastifyReply, error: string): FastifyReply {
  return reply
    .status(503)
    .header('retry-after', String(DATABASE_BUSY_RETRY_AFTER_SECONDS))
    .send({ error, code: 'unavailable' });
}

export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ error: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validationContext === 'body' && request.body === undefined) {
        return reply.status(400).send({ error: MESSAGES.missingBody, code: 'bad_request' });
      }
      return reply.status(400).send({ error: describeValidation(error.validation), code: 'bad_request' });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its contract');
      return reply.status(500).send({ error: MESSAGES.internal, code: 'internal' });
    }
    const busy = databaseBusy(error);
    if (busy) {
      // An overloaded database is not a bug: one warning, without the error itself (drizzle's message carries the
      // statement's parameters, which may be personal data), and an answer that tells the client to come back.
      request.log.warn({ reason: busy, route: request.routeOptions.url }, 'database busy: answered 503');
      return comeBackLater(reply, MESSAGES.databaseBusy);
    }
    const unreachable = databaseUnreachable(error);
    if (unreachable) {
      // Nor is a database that went away (a failover, a restart, refused connections): the same answer, and the
      // same warning naming the failure's code (decision 028).
      request.log.warn(
        { reason: 'unreachable', code: unreachable, route: request.routeOptions.url },
        'database unreachable: answered 503',
      );
      return comeBackLater(reply, MESSAGES.databaseUnavailable);
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ error: MESSAGES.malformedJson, code: 'bad_request' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ error: MESSAGES.bodyTooLarge, code: 'payload_too_large' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply
          .status(415)
          .send({ error: 'Send the request body as application/json.', code: 'unsupported_media_type' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (rate limit, bad content length, …): keep its status, give a readable text.
      return reply
        .status(status)
        .send({ error: error.message || 'Bad request.', code: error.code ?? 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: MESSAGES.internal, code: 'internal' });
  });
});

// Errors Fastify's router raises before a route (and its error handler) is chosen: a URL that does not decode and a
// path parameter past the router's length limit. Fastify's own answer is neither the { error, code } body of every
// other error nor a documented status; both are a bad parameter, a 400 (decision 031).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A value in the path is too long.'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The path is not valid percent-encoded UTF-8.'
        : 'Bad request.';
  void reply.status(400).send({ error: message, code: 'bad_request' });
}

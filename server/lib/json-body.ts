// The API's JSON body parser: Fastify's own (with its prototype-poisoning protection), except that an empty body is
// no body. docs/product.md §7 sends logout and refresh-presentation with a JSON content type and nothing after it; Fastify would
// refuse those with FST_ERR_CTP_EMPTY_JSON_BODY, and the session would survive a logout.
import type { FastifyInstance } from 'fastify';

export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}

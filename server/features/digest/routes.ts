// The weekly digest (decision 021): its job on the engine, and GET/POST /api/unsubscribe, the
// one-click unsubscribe of RFC 8058 that the digest and the action reminders carry in List-Unsubscribe.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../common/contracts/common';
import { unsubscribeQuery, unsubscribeResponse } from '../../../common/contracts/digest';
import type { Config } from '../../config';
import { mailJobDeps } from '../../lib/mail-jobs';
import { createUnsubscribeLinks } from '../../lib/unsubscribe-tokens';
import { sendWeeklyDigests } from './send';
import { unsubscribeByToken } from './unsubscribe';

const tags = ['digest'];
const schema = {
  tags,
  querystring: unsubscribeQuery,
  response: { 200: unsubscribeResponse, 400: errorBody, 415: errorBody, 429: errorBody },
};

/** Mail clients POST `List-Unsubscribe=One-Click` as a form (RFC 8058); the token in the URL is all that counts. */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const FORM_BODY_LIMIT = 1024;

// Registered without fastify-plugin: the form parsers below stay inside this plugin's routes.
export async function digestRoutes(base: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const links = createUnsubscribeLinks(config);
  await startDigests(base, config);
  app.addContentTypeParser(
    FORM_TYPES,
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_req, _body, done) => done(null, undefined),
  );

  // GET too: the issue lists it, and a client without RFC 8058 opens the header's URL. Idempotent and reversible.
  app.get('/api/unsubscribe', { config: { public: true }, schema }, async (request) =>
    unsubscribeByToken(app.db, links, request.query.token),
  );
  app.post('/api/unsubscribe', { config: { public: true }, schema }, async (request) =>
    unsubscribeByToken(app.db, links, request.query.token),
  );
}

/** Digests run on the job engine: a cron tick creates one job, which any process's worker runs. */
async function startDigests(app: FastifyInstance, config: Config): Promise<void> {
  if (config.digestCron === null) return;
  const deps = mailJobDeps(app, config);
  await app.jobs.work('digest.send', async () => {
    const sent = await sendWeeklyDigests(deps);
    if (sent > 0) app.log.info({ sent }, 'weekly digests sent');
  });
  await app.jobs.schedule('digest.send', config.digestCron);
}

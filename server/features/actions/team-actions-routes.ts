// GET /api/actions (mine, or the team's for owners and admins), POST /api/actions/{id}/done and the answer to
// "Did it hold?", POST /api/actions/{id}/verification (decision 048).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  actionLinkBody,
  actionLinkResponse,
  teamActionParams,
  teamActionSchema,
  teamActionsQuery,
  teamActionsResponse,
  verificationAnswerBody,
} from '../../../common/contracts/actions';
import { errorBody } from '../../../common/contracts/common';
import type { Config } from '../../config';
import { mailJobDeps } from '../../lib/mail-jobs';
import { requireTeamActor } from '../../plugins/auth';
import { sendActionReminders } from './action-reminders';
import { answerVerification } from './verification';
import { feedbackDeps, notifyReporterOfVerification } from '../triage';
import { sendVerificationPrompts } from './verification-prompts';
import {
  completeActionByLink,
  completeTeamAction,
  listTeamActions,
  type ActionsContext,
} from './team-actions';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  410: errorBody,
};
const tags = ['actions'];

export async function teamActionRoutes(base: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await startActionReminders(base, config);
  const ctx = (request: FastifyRequest): ActionsContext => ({ db: app.db, actor: requireTeamActor(request) });

  app.get(
    '/api/actions',
    { schema: { tags, querystring: teamActionsQuery, response: { 200: teamActionsResponse, ...errors } } },
    async (request) => listTeamActions(ctx(request), request.query),
  );
  app.post(
    '/api/actions/:id/done',
    { schema: { tags, params: teamActionParams, response: { 200: teamActionSchema, ...errors } } },
    async (request) => completeTeamAction(ctx(request), request.params.id),
  );
  app.post(
    '/api/actions/:id/verification',
    {
      schema: {
        tags,
        params: teamActionParams,
        body: verificationAnswerBody,
        response: { 200: teamActionSchema, ...errors },
      },
    },
    async (request) => {
      const action = await answerVerification(ctx(request), request.params.id, request.body);
      // A fix that came from a near-miss's triage: its reporter hears whether it held (decision 049). The answer is
      // kept whatever happens to that e-mail.
      try {
        await notifyReporterOfVerification(
          feedbackDeps(app),
          request.params.id,
          request.body.held ? 'effective' : 'not_effective',
        );
      } catch (error) {
        request.log.warn({ err: error }, 'The reporter could not be told how the fix was verified.');
      }
      return action;
    },
  );
  app.post(
    '/api/actions/done-by-link',
    {
      // The reminder's link is the credential: no session (the global write rate limit still applies).
      config: { public: true },
      schema: { tags, body: actionLinkBody, response: { 200: actionLinkResponse, ...errors } },
    },
    async (request) => completeActionByLink(app.db, request.body.token),
  );
}

/**
 * Reminders and "Did it hold?" run on the job engine, on the reminders' schedule: a cron tick creates one job of
 * each queue, which any process's worker runs.
 */
async function startActionReminders(app: FastifyInstance, config: Config): Promise<void> {
  if (config.actionRemindersCron === null) return;
  const deps = mailJobDeps(app, config);
  await app.jobs.work('actions.remind', async () => {
    const sent = await sendActionReminders(deps);
    if (sent > 0) app.log.info({ sent }, 'action reminders sent');
  });
  await app.jobs.work('actions.verify', async () => {
    const sent = await sendVerificationPrompts(deps);
    if (sent > 0) app.log.info({ sent }, 'verification prompts sent');
  });
  await app.jobs.schedule('actions.remind', config.actionRemindersCron);
  await app.jobs.schedule('actions.verify', config.actionRemindersCron);
}

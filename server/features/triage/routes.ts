// Triage of near-misses and learning moments (decision 049): the owners' and admins' queue and outcomes, and the
// feedback every reporter reads on their own reports.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../common/contracts/common';
import {
  feedbackResponse,
  triageBody,
  triageParams,
  triageQueueResponse,
  triageSchema,
} from '../../../common/contracts/triage';
import { requireTeamActor } from '../../plugins/auth';
import { confidentialKeyFor } from '../confidential';
import { feedbackDeps } from './feedback-mail';
import { listFeedback } from './feedback';
import { listTriageQueue } from './queue';
import { assertTriager, triageReport, type TriageContext } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['triage'];

export async function triageRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): TriageContext => ({ db: app.db, actor: requireTeamActor(request) });
  const feedback = feedbackDeps(app);
  app.get(
    '/api/triage/queue',
    {
      // Team data: a read token may list, a write token may triage (server/lib/token-scopes.ts).
      config: { tokenScope: 'read' },
      schema: {
        tags,
        summary: 'Reports waiting for triage (owners and admins)',
        description:
          'The near-misses and learning moments without an outcome, oldest first (at most 100), and how many wait in all.',
        response: { 200: triageQueueResponse, ...errors },
      },
    },
    async (request) => {
      const { db, actor } = ctx(request);
      assertTriager(actor);
      return listTriageQueue(db, actor);
    },
  );
  app.post(
    '/api/triage/:id',
    {
      config: { tokenScope: 'write' },
      schema: {
        tags,
        summary: 'Triage a report (owners and admins)',
        description:
          'Records a just-culture outcome with a note; "needs_fix" creates a follow-up action (owned by action_owner_id, ' +
          'else the caller). The reporter is told by e-mail and in the app, a confidential one without being named.',
        params: triageParams,
        body: triageBody,
        response: { 200: triageSchema, ...errors },
      },
    },
    async (request) => triageReport(ctx(request), feedback, request.params.id, request.body),
  );
  app.get(
    '/api/triage/feedback',
    {
      config: { tokenScope: 'read' },
      schema: {
        tags,
        summary: "Outcomes of the caller's own reports",
        description:
          "The triage outcomes of the caller's near-misses and learning moments of the last 90 days (confidential ones " +
          'included, recognised by their keyed hash), newest first, with the fix and its verification.',
        response: { 200: feedbackResponse, ...errors },
      },
    },
    async (request) => listFeedback(app.db, confidentialKeyFor(app.config), requireTeamActor(request)),
  );
}

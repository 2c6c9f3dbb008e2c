// GET /api/actions (mine, or the team's for owners and admins) and POST /api/actions/{id}/done (issue 13).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  teamActionParams,
  teamActionSchema,
  teamActionsQuery,
  teamActionsResponse,
} from '../../../common/contracts/actions';
import { errorBody } from '../../../common/contracts/common';
import { requireTeamActor } from '../../plugins/auth';
import { completeTeamAction, listTeamActions, type ActionsContext } from './team-actions';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['actions'];

export async function teamActionRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
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
}

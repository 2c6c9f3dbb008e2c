// /api/saved-views: the signed-in user's saved views of the log in their current team (decision 041). Session-only,
// like the user's other preferences (server/lib/token-scopes.ts): a script has no use for another screen's views.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, idParam } from '../../../common/contracts/common';
import {
  createSavedViewBody,
  deleteSavedViewResponse,
  renameSavedViewBody,
  savedViewSchema,
  savedViewsResponse,
} from '../../../common/contracts/saved-views';
import { requireTeamActor } from '../../plugins/auth';
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  renameSavedView,
  type SavedViewsContext,
} from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['saved-views'];

export async function savedViewRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): SavedViewsContext => ({
    db: app.db,
    actor: requireTeamActor(request),
  });
  const session = { tokenScope: 'session' as const };

  app.get(
    '/api/saved-views',
    { config: session, schema: { tags, response: { 200: savedViewsResponse, ...errors } } },
    async (request) => ({ views: await listSavedViews(ctx(request)) }),
  );
  app.post(
    '/api/saved-views',
    {
      config: session,
      schema: { tags, body: createSavedViewBody, response: { 201: savedViewSchema, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await createSavedView(ctx(request), request.body)),
  );
  app.patch(
    '/api/saved-views/:id',
    {
      config: session,
      schema: { tags, params: idParam, body: renameSavedViewBody, response: { 200: savedViewSchema, ...errors } },
    },
    async (request) => renameSavedView(ctx(request), request.params.id, request.body.name),
  );
  app.delete(
    '/api/saved-views/:id',
    {
      config: session,
      schema: { tags, params: idParam, response: { 200: deleteSavedViewResponse, ...errors } },
    },
    async (request) => {
      await deleteSavedView(ctx(request), request.params.id);
      return { success: true as const };
    },
  );
}

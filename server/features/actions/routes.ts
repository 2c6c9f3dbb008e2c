import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actionListResponse,
  actionParams,
  actionSchema,
  createActionBody,
  updateActionBody,
} from '../../../common/contracts/actions';
import { errorBody, idParam } from '../../../common/contracts/common';
import { requireTeamActor } from '../../plugins/auth';
import { createAction, deleteAction, listActions, updateAction } from './actions';
import { fixesNotHeld } from './verification-repeat';
import type { OopsContext } from '../oops';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['oops'];

export async function actionRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): OopsContext => ({
    db: app.db,
    actor: requireTeamActor(request),
  });

  app.get(
    '/api/oops/:id/actions',
    { schema: { tags, params: idParam, response: { 200: actionListResponse, ...errors } } },
    async (request) => ({
      actions: await listActions(ctx(request), request.params.id),
      fixes_not_held: await fixesNotHeld(app.db, request.params.id),
    }),
  );
  app.post(
    '/api/oops/:id/actions',
    {
      config: { idempotent: true },
      schema: { tags, params: idParam, body: createActionBody, response: { 201: actionSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await createAction(ctx(request), request.params.id, request.body)),
  );
  app.put(
    '/api/oops/:id/actions/:actionId',
    {
      schema: {
        tags,
        params: actionParams,
        body: updateActionBody,
        response: { 200: actionSchema, ...errors },
      },
    },
    async (request) => updateAction(ctx(request), request.params.id, request.params.actionId, request.body),
  );
  app.delete(
    '/api/oops/:id/actions/:actionId',
    {
      schema: {
        tags,
        params: actionParams,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await deleteAction(ctx(request), request.params.id, request.params.actionId);
      return { success: true as const };
    },
  );
}

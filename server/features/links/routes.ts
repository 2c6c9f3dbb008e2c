// Related incidents and repeats (decision 019): GET/POST/DELETE /api/oops/{id}/related[/{otherId}]; similar incidents
// while logging: GET /api/oops/similar.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, idParam } from '../../../common/contracts/common';
import {
  linkBody,
  relatedParams,
  relatedResponse,
  similarQuery,
  similarResponse,
} from '../../../common/contracts/links';
import { requireTeamActor } from '../../plugins/auth';
import { confidentialKeyFor } from '../confidential';
import type { OopsContext } from '../oops';
import { linkOops, listRelated, unlinkOops } from './links';
import { findSimilarOops } from './similar';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['oops'];

export async function linkRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): OopsContext => ({
    db: app.db,
    actor: requireTeamActor(request),
    confidentialKey: confidentialKeyFor(app.config),
  });

  app.get(
    '/api/oops/:id/related',
    { schema: { tags, params: idParam, response: { 200: relatedResponse, ...errors } } },
    async (request) => listRelated(ctx(request), request.params.id),
  );
  app.post(
    '/api/oops/:id/related/:otherId',
    {
      config: { idempotent: true },
      schema: {
        tags,
        description:
          'Links two incidents of the team (both ways). With {"repeat": true}, {id} is a repeat of the earlier {otherId}.',
        params: relatedParams,
        // The body is optional (Fastify hands the validator null for none): no body is a plain related link.
        body: linkBody.nullish(),
        response: { 201: relatedResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { id, otherId } = request.params;
      const repeat = request.body?.repeat ?? false;
      return reply.status(201).send(await linkOops(ctx(request), id, otherId, repeat));
    },
  );
  app.delete(
    '/api/oops/:id/related/:otherId',
    { schema: { tags, params: relatedParams, response: { 200: relatedResponse, ...errors } } },
    async (request) => unlinkOops(ctx(request), request.params.id, request.params.otherId),
  );
  app.get(
    '/api/oops/similar',
    { schema: { tags, querystring: similarQuery, response: { 200: similarResponse, ...errors } } },
    async (request) => ({ oops: await findSimilarOops(ctx(request), request.query.text) }),
  );
}

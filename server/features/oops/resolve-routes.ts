// POST /api/oops/{id}/resolve: "Mark resolved" (decision 042). The same rules as editing resolved_at with
// PUT /api/oops/{id}: any team member, open incidents only, a time never in the future nor before the start.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, idParam } from '../../../common/contracts/common';
import { oopsDetailSchema, resolveOopsBody, type ResolveOopsBody } from '../../../common/contracts/oops';
import { requireTeamActor } from '../../plugins/auth';
import { confidentialKeyFor } from '../confidential';
import { assertEditable, getOopsDetail, updateOops, type OopsContext } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * Marks an open incident resolved at the time sent, or now. Marking an incident that is resolved already without a
 * time keeps its first resolution (only an explicit time corrects it).
 */
export async function resolveOops(ctx: OopsContext, id: number, body: ResolveOopsBody) {
  const row = await assertEditable(ctx.db, ctx.actor, id);
  if (body.resolved_at === undefined && row.resolvedAt) return getOopsDetail(ctx, id);
  return updateOops(ctx, id, { resolved_at: body.resolved_at ?? new Date().toISOString() });
}

export async function resolveRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/oops/:id/resolve',
    {
      schema: {
        tags: ['oops'],
        description:
          'Marks an open incident resolved (resolved_at, default now): its time to resolve stops and it stays Open ' +
          'for its review. Clear it with PUT /api/oops/{id} {"resolved_at": null}.',
        params: idParam,
        body: resolveOopsBody,
        response: { 200: oopsDetailSchema, ...errors },
      },
    },
    async (request) =>
      resolveOops(
        { db: app.db, actor: requireTeamActor(request), confidentialKey: confidentialKeyFor(app.config) },
        request.params.id,
        request.body ?? {},
      ),
  );
}

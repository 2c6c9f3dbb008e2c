import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminStatsSchema,
  adminTeamsQuery,
  adminTeamsResponse,
  adminUserSchema,
  adminUsersQuery,
  adminUsersResponse,
  auditQuery,
  auditResponse,
  userStatusBody,
  userStatusParams,
} from '../../../common/contracts/admin';
import { errorBody } from '../../../common/contracts/common';
import type { Config } from '../../config';
import { AUDIT, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { requireActor } from '../../plugins/auth';
import {
  getAdminStats,
  listAdminTeams,
  listAdminUsers,
  listAuditEvents,
  requireSuperAdmin,
  setUserStatus,
  type AdminContext,
} from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['admin'];

export async function adminRoutes(base: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Every admin route checks the flag first; a refusal is audited as an authorisation failure.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/admin/')) return;
    const actor = requireActor(request);
    try {
      requireSuperAdmin(actor);
    } catch (error) {
      if (error instanceof AppError) {
        await recordAudit(app.db, {
          action: AUDIT.authorizationFailed,
          actorId: actor.userId,
          teamId: actor.teamId,
          target: request.url.split('?')[0],
          ip: request.ip,
        });
      }
      throw error;
    }
  });
  const ctx = (request: FastifyRequest): AdminContext => ({
    db: app.db,
    config,
    actor: requireActor(request),
    ip: request.ip,
  });

  app.get(
    '/api/admin/stats',
    { schema: { tags, response: { 200: adminStatsSchema, ...errors } } },
    async (request) => getAdminStats(ctx(request)),
  );
  app.get(
    '/api/admin/users',
    { schema: { tags, querystring: adminUsersQuery, response: { 200: adminUsersResponse, ...errors } } },
    async (request) => listAdminUsers(ctx(request), request.query),
  );
  app.get(
    '/api/admin/teams',
    { schema: { tags, querystring: adminTeamsQuery, response: { 200: adminTeamsResponse, ...errors } } },
    async (request) => listAdminTeams(ctx(request), request.query),
  );
  app.put(
    '/api/admin/users/:id/status',
    {
      schema: {
        tags,
        params: userStatusParams,
        body: userStatusBody,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => setUserStatus(ctx(request), request.params.id, request.body.is_active),
  );
  app.get(
    '/api/admin/audit',
    { schema: { tags, querystring: auditQuery, response: { 200: auditResponse, ...errors } } },
    async (request) => listAuditEvents(ctx(request), request.query),
  );
}

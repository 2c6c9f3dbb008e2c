import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../common/contracts/common';
import {
  departmentStatsSchema,
  lastOopsSchema,
  lastByDepartmentSchema,
  oopsStatsSchema,
  statsQuery,
  teamStatsSchema,
} from '../../../common/contracts/stats';
import { forbidden } from '../../lib/errors';
import { requireActor } from '../../plugins/auth';
import {
  getDepartmentStats,
  getLastByDepartment,
  getLastOops,
  getOopsStats,
  getTeamStats,
  type StatsContext,
} from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['dashboard'];
const tQuery = z.strictObject({ t: z.string().max(30).optional() });

export async function dashboardRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): StatsContext => {
    const actor = requireActor(request);
    if (actor.teamId === null) throw forbidden('Join or create a team first.');
    return { db: app.db, actor: { ...actor, teamId: actor.teamId } };
  };
  // Team statistics are cached per team until the team's next change (server/lib/team-cache.ts).
  const cached = <T>(request: FastifyRequest, key: string, compute: (c: StatsContext) => Promise<T>) => {
    const c = ctx(request);
    return app.teamCache.get(c.actor.teamId, key, () => compute(c));
  };

  app.get(
    '/api/oops/stats',
    { schema: { tags, querystring: statsQuery, response: { 200: oopsStatsSchema, ...errors } } },
    async (request) =>
      cached(request, `stats:${request.query.days ?? ''}`, (c) => getOopsStats(c, request.query.days)),
  );
  app.get(
    '/api/oops/last',
    { schema: { tags, response: { 200: lastOopsSchema, ...errors } } },
    async (request) => cached(request, 'last', getLastOops),
  );
  app.get(
    '/api/oops/department-stats',
    { schema: { tags, querystring: tQuery, response: { 200: departmentStatsSchema, ...errors } } },
    async (request) => cached(request, 'departments', getDepartmentStats),
  );
  app.get(
    '/api/oops/last-by-department',
    { schema: { tags, response: { 200: lastByDepartmentSchema, ...errors } } },
    async (request) => cached(request, 'last-by-department', getLastByDepartment),
  );
  app.get(
    '/api/teams/stats',
    { schema: { tags, response: { 200: teamStatsSchema, ...errors } } },
    // Cached under the actor's current team: its own changes show at once, other teams' within the cache's 10 s.
    async (request) =>
      cached(request, `teams-stats:${requireActor(request).userId}`, () =>
        getTeamStats(app.db, requireActor(request).userId),
      ),
  );
}

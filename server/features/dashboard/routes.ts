import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { sendTeamCachedJson } from '../../lib/cached-json';
import { requireActor, requireTeamActor } from '../../plugins/auth';
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
/** How late GET /api/teams/stats may show a change in another of the user's teams than the current one. */
const TEAM_STATS_MAX_AGE_MS = 10_000;
const tQuery = z.strictObject({ t: z.string().max(30).optional() });

export async function dashboardRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): StatsContext => ({ db: app.db, actor: requireTeamActor(request) });
  // Team statistics are cached per team, as JSON, until the team's next change (server/lib/team-cache.ts).
  const cached = <S extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    schema: S,
    compute: (c: StatsContext) => Promise<z.input<S>>,
    maxAgeMs?: number,
  ) => {
    const c = ctx(request);
    return sendTeamCachedJson(
      request,
      reply,
      app.teamCache,
      c.actor.teamId,
      key,
      schema,
      () => compute(c),
      maxAgeMs,
    );
  };

  app.get(
    '/api/oops/stats',
    { schema: { tags, querystring: statsQuery, response: { 200: oopsStatsSchema, ...errors } } },
    async (request, reply) =>
      cached(request, reply, `stats:${request.query.days ?? ''}`, oopsStatsSchema, (c) =>
        getOopsStats(c, request.query.days),
      ),
  );
  app.get(
    '/api/oops/last',
    { schema: { tags, response: { 200: lastOopsSchema, ...errors } } },
    async (request, reply) => cached(request, reply, 'last', lastOopsSchema, getLastOops),
  );
  app.get(
    '/api/oops/department-stats',
    { schema: { tags, querystring: tQuery, response: { 200: departmentStatsSchema, ...errors } } },
    async (request, reply) =>
      cached(request, reply, 'departments', departmentStatsSchema, getDepartmentStats),
  );
  app.get(
    '/api/oops/last-by-department',
    { schema: { tags, response: { 200: lastByDepartmentSchema, ...errors } } },
    async (request, reply) =>
      cached(request, reply, 'last-by-department', lastByDepartmentSchema, getLastByDepartment),
  );
  app.get(
    '/api/teams/stats',
    { schema: { tags, response: { 200: teamStatsSchema, ...errors } } },
    // Cached under the actor's current team: its own changes show at once, and its other teams' (whose events do
    // not reach this entry) within TEAM_STATS_MAX_AGE_MS.
    async (request, reply) => {
      const { userId } = requireActor(request);
      return cached(
        request,
        reply,
        `teams-stats:${userId}`,
        teamStatsSchema,
        () => getTeamStats(app.db, userId),
        TEAM_STATS_MAX_AGE_MS,
      );
    },
  );
}

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
import { attentionResponse, onboardingDismissResponse } from '../../../common/contracts/dashboard-attention';
import { forbidden } from '../../lib/errors';
import { requireActor, requireTeamActor } from '../../plugins/auth';
import { dismissOnboarding, getAttention } from './attention';
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
const DISMISS_OWNERS_ONLY = 'Only the team owner can dismiss the getting-started checklist.';
const tQuery = z.strictObject({ t: z.string().max(30).optional() });

export async function dashboardRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): StatsContext => ({ db: app.db, actor: requireTeamActor(request) });
  // Team statistics are kept per team, as JSON, until the team's next change (server/cache/plugin.ts).
  const kept = (key: (request: FastifyRequest) => string, maxAgeMs?: number) => ({
    teamCache: { key, maxAgeMs },
  });

  app.get(
    '/api/oops/stats',
    {
      config: kept((request) => `stats:${(request.query as z.infer<typeof statsQuery>).days ?? ''}`),
      schema: { tags, querystring: statsQuery, response: { 200: oopsStatsSchema, ...errors } },
    },
    async (request) => getOopsStats(ctx(request), request.query.days),
  );
  app.get(
    '/api/oops/last',
    { config: kept(() => 'last'), schema: { tags, response: { 200: lastOopsSchema, ...errors } } },
    async (request) => getLastOops(ctx(request)),
  );
  app.get(
    '/api/oops/department-stats',
    {
      config: kept(() => 'departments'),
      schema: { tags, querystring: tQuery, response: { 200: departmentStatsSchema, ...errors } },
    },
    async (request) => getDepartmentStats(ctx(request)),
  );
  app.get(
    '/api/oops/last-by-department',
    {
      config: kept(() => 'last-by-department'),
      schema: { tags, response: { 200: lastByDepartmentSchema, ...errors } },
    },
    async (request) => getLastByDepartment(ctx(request)),
  );
  app.get(
    '/api/teams/stats',
    {
      // Kept under the actor's current team: its own changes show at once, and its other teams' (whose events do
      // not reach this entry) within TEAM_STATS_MAX_AGE_MS.
      config: kept((request) => `teams-stats:${requireActor(request).userId}`, TEAM_STATS_MAX_AGE_MS),
      schema: { tags, response: { 200: teamStatsSchema, ...errors } },
    },
    async (request) => getTeamStats(app.db, requireActor(request).userId),
  );
  app.get(
    '/api/dashboard/attention',
    {
      // Opens the team cache's scope only: the incident lists are kept per team, the caller's actions and the
      // checklist are read fresh (server/features/dashboard/attention.ts).
      config: { teamCache: {}, tokenScope: 'read' },
      schema: {
        tags,
        summary: 'What needs attention: open incidents, resolved ones awaiting review, my due actions',
        description:
          'Open incidents (Critical, then High, then the rest, the oldest first), open incidents marked resolved ' +
          "and waiting for their review, the caller's own open follow-up actions due today or earlier, and closed " +
          "incidents without a lesson, each list cut to 5 rows with its total; and the new team's checklist.",
        response: { 200: attentionResponse, ...errors },
      },
    },
    async (request) => getAttention(ctx(request)),
  );
  app.post(
    '/api/dashboard/onboarding/dismiss',
    {
      config: { tokenScope: 'write' },
      schema: {
        tags,
        summary: "Put the new team's checklist away (owners)",
        response: { 200: onboardingDismissResponse, ...errors },
      },
    },
    async (request) => {
      const context = ctx(request);
      if (context.actor.role !== 'owner') throw forbidden(DISMISS_OWNERS_ONLY);
      return dismissOnboarding(context, request.ip);
    },
  );
}

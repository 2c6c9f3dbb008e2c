// GET /api/team/current/trends and /distributions (decision 051): the caller's team, kept in the team cache per
// period and filters until the team's next change.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../common/contracts/common';
import {
  distributionsResponse,
  trendsQuery,
  trendsResponse,
  type TrendsQuery,
} from '../../../common/contracts/trends';
import { requireTeamActor } from '../../plugins/auth';
import { getDistributions, getTrends, periodOf, type TrendsContext } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['dashboard'];
const FILTERS_TEXT =
  'A period of whole UTC days, from and to both included (YYYY-MM-DD; to defaults to today, from to 180 days ' +
  'before it; at most 731 days), and optionally one kind, severity and department (area).';

/** The cache key of a query: the period it resolves to today, so "the last 180 days" moves on at midnight UTC. */
function keyOf(name: string, request: FastifyRequest): string {
  const q = request.query as TrendsQuery;
  const { from, to } = periodOf(q);
  return [name, from, to, q.kind ?? '', q.severity ?? '', q.department ?? '']
    .map(encodeURIComponent)
    .join(':');
}

export async function trendRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): TrendsContext => ({ db: app.db, actor: requireTeamActor(request) });
  app.get(
    '/api/team/current/trends',
    {
      config: {
        teamCache: { key: (request: FastifyRequest) => keyOf('trends', request) },
        tokenScope: 'read',
      },
      schema: {
        tags,
        summary:
          'Incidents per week by severity, and monthly time to resolve, near-miss ratio, repeats and actions',
        description:
          `${FILTERS_TEXT} Weeks start on Monday; counts cover every kind unless one is asked for. Time to ` +
          'resolve (median and p90, minutes) is of incidents unless a kind is asked for. Repeat rate is the percent ' +
          "of the month's incidents that repeat an earlier one; actions are those created in the month. Totals give " +
          'this period and the previous one of the same length.',
        querystring: trendsQuery,
        response: { 200: trendsResponse, ...errors },
      },
    },
    async (request) => getTrends(ctx(request), request.query),
  );
  app.get(
    '/api/team/current/distributions',
    {
      config: {
        teamCache: { key: (request: FastifyRequest) => keyOf('distributions', request) },
        tokenScope: 'read',
      },
      schema: {
        tags,
        summary: 'Time to detect, resolve and review: median, p90, mean and a histogram',
        description:
          `${FILTERS_TEXT} Of the records logged in the period, of incidents unless a kind is asked for. Detect: ` +
          'occurred → logged; resolve: occurred (else logged) → resolved; review: resolved → closed with a lesson. ' +
          'Minutes; the histogram has fixed bins from under an hour to over four weeks.',
        querystring: trendsQuery,
        response: { 200: distributionsResponse, ...errors },
      },
    },
    async (request) => getDistributions(ctx(request), request.query),
  );
}

// Confidential near-miss reports (decision 024): the per-viewer "reported by you" of the team's lists.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../common/contracts/common';
import { reportedByMeResponse } from '../../../common/contracts/confidential';
import { requireTeamActor } from '../../plugins/auth';
import { confidentialKeyFor, listReportedByMe } from './confidential';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['oops'];

export async function confidentialRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/oops/reported-by-me',
    {
      schema: {
        tags,
        description: "The ids of the team's confidential near-misses the caller reported (decision 024).",
        response: { 200: reportedByMeResponse, ...errors },
      },
    },
    async (request) => ({
      ids: await listReportedByMe(app.db, confidentialKeyFor(app.config), requireTeamActor(request)),
    }),
  );
}

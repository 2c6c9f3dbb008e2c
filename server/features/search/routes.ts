// GET /api/search (decision 040): the command palette's ranked search over the team's incidents, actions and lessons.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../common/contracts/common';
import { searchQuery, searchResponse } from '../../../common/contracts/search';
import { requireTeamActor } from '../../plugins/auth';
import { search } from './service';

export async function searchRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/search',
    {
      // Team data, read only: a read token may search (server/lib/token-scopes.ts).
      config: { tokenScope: 'read' },
      schema: {
        tags: ['search'],
        description:
          "The team's incidents (ranked, title first, with highlighted snippets), actions and lessons matching `q`; " +
          'close spellings of incidents when nothing matches (`fuzzy`).',
        querystring: searchQuery,
        response: { 200: searchResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => search({ db: app.db, actor: requireTeamActor(request) }, request.query),
  );
}

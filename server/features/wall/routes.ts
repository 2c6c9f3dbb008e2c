// The wall display (decision 050). GET /api/wall is the one route a display token may call (tokenScope 'wall'); a
// signed-in member reads their current team's wall with their session, a personal token with the read scope. The
// team's display tokens are managed by its owners and admins, with sessions only: a token never mints a token.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../common/contracts/common';
import {
  createDisplayTokenBody,
  createdDisplayTokenResponse,
  displayTokenParams,
  displayTokensResponse,
  revokeDisplayTokenResponse,
  wallResponse,
} from '../../../common/contracts/wall';
import { requireSessionActor, requireTeamActor } from '../../plugins/auth';
import {
  createDisplayToken,
  listDisplayTokens,
  requireDisplayManager,
  revokeDisplayToken,
  type DisplayTokensContext,
} from './display-tokens';
import { getWall, type WallTeam } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['wall'];
const TOKENS = '/api/team/current/display-tokens';

/** The team whose wall is asked for: the display token's, else the caller's current team. */
function wallTeam(request: FastifyRequest): WallTeam {
  if (request.display) return request.display;
  const actor = requireTeamActor(request);
  return { teamId: actor.teamId, teamName: actor.teamName ?? '' };
}

export async function wallRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): DisplayTokensContext => {
    requireSessionActor(request);
    return { db: app.db, actor: requireDisplayManager(requireTeamActor(request)), ip: request.ip };
  };

  app.get(
    '/api/wall',
    { config: { tokenScope: 'wall' }, schema: { tags, response: { 200: wallResponse, ...errors } } },
    async (request, reply) => {
      // Figures for a screen in the room: never kept by a browser or a proxy.
      reply.header('cache-control', 'no-store');
      return getWall(app.db, wallTeam(request));
    },
  );
  app.get(
    TOKENS,
    {
      config: { tokenScope: 'session' },
      schema: { tags, response: { 200: displayTokensResponse, ...errors } },
    },
    async (request) => ({ tokens: await listDisplayTokens(ctx(request)) }),
  );
  app.post(
    TOKENS,
    {
      config: { tokenScope: 'session', idempotent: true },
      schema: {
        tags,
        body: createDisplayTokenBody,
        response: { 201: createdDisplayTokenResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createDisplayToken(ctx(request), request.body);
    },
  );
  app.delete(
    `${TOKENS}/:id`,
    {
      config: { tokenScope: 'session' },
      schema: { tags, params: displayTokenParams, response: { 200: revokeDisplayTokenResponse, ...errors } },
    },
    async (request) => {
      await revokeDisplayToken(ctx(request), request.params.id);
      return { success: true as const };
    },
  );
}

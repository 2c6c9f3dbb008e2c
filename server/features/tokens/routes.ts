// /api/user/tokens: the signed-in user's personal access tokens. Session-only (server/lib/token-scopes.ts): a token
// can neither list, mint nor revoke tokens.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../common/contracts/common';
import {
  apiTokenParams,
  apiTokensResponse,
  createApiTokenBody,
  createdApiTokenResponse,
  revokeApiTokenResponse,
} from '../../../common/contracts/tokens';
import { requireSessionActor } from '../../plugins/auth';
import { createApiToken, listApiTokens, revokeApiToken, type TokensContext } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['tokens'];

export async function tokenRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): TokensContext => ({
    db: app.db,
    actor: requireSessionActor(request),
    ip: request.ip,
  });

  app.get(
    '/api/user/tokens',
    { config: { tokenScope: 'session' }, schema: { tags, response: { 200: apiTokensResponse, ...errors } } },
    async (request) => ({ tokens: await listApiTokens(ctx(request)) }),
  );
  app.post(
    '/api/user/tokens',
    {
      config: { tokenScope: 'session', idempotent: true },
      schema: { tags, body: createApiTokenBody, response: { 201: createdApiTokenResponse, ...errors } },
    },
    async (request, reply) => {
      reply.code(201);
      return createApiToken(ctx(request), request.body);
    },
  );
  app.delete(
    '/api/user/tokens/:id',
    {
      config: { tokenScope: 'session' },
      schema: { tags, params: apiTokenParams, response: { 200: revokeApiTokenResponse, ...errors } },
    },
    async (request) => {
      await revokeApiToken(ctx(request), request.params.id);
      return { success: true as const };
    },
  );
}

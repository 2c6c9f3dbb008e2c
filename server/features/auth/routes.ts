import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  loginBody,
  loginResponse,
  logoutResponse,
  registerBody,
  registerResponse,
} from '../../../common/contracts/auth';
import { errorBody } from '../../../common/contracts/common';
import type { Config } from '../../config';
import { requireSessionActor } from '../../plugins/auth';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { loginUser, logoutUser, registerUser, type AuthContext } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };

export async function authRoutes(base: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // The refresh cookie of a remembered device (decision 033) is set at sign-in and cleared at sign-out.
  await app.register(cookie);
  const ctx = (request: FastifyRequest): AuthContext => ({
    db: app.db,
    config,
    meta: { ip: request.ip, userAgent: request.headers['user-agent'] },
  });

  app.post(
    '/api/auth/register',
    {
      config: { public: true },
      schema: { tags: ['auth'], body: registerBody, response: { 201: registerResponse, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await registerUser(ctx(request), request.body)),
  );

  app.post(
    '/api/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        description:
          'With `remember: true`, also sets the remembered device cookie (httpOnly, path /api/auth).',
        body: loginBody,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { token, user, refresh } = await loginUser(ctx(request), request.body);
      if (refresh) setRefreshCookie(request, reply, config, refresh.credential, refresh.expiresAt);
      return { token, user };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        description: "Ends this session and this browser's remembered device, and clears its cookie.",
        response: { 200: logoutResponse, 401: errorBody },
      },
    },
    async (request, reply) => {
      await logoutUser(app.db, requireSessionActor(request), {
        ip: request.ip,
        refreshCredential: readRefreshCookie(request),
      });
      clearRefreshCookie(request, reply, config);
      return { success: true as const };
    },
  );
}

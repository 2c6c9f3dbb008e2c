// Magic link and password reset routes; all public (they are how a signed-out person gets in).
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '../../../common/contracts/common';
import {
  magicLinkBody,
  magicLinkResponse,
  requestResetBody,
  resetPasswordBody,
  resetTokenResponse,
  tokenQuery,
  verifyResponse,
} from '../../../common/contracts/recovery';
import type { Config } from '../../config';
import { requestMagicLink, verifyMagicLink, type MailContext } from './magic-link';
import { setRefreshCookie } from './refresh-cookie';
import { checkResetToken, requestPasswordReset, resetPassword } from './password-reset';

const errors = { 400: errorBody, 403: errorBody, 410: errorBody, 429: errorBody, 503: errorBody };
const config = { public: true };
const tags = ['auth'];

export async function recoveryRoutes(base: FastifyInstance, options: { config: Config }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // A link asked for with "keep me signed in" sets the remembered device cookie when used (decision 033).
  await app.register(cookie);
  const ctx = (request: FastifyRequest): MailContext => ({
    db: app.db,
    config: options.config,
    mailer: app.mailer,
    meta: { ip: request.ip, userAgent: request.headers['user-agent'] },
    log: request.log,
  });

  app.post(
    '/api/auth/magic-link',
    { config, schema: { tags, body: magicLinkBody, response: { 200: magicLinkResponse, ...errors } } },
    async (request) => ({
      message: await requestMagicLink(ctx(request), request.body),
    }),
  );
  app.get(
    '/api/auth/verify',
    { config, schema: { tags, querystring: tokenQuery, response: { 200: verifyResponse, ...errors } } },
    async (request, reply) => {
      const { refresh, ...answer } = await verifyMagicLink(ctx(request), request.query.token);
      if (refresh) setRefreshCookie(request, reply, options.config, refresh.credential, refresh.expiresAt);
      return answer;
    },
  );
  app.post(
    '/api/auth/request-password-reset',
    { config, schema: { tags, body: requestResetBody, response: { 200: messageBody, ...errors } } },
    async (request) => ({
      message: await requestPasswordReset(ctx(request), request.body.email),
    }),
  );
  app.get(
    '/api/auth/reset-password',
    { config, schema: { tags, querystring: tokenQuery, response: { 200: resetTokenResponse, ...errors } } },
    async (request) => checkResetToken(app.db, request.query.token),
  );
  app.post(
    '/api/auth/reset-password',
    { config, schema: { tags, body: resetPasswordBody, response: { 200: messageBody, ...errors } } },
    async (request) => ({
      message: await resetPassword(ctx(request), request.body),
    }),
  );
}

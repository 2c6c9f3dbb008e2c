// Single sign-on routes (decision 022); all public: they are how a signed-out person gets in.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../common/contracts/common';
import {
  authProvidersResponse,
  oidcCallbackQuery,
  oidcCompleteBody,
  oidcCompleteResponse,
  oidcStartQuery,
} from '../../../common/contracts/sso';
import { SSO_TEXTS, type SsoErrorReason } from '../../../common/domain/sso-texts';
import type { Config, OidcConfig } from '../../config';
import { AUDIT, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { accountForIdentity } from './sso-accounts';
import { setRefreshCookie } from './refresh-cookie';
import { clearFlowCookie, readFlowCookie, setFlowCookie } from './sso-flow-cookie';
import { authorizationUrl, exchangeCode, isUnreachable } from './sso-oidc-client';
import { completeHandoff, issueHandoff } from './sso-service';

const config = { public: true };
const tags = ['auth'];
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

export async function ssoRoutes(base: FastifyInstance, options: { config: Config }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Only these routes read or set cookies; sessions stay bearer tokens (decision 003).
  await app.register(cookie);
  const settings = options.config;
  const redirectUri = `${settings.appUrl}${OIDC_CALLBACK_PATH}`;

  const configured = (): OidcConfig => {
    if (!settings.oidc) throw new AppError('not_found', SSO_TEXTS.notConfigured);
    return settings.oidc;
  };
  const fail = async (
    request: FastifyRequest,
    reply: FastifyReply,
    reason: SsoErrorReason,
    details: Record<string, unknown> = {},
  ) => {
    await recordAudit(app.db, { action: AUDIT.oidcFailure, ip: request.ip, details: { reason, ...details } });
    return reply.redirect(`/login?sso_error=${reason}`, 302);
  };

  app.get(
    '/api/auth/providers',
    { config, schema: { tags, response: { 200: authProvidersResponse } } },
    async () => ({
      oidc: settings.oidc ? { name: settings.oidc.providerName } : null,
      oidcOnly: settings.oidcOnly,
    }),
  );

  app.get(
    '/api/auth/oidc/start',
    {
      config,
      schema: {
        tags,
        description: 'Redirects (302) to the OpenID provider; sets the sealed flow cookie.',
        querystring: oidcStartQuery,
        response: { 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const oidc = configured();
      try {
        const { url, flow } = await authorizationUrl(
          oidc,
          redirectUri,
          request.query.returnTo ?? null,
          request.query.remember === '1',
        );
        setFlowCookie(reply, settings, flow);
        return await reply.redirect(url.href, 302);
      } catch (error) {
        request.log.error({ err: { name: (error as Error).name } }, 'OpenID discovery failed');
        return fail(request, reply, 'unavailable');
      }
    },
  );

  app.get(
    OIDC_CALLBACK_PATH,
    {
      config,
      schema: {
        tags,
        description:
          'The OpenID provider returns here; redirects (302) to /login/sso?code=… or /login?sso_error=….',
        querystring: oidcCallbackQuery,
        response: { 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const oidc = configured();
      const flow = readFlowCookie(request, settings);
      clearFlowCookie(reply, settings);
      const query = request.query;
      // Checked here as well as by the library, so that a forged or stale callback never reaches the provider.
      if (!flow || query.state !== flow.state) return fail(request, reply, 'state');
      if (query.error) return fail(request, reply, query.error === 'access_denied' ? 'denied' : 'failed');
      let who;
      try {
        who = await exchangeCode(oidc, new URL(request.url, settings.appUrl), flow);
      } catch (error) {
        // The error's name and code say which check failed; its message may quote the provider, never a token.
        const { name, code } = error as { name?: string; code?: string };
        request.log.warn({ err: { name, code } }, 'OpenID code exchange failed');
        return fail(request, reply, isUnreachable(error) ? 'unavailable' : 'failed', { error: code ?? name });
      }
      const outcome = await accountForIdentity(app.db, oidc, who, request.ip);
      if (!outcome.ok) return reply.redirect(`/login?sso_error=${outcome.reason}`, 302);
      const code = await issueHandoff(app.db, {
        ...outcome,
        returnTo: flow.returnTo,
        remember: flow.remember,
      });
      return reply.redirect(`/login/sso?code=${encodeURIComponent(code)}`, 302);
    },
  );

  app.post(
    '/api/auth/oidc/complete',
    {
      config,
      schema: {
        tags,
        body: oidcCompleteBody,
        response: {
          200: oidcCompleteResponse,
          400: errorBody,
          403: errorBody,
          404: errorBody,
          410: errorBody,
        },
      },
    },
    async (request, reply) => {
      configured();
      const { refresh, ...answer } = await completeHandoff(
        { db: app.db, config: settings, meta: { ip: request.ip, userAgent: request.headers['user-agent'] } },
        request.body.code,
      );
      if (refresh) setRefreshCookie(request, reply, settings, refresh.credential, refresh.expiresAt);
      return answer;
    },
  );
}

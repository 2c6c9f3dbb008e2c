// Remembered devices (decision 033): the refresh that gives a new tab its bearer token, and the sign-ins a user
// sees and ends on their profile.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refreshResponse } from '../../../common/contracts/auth';
import { errorBody } from '../../../common/contracts/common';
import { endSignInResponse, signInParams, signInsResponse } from '../../../common/contracts/sessions';
import { SESSION_TEXTS } from '../../../common/domain/session-texts';
import type { Config } from '../../config';
import { AUDIT, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { endDevice, endUserSession, endUserSessions } from '../../lib/sessions';
import { loadUserView } from '../../lib/user-view';
import { requireSessionActor } from '../../plugins/auth';
import { refreshDevice } from './devices';
import {
  REFRESH_COOKIE,
  clearRefreshCookie,
  isSameOrigin,
  readRefreshCookie,
  setRefreshCookie,
} from './refresh-cookie';
import { listSignIns } from './sign-ins';

const tags = ['auth'];

export async function deviceRoutes(base: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await app.register(cookie);

  const refuse = (request: FastifyRequest, reply: FastifyReply, message: string): never => {
    clearRefreshCookie(request, reply, config);
    throw new AppError('unauthenticated', message);
  };

  app.post(
    '/api/auth/refresh',
    {
      config: { public: true },
      schema: {
        tags,
        description:
          "Trades this browser's remembered device cookie for a new session, as a sign-in answers, and rotates " +
          'the cookie; 204 when the browser has no such cookie. Same-origin calls only (Origin or Sec-Fetch-Site).',
        response: {
          200: refreshResponse,
          204: z.undefined(),
          401: errorBody,
          403: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      // Checked before the cookie is even read: another site learns nothing, and changes nothing.
      if (!isSameOrigin(request, config)) throw new AppError('forbidden', SESSION_TEXTS.crossSite);
      // No cookie at all is the usual case (a visitor, or a sign-in without "keep me signed in"): nothing to refresh,
      // and no failure either, so a new tab can always ask once.
      if (request.cookies[REFRESH_COOKIE] === undefined) return reply.status(204).send();
      const presented = readRefreshCookie(request);
      if (!presented) return refuse(request, reply, SESSION_TEXTS.notRemembered);
      const meta = { ip: request.ip, userAgent: request.headers['user-agent'] };
      const outcome = await refreshDevice(app.db, config, presented, meta);
      if (outcome.kind === 'invalid') return refuse(request, reply, SESSION_TEXTS.notRemembered);
      if (outcome.kind === 'expired') return refuse(request, reply, SESSION_TEXTS.expired);
      if (outcome.kind === 'reused') {
        await recordAudit(app.db, {
          action: AUDIT.tokenReuse,
          actorId: outcome.userId,
          ip: request.ip,
          details: { kind: 'refresh', device_id: outcome.deviceId },
        });
        return refuse(request, reply, SESSION_TEXTS.reused);
      }
      if (outcome.kind === 'rotated')
        setRefreshCookie(request, reply, config, outcome.credential, outcome.expiresAt);
      return { token: outcome.token, user: await loadUserView(app.db, config, outcome.userId) };
    },
  );

  app.get(
    '/api/auth/sessions',
    { schema: { tags, response: { 200: signInsResponse, 401: errorBody, 403: errorBody } } },
    async (request) => ({ sessions: await listSignIns(app.db, requireSessionActor(request)) }),
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      schema: {
        tags,
        description:
          'Ends one browser session of the signed-in user (one opened without a remembered device).',
        params: signInParams,
        response: { 200: endSignInResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const actor = requireSessionActor(request);
      if (!(await endUserSession(app.db, actor.userId, request.params.id)))
        throw new AppError('not_found', SESSION_TEXTS.notFound);
      await recordAudit(app.db, {
        action: AUDIT.sessionEnded,
        actorId: actor.userId,
        ip: request.ip,
        details: { session_id: request.params.id },
      });
      return { success: true as const };
    },
  );

  app.delete(
    '/api/auth/devices/:id',
    {
      schema: {
        tags,
        description:
          'Ends a remembered device of the signed-in user, its refresh credential and its sessions.',
        params: signInParams,
        response: { 200: endSignInResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const actor = requireSessionActor(request);
      if (!(await endDevice(app.db, actor.userId, request.params.id)))
        throw new AppError('not_found', SESSION_TEXTS.notFound);
      await recordAudit(app.db, {
        action: AUDIT.sessionEnded,
        actorId: actor.userId,
        ip: request.ip,
        details: { device_id: request.params.id },
      });
      return { success: true as const };
    },
  );

  app.post(
    '/api/auth/sessions/end-all',
    {
      schema: {
        tags,
        description:
          'Signs the user out everywhere: every session, this one too, and every remembered device.',
        response: { 200: endSignInResponse, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const actor = requireSessionActor(request);
      await endUserSessions(app.db, actor.userId);
      await recordAudit(app.db, {
        action: AUDIT.sessionsEndedAll,
        actorId: actor.userId,
        teamId: actor.teamId,
        ip: request.ip,
      });
      clearRefreshCookie(request, reply, config);
      return { success: true as const };
    },
  );
}

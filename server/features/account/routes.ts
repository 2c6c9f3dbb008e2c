import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordBody,
  hasPasswordResponse,
  notificationsBody,
  notificationsSchema,
  passwordResponse,
  profileBody,
  profileResponse,
  setPasswordBody,
} from '../../../common/contracts/account';
import { errorBody } from '../../../common/contracts/common';
import { MESSAGES } from '../../../common/domain/messages';
import type { Config } from '../../config';
import { requireActor } from '../../plugins/auth';
import {
  changePassword,
  getNotifications,
  getProfile,
  hasPassword,
  setPassword,
  updateNotifications,
  updateProfile,
  type AccountContext,
} from './service';

const errors = { 400: errorBody, 401: errorBody, 409: errorBody };

export async function accountRoutes(base: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): AccountContext => ({
    db: app.db,
    config,
    actor: requireActor(request),
    ip: request.ip,
  });

  app.get(
    '/api/user/profile',
    { schema: { tags: ['user'], response: { 200: profileResponse, 401: errorBody } } },
    async (request) => getProfile(ctx(request)),
  );
  app.post(
    '/api/user/profile',
    { schema: { tags: ['user'], body: profileBody, response: { 200: profileResponse, ...errors } } },
    async (request) => updateProfile(ctx(request), request.body),
  );
  app.get(
    '/api/user/notifications',
    { schema: { tags: ['user'], response: { 200: notificationsSchema, 401: errorBody } } },
    async (request) => getNotifications(ctx(request)),
  );
  app.put(
    '/api/user/notifications',
    {
      schema: { tags: ['user'], body: notificationsBody, response: { 200: notificationsSchema, ...errors } },
    },
    async (request) => updateNotifications(ctx(request), request.body),
  );
  app.get(
    '/api/user/has-password',
    { schema: { tags: ['user'], response: { 200: hasPasswordResponse, 401: errorBody } } },
    async (request) => ({ hasPassword: await hasPassword(ctx(request)) }),
  );
  app.post(
    '/api/user/set-password',
    { schema: { tags: ['user'], body: setPasswordBody, response: { 200: passwordResponse, ...errors } } },
    async (request) => {
      await setPassword(ctx(request), request.body.password);
      return { message: MESSAGES.passwordSet };
    },
  );
  app.post(
    '/api/user/change-password',
    { schema: { tags: ['user'], body: changePasswordBody, response: { 200: passwordResponse, ...errors } } },
    async (request) => {
      await changePassword(ctx(request), request.body);
      return { message: MESSAGES.passwordChanged };
    },
  );
}

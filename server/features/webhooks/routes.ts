// Outgoing webhooks of the current team (owners and admins). Redelivery hands the delivery to the job engine
// through a WebhookScheduler passed in by whoever registers these routes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../common/contracts/common';
import {
  WEBHOOK_MESSAGES,
  createWebhookBody,
  createdWebhookResponse,
  updateWebhookBody,
  webhookDeliveriesResponse,
  webhookDeliverySchema,
  webhookDeliveryParams,
  webhookIdParams,
  webhookSchema,
  webhooksResponse,
} from '../../../common/contracts/webhooks';
import { MANAGER_ROLES } from '../../../common/domain/options';
import type { Config } from '../../config';
import { forbidden } from '../../lib/errors';
import { requireTeamActor } from '../../plugins/auth';
import { attemptTestDelivery } from './deliver';
import {
  createTestDelivery,
  createWebhook,
  deleteWebhook,
  getDelivery,
  listDeliveries,
  listWebhooks,
  requeueDelivery,
  updateWebhook,
  type WebhookContext,
} from './service';
import { deliveryDeps, startWebhookDeliveries, type WebhookScheduler } from './delivery-jobs';
import type { Lookup } from './ssrf';

export interface WebhookRoutesOptions {
  config: Config;
  /** Where redeliveries go; the job engine (delivery-jobs.ts) unless given. */
  scheduler?: WebhookScheduler;
  /** Host name resolution for the SSRF guard (tests); dns.promises.lookup by default. */
  lookup?: Lookup;
}

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['webhooks'];

export async function webhookRoutes(
  base: FastifyInstance,
  { config, scheduler: givenScheduler, lookup }: WebhookRoutesOptions,
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Deliveries of events always run on the job engine; tests may route redeliveries elsewhere.
  const engine = await startWebhookDeliveries(base, { config, lookup });
  const scheduler = givenScheduler ?? engine;
  const ctx = (request: FastifyRequest): WebhookContext => {
    const actor = requireTeamActor(request);
    if (!MANAGER_ROLES.includes(actor.role)) throw forbidden(WEBHOOK_MESSAGES.managersOnly);
    return { db: app.db, actor, config, ip: request.ip, lookup };
  };

  app.get(
    '/api/team/current/webhooks',
    { schema: { tags, response: { 200: webhooksResponse, ...errors } } },
    async (request) => ({ webhooks: await listWebhooks(ctx(request)) }),
  );
  app.post(
    '/api/team/current/webhooks',
    {
      config: { idempotent: true },
      schema: { tags, body: createWebhookBody, response: { 201: createdWebhookResponse, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await createWebhook(ctx(request), request.body)),
  );
  app.patch(
    '/api/team/current/webhooks/:id',
    {
      schema: {
        tags,
        params: webhookIdParams,
        body: updateWebhookBody,
        response: { 200: webhookSchema, ...errors },
      },
    },
    async (request) => updateWebhook(ctx(request), request.params.id, request.body, new Date()),
  );
  app.delete(
    '/api/team/current/webhooks/:id',
    {
      schema: {
        tags,
        params: webhookIdParams,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await deleteWebhook(ctx(request), request.params.id);
      return { success: true as const };
    },
  );
  app.post(
    '/api/team/current/webhooks/:id/test',
    { schema: { tags, params: webhookIdParams, response: { 200: webhookDeliverySchema, ...errors } } },
    async (request) => {
      const context = ctx(request);
      const deliveryId = await createTestDelivery(context, request.params.id, new Date());
      await attemptTestDelivery(deliveryDeps(app, { config, lookup, log: request.log }), deliveryId);
      return getDelivery(context, request.params.id, deliveryId);
    },
  );
  app.get(
    '/api/team/current/webhooks/:id/deliveries',
    { schema: { tags, params: webhookIdParams, response: { 200: webhookDeliveriesResponse, ...errors } } },
    async (request) => ({ deliveries: await listDeliveries(ctx(request), request.params.id) }),
  );
  app.post(
    '/api/team/current/webhooks/:id/deliveries/:deliveryId/redeliver',
    { schema: { tags, params: webhookDeliveryParams, response: { 202: webhookDeliverySchema, ...errors } } },
    async (request, reply) => {
      const context = ctx(request);
      const { id, deliveryId } = request.params;
      const delivery = await requeueDelivery(context, id, deliveryId, new Date());
      await scheduler.schedule(deliveryId);
      // The scheduler may have delivered already (tests run the attempt inline): answer the row as it is now.
      return reply.code(202).send(await getDelivery(context, id, deliveryId).catch(() => delivery));
    },
  );
}

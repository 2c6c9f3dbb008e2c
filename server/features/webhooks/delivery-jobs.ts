// Webhook deliveries on the job engine: the outbox's dispatcher fans each team event out to delivery rows and
// enqueues their first attempt in its own transaction (so a committed event always has its jobs); each attempt
// that asks for a retry enqueues the next one at the time it names (backoff with jitter, up to 24 h).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { attemptDelivery, type DeliveryDeps } from './deliver';
import { fanOutEvent, teamHasActiveEndpoint, teamsWithActiveEndpoints } from './fan-out';
import type { Lookup } from './ssrf';

const QUEUE = 'webhook.deliver';

/** Runs attemptDelivery(deliveryId) at `at` (now when absent), retrying as it answers. */
export interface WebhookScheduler {
  schedule(deliveryId: number, at?: Date): Promise<void>;
}

/** What a delivery attempt works with in the running app (real clock, random jitter, the app's mailer). */
export function deliveryDeps(
  app: FastifyInstance,
  { config, lookup, log = app.log }: { config: Config; lookup?: Lookup; log?: DeliveryDeps['log'] },
): DeliveryDeps {
  return { db: app.db, config, mailer: app.mailer, now: () => new Date(), random: Math.random, lookup, log };
}

/** Starts this process's worker and the outbox consumer; answers the scheduler the routes redeliver through. */
export async function startWebhookDeliveries(
  app: FastifyInstance,
  { config, lookup }: { config: Config; lookup?: Lookup },
): Promise<WebhookScheduler> {
  const deps = deliveryDeps(app, { config, lookup });
  const scheduler: WebhookScheduler = {
    schedule: (deliveryId, at) => app.jobs.send(QUEUE, { deliveryId }, at ? { startAfter: at } : {}),
  };
  await app.jobs.work(QUEUE, async ({ deliveryId }) => {
    const { retryAt } = await attemptDelivery(deps, deliveryId);
    if (retryAt) await scheduler.schedule(deliveryId, retryAt);
  });
  // Whether the last batch enqueued a delivery (passes run one at a time in a process): only then is the worker woken.
  let enqueued = false;
  app.outbox.addConsumer({
    // Only the events of teams with an active endpoint: the others are written dispatched, or marked so without a
    // transaction.
    needs: teamHasActiveEndpoint,
    async inTransaction(tx, events) {
      enqueued = false;
      // Most teams have no webhooks: one lookup for the batch spares a query per event.
      const teams = await teamsWithActiveEndpoints(
        tx,
        events.map((event) => event.teamId),
      );
      for (const event of events) {
        if (event.teamId === null || !teams.has(event.teamId)) continue;
        for (const deliveryId of await fanOutEvent(tx, event)) {
          await app.jobs.send(QUEUE, { deliveryId }, { tx });
          enqueued = true;
        }
      }
    },
    afterCommit: () => {
      if (enqueued) app.jobs.notify(QUEUE);
    },
  });
  return scheduler;
}

// Deliveries of team events through the outbox and the job engine, in the app processes themselves: every event
// reaches the receiver once, also when two processes share a PostgreSQL database; a receiver that fails first is
// retried by the engine at the time the attempt asked for.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createTestApp, databaseKind } from '../../test/app';
import { signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';
import { startReceiver } from '../../test/receiver';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

async function hook(owner: SignedIn, url: string, events: string[]): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/team/current/webhooks',
    headers: owner.auth,
    payload: { url, events, kind: 'generic' },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

const deliveriesOf = (endpointId: number) =>
  app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

describe('webhook deliveries on the job engine', () => {
  // PGlite belongs to one process: there the "other" process is the same app.
  it(`deliver each event once with several app processes (${databaseKind()})`, async () => {
    const other = databaseKind() === 'postgres' ? await createTestApp() : app;
    const receiver = await startReceiver();
    const owner = await signUp(app);
    const endpoint = await hook(owner, `${receiver.url}/twins`, ['oops.created']);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => logOops(i % 2 ? other : app, owner, { title: `Twin ${i}` })),
    );
    await vi.waitFor(async () => {
      const rows = await deliveriesOf(endpoint);
      expect(rows.map((r) => r.status)).toEqual(Array(10).fill('succeeded'));
    }, 20_000);
    const ids = receiver.requests.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
  });

  it('retries a failed attempt at the time it asked for, then succeeds', async () => {
    const receiver = await startReceiver();
    receiver.answer({ status: 500, body: 'busy' });
    const owner = await signUp(app);
    const endpoint = await hook(owner, `${receiver.url}/flaky`, ['*']);
    await logOops(app, owner);
    await receiver.received(1);
    const [pending] = await vi.waitFor(async () => {
      const rows = await deliveriesOf(endpoint);
      expect(rows[0]?.attempts).toBe(1);
      return rows;
    });
    expect(pending!.status).toBe('pending');
    expect(pending!.responseStatus).toBe(500);
    // The retry waits in the engine for the time the attempt named (backoff with jitter).
    const retry = await vi.waitFor(async () => {
      const { rows } = await app.database.jobsDb.executeSql(
        `select start_after from pgboss.job where name = 'webhook.deliver' and state = 'created'
           and (data->>'deliveryId')::int = $1`,
        [pending!.id],
      );
      expect(rows).toHaveLength(1);
      return rows[0] as { start_after: Date | string };
    });
    const waits = new Date(retry.start_after).getTime() - pending!.lastAttemptAt!.getTime();
    expect(Math.abs(new Date(retry.start_after).getTime() - pending!.nextAttemptAt!.getTime())).toBeLessThan(
      1_000,
    );
    expect(waits).toBeGreaterThanOrEqual(15_000);
    // Rather than wait the backoff, send the same job now; the one waiting finds the delivery done and stops.
    await app.jobs.send('webhook.deliver', { deliveryId: pending!.id });
    await receiver.received(2);
    await vi.waitFor(async () => expect((await deliveriesOf(endpoint))[0]!.status).toBe('succeeded'));
    const [first, second] = receiver.requests;
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    const [endpointRow] = await app.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint));
    expect(endpointRow!.consecutiveFailures).toBe(0);
  });
});

// A CSV import reaches webhooks as one summary event, not one delivery per imported incident (decision 023).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it, vi } from 'vitest';
import { webhookDeliveries } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { startReceiver } from '../../test/receiver';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

it('delivers one oops.imported event to a webhook of every event, with the count and the ids', async () => {
  const receiver = await startReceiver();
  const owner = await signUp(app);
  const hook = await app.inject({
    method: 'POST',
    url: '/api/team/current/webhooks',
    headers: owner.auth,
    payload: { url: `${receiver.url}/all`, events: ['*'], kind: 'generic' },
  });
  expect(hook.statusCode).toBe(201);
  const endpointId = hook.json<{ id: number }>().id;
  const rows = Array.from(
    { length: 25 },
    (_, i) => `Imported ${i},Low,An imported incident from the old sheet.`,
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/oops/import',
    headers: owner.auth,
    payload: { csv: ['title,severity,description', ...rows].join('\n') },
  });
  expect(res.statusCode).toBe(201);
  await vi.waitFor(async () => {
    const deliveries = await app.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId));
    expect(deliveries.map((d) => [d.eventType, d.status])).toEqual([['oops.imported', 'succeeded']]);
  }, 20_000);
  expect(receiver.requests).toHaveLength(1);
  const body = JSON.parse(receiver.requests[0]!.body) as { type: string; data: { import: unknown } };
  expect(body.type).toBe('oops.imported');
  expect(body.data.import).toMatchObject({
    count: 25,
    first_id: expect.any(Number),
    last_id: expect.any(Number),
  });
});

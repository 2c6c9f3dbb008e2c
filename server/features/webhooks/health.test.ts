// Webhook health in the list answer (decision 043): the last delivery and "failing since" (the first failure of the
// current streak), computed from real delivery rows attempted against a real receiver on a controlled clock; and
// editing an endpoint in place (URL, events, kind, description, active).
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { webhookDeliveries } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { signUp, type SignedIn } from '../../test/factories';
import { startReceiver } from '../../test/receiver';
import { attemptDelivery } from './deliver';

let app: FastifyInstance;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let nextEventId = 1_000_000;

beforeAll(async () => {
  receiver = await startReceiver();
  app = await createTestApp({}, { send: async () => {} });
});

const list = async (as: SignedIn) => {
  const res = await app.inject({ method: 'GET', url: '/api/team/current/webhooks', headers: as.auth });
  expect(res.statusCode).toBe(200);
  return res;
};
const healthOf = async (as: SignedIn, id: number) => {
  const found = (await list(as)).json().webhooks.find((w: { id: number }) => w.id === id);
  const { last_delivery_at, last_delivery_status, last_delivery_response_status, failing_since } = found;
  return { last_delivery_at, last_delivery_status, last_delivery_response_status, failing_since };
};
const createHook = async (as: SignedIn, path: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/team/current/webhooks',
    headers: as.auth,
    payload: { url: `${receiver.url}${path}`, events: ['*'], kind: 'generic', description: 'Health' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
};
/** A pending event delivery, as the outbox's fan-out writes it. */
const pendingDelivery = async (endpointId: number) => {
  const eventId = nextEventId++;
  const [row] = await app.db
    .insert(webhookDeliveries)
    .values({
      endpointId,
      eventId,
      webhookId: `msg_${eventId}`,
      eventType: 'oops.created',
      payload: { type: 'oops.created', timestamp: new Date().toISOString(), data: {} },
    })
    .returning({ id: webhookDeliveries.id });
  return row!.id;
};
/** One attempt of a delivery at `at`, the receiver answering `status`. */
const attemptAt = async (deliveryId: number, at: Date, status: number) => {
  receiver.answer({ status });
  await attemptDelivery(
    { db: app.db, config: app.config, mailer: app.mailer, now: () => at, random: () => 0.5 },
    deliveryId,
  );
};
const t = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute));

describe('webhook health', () => {
  it('has no last delivery and is not failing before any attempt', async () => {
    const owner = await signUp(app);
    const id = await createHook(owner, '/fresh');
    expect(await healthOf(owner, id)).toEqual({
      last_delivery_at: null,
      last_delivery_status: null,
      last_delivery_response_status: null,
      failing_since: null,
    });
  });

  it('is failing since the first failure of the streak; a success resets it; a retry after it starts a new one', async () => {
    const owner = await signUp(app);
    const id = await createHook(owner, '/streak');
    const first = await pendingDelivery(id);
    const second = await pendingDelivery(id);
    const third = await pendingDelivery(id);

    await attemptAt(first, t(1), 500);
    expect(await healthOf(owner, id)).toEqual({
      last_delivery_at: t(1).toISOString(),
      // Still inside its retry window: it is retried later.
      last_delivery_status: 'pending',
      last_delivery_response_status: 500,
      failing_since: t(1).toISOString(),
    });
    await attemptAt(second, t(2), 503);
    expect(await healthOf(owner, id)).toMatchObject({
      last_delivery_at: t(2).toISOString(),
      last_delivery_response_status: 503,
      failing_since: t(1).toISOString(),
    });

    await attemptAt(third, t(3), 204);
    expect(await healthOf(owner, id)).toEqual({
      last_delivery_at: t(3).toISOString(),
      last_delivery_status: 'succeeded',
      last_delivery_response_status: 204,
      failing_since: null,
    });

    // The first delivery's retry fails after that success: the new streak starts with this attempt, not its first.
    await attemptAt(first, t(5), 502);
    expect(await healthOf(owner, id)).toMatchObject({
      last_delivery_at: t(5).toISOString(),
      last_delivery_status: 'pending',
      failing_since: t(5).toISOString(),
    });
    const fourth = await pendingDelivery(id);
    await attemptAt(fourth, t(6), 500);
    expect((await healthOf(owner, id)).failing_since).toBe(t(5).toISOString());
  });

  it("shows only the team's own endpoints, each with its own health, and never a secret", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const mine = await createHook(owner, '/mine');
    const theirs = await createHook(other, '/theirs');
    await attemptAt(await pendingDelivery(theirs), t(10), 500);

    const res = await list(owner);
    expect(res.json().webhooks.map((w: { id: number }) => w.id)).toEqual([mine]);
    expect(res.body).not.toMatch(/whsec_|secret/);
    expect((await healthOf(owner, mine)).failing_since).toBeNull();
    expect((await healthOf(other, theirs)).failing_since).toBe(t(10).toISOString());
    expect((await list(other)).body).not.toMatch(/whsec_|secret/);
  });

  it('resuming a paused endpoint clears its failing streak', async () => {
    const owner = await signUp(app);
    const id = await createHook(owner, '/resume');
    await attemptAt(await pendingDelivery(id), t(20), 500);
    expect((await healthOf(owner, id)).failing_since).toBe(t(20).toISOString());
    const patch = (payload: object) =>
      app.inject({ method: 'PATCH', url: `/api/team/current/webhooks/${id}`, headers: owner.auth, payload });
    expect((await patch({ paused: true })).statusCode).toBe(200);
    const resumed = (await patch({ paused: false })).json();
    expect(resumed).toMatchObject({ paused: false, consecutive_failures: 0, failing_since: null });
    // The last delivery stays as it was.
    expect(resumed.last_delivery_at).toBe(t(20).toISOString());
  });
});

describe('editing a webhook in place', () => {
  it('changes URL, events, kind, description and active together, and answers the health too', async () => {
    const owner = await signUp(app);
    const id = await createHook(owner, '/edit');
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/team/current/webhooks/${id}`,
      headers: owner.auth,
      payload: {
        url: `${receiver.url}/edited`,
        events: ['oops.created', 'oops.closed'],
        kind: 'slack',
        description: 'Renamed bot',
        paused: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      url: `${receiver.url}/edited`,
      events: ['oops.created', 'oops.closed'],
      kind: 'slack',
      description: 'Renamed bot',
      paused: true,
      last_delivery_at: null,
      failing_since: null,
    });
    expect(res.body).not.toMatch(/whsec_|secret/);
    const [listed] = (await list(owner)).json().webhooks;
    expect(listed).toMatchObject({
      url: `${receiver.url}/edited`,
      kind: 'slack',
      description: 'Renamed bot',
    });
  });

  it('refuses a bad kind or URL with a clear error and changes nothing', async () => {
    const owner = await signUp(app);
    const id = await createHook(owner, '/keep');
    const before = (await list(owner)).json().webhooks;
    for (const payload of [
      { kind: 'teams', description: 'Changed' },
      { url: 'ftp://example.com', description: 'Changed' },
    ]) {
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/team/current/webhooks/${id}`,
        headers: owner.auth,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect((await list(owner)).json().webhooks).toEqual(before);
  });

  it("another team's endpoint cannot be edited: 404 and unchanged", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const id = await createHook(other, '/foreign');
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/team/current/webhooks/${id}`,
      headers: owner.auth,
      payload: { kind: 'slack' },
    });
    expect(res.statusCode).toBe(404);
    expect((await list(other)).json().webhooks[0]).toMatchObject({ id, kind: 'generic' });
  });
});

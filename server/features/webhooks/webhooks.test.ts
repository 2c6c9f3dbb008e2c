// The webhook API against a real receiver on loopback: CRUD, the secret shown once, test sends verified with the
// standardwebhooks package, the delivery log and redelivery through a scheduler that runs attemptDelivery inline.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { auditEvents, webhookEndpoints } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { memberOf, signUp, type SignedIn } from '../../test/factories';
import { startReceiver } from '../../test/receiver';
import { attemptDelivery } from './deliver';
import type { WebhookScheduler } from './delivery-jobs';

let app: FastifyInstance;
let owner: SignedIn;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const scheduled: number[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  const scheduler: WebhookScheduler = {
    async schedule(deliveryId) {
      scheduled.push(deliveryId);
      await attemptDelivery(
        { db: app.db, config: app.config, mailer: app.mailer, now: () => new Date(), random: () => 0.5 },
        deliveryId,
      );
    },
  };
  app = await createTestApp({}, { send: async () => {} }, { webhooks: { scheduler } });
  owner = await signUp(app);
});

const create = (as: SignedIn, payload: object) =>
  app.inject({ method: 'POST', url: '/api/team/current/webhooks', headers: as.auth, payload });

describe('webhook endpoints', () => {
  it('creates a webhook and answers its whsec_ secret once; later answers never carry it', async () => {
    const res = await create(owner, {
      url: `${receiver.url}/hooks`,
      events: ['oops.created', 'oops.closed'],
      kind: 'generic',
      description: 'Incident bot',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      url: `${receiver.url}/hooks`,
      events: ['oops.created', 'oops.closed'],
      kind: 'generic',
      description: 'Incident bot',
      paused: false,
      consecutive_failures: 0,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const secret: string = created.secret;

    const answers = [
      await app.inject({ method: 'GET', url: '/api/team/current/webhooks', headers: owner.auth }),
      await app.inject({
        method: 'PATCH',
        url: `/api/team/current/webhooks/${created.id}`,
        headers: owner.auth,
        payload: { description: 'Renamed' },
      }),
      await app.inject({
        method: 'POST',
        url: `/api/team/current/webhooks/${created.id}/test`,
        headers: owner.auth,
      }),
      await app.inject({
        method: 'GET',
        url: `/api/team/current/webhooks/${created.id}/deliveries`,
        headers: owner.auth,
      }),
      await app.inject({ method: 'GET', url: '/api/openapi.json' }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(secret);
      expect(answer.body).not.toContain(secret.slice(6));
      expect(answer.body).not.toMatch(/secret_ciphertext|secretCiphertext/);
    }
    // At rest: sealed, not the secret or its base64 key.
    const [row] = await app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row!.secretCiphertext).not.toContain(secret.slice(6, 20));
    expect(row!.secretCiphertext).toMatch(/^v1\./);
    const audit = await app.db.select().from(auditEvents).where(eq(auditEvents.teamId, owner.user.team!.id));
    expect(JSON.stringify(audit)).not.toContain(secret.slice(6));
    expect(audit.map((a) => a.action)).toContain('webhook.created');
  });

  it('sends a test event signed per Standard Webhooks and logs the delivery with status, latency and excerpt', async () => {
    const { id, secret } = (
      await create(owner, { url: `${receiver.url}/verify`, events: ['*'], kind: 'generic' })
    ).json();
    receiver.answer({ status: 200, body: '{"received":true}' });
    const before = receiver.requests.length;
    const res = await app.inject({
      method: 'POST',
      url: `/api/team/current/webhooks/${id}/test`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    const delivery = res.json();
    expect(delivery).toMatchObject({
      event_type: 'webhook.test',
      status: 'succeeded',
      attempts: 1,
      response_status: 200,
      response_excerpt: '{"received":true}',
      error: null,
    });
    expect(delivery.webhook_id).toMatch(/^test_/);
    expect(delivery.latency_ms).toBeGreaterThanOrEqual(0);

    const request = receiver.requests[before]!;
    expect(request.url).toBe('/verify');
    expect(request.headers['user-agent']).toBe('OopsBoard-Webhooks');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-id']).toBe(delivery.webhook_id);
    expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const verified = new Webhook(secret).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    });
    expect(verified).toMatchObject({ type: 'webhook.test', data: { team: { name: expect.any(String) } } });
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(request.body, {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      }),
    ).toThrow();

    const log = (
      await app.inject({
        method: 'GET',
        url: `/api/team/current/webhooks/${id}/deliveries`,
        headers: owner.auth,
      })
    ).json();
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({ id: delivery.id, status: 'succeeded', response_status: 200 });
  });

  it('records a failed test send without retrying it, and redelivers from the log through the scheduler', async () => {
    const { id } = (
      await create(owner, { url: `${receiver.url}/flaky`, events: ['*'], kind: 'generic' })
    ).json();
    receiver.answer({ status: 500, body: 'boom' }, { status: 204 });
    const failed = (
      await app.inject({ method: 'POST', url: `/api/team/current/webhooks/${id}/test`, headers: owner.auth })
    ).json();
    expect(failed).toMatchObject({
      status: 'failed',
      response_status: 500,
      response_excerpt: 'boom',
      error: 'HTTP 500',
      next_attempt_at: null,
    });
    const res = await app.inject({
      method: 'POST',
      url: `/api/team/current/webhooks/${id}/deliveries/${failed.id}/redeliver`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(202);
    expect(scheduled).toContain(failed.id);
    expect(res.json()).toMatchObject({
      id: failed.id,
      status: 'succeeded',
      attempts: 1,
      response_status: 204,
    });
    const sent = receiver.requests.filter((r) => r.url === '/flaky');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers['webhook-id']).toBe(sent[0]!.headers['webhook-id']);
  });

  it('pauses and resumes (resuming resets the failure count), and refuses test sends while paused', async () => {
    const { id } = (
      await create(owner, { url: `${receiver.url}/p`, events: ['oops.created'], kind: 'slack' })
    ).json();
    await app.db.update(webhookEndpoints).set({ consecutiveFailures: 7 }).where(eq(webhookEndpoints.id, id));
    const patch = (payload: object) =>
      app.inject({ method: 'PATCH', url: `/api/team/current/webhooks/${id}`, headers: owner.auth, payload });
    const paused = await patch({ paused: true });
    expect(paused.json()).toMatchObject({ paused: true, pause_reason: expect.stringContaining('Paused by') });
    const test = await app.inject({
      method: 'POST',
      url: `/api/team/current/webhooks/${id}/test`,
      headers: owner.auth,
    });
    expect(test.statusCode).toBe(409);
    expect(test.json().error).toBe('This webhook is paused; resume it first.');
    expect((await patch({ paused: false })).json()).toMatchObject({
      paused: false,
      paused_at: null,
      pause_reason: null,
      consecutive_failures: 0,
    });
    expect((await patch({ events: ['*', 'oops.closed'] })).json().events).toEqual(['*']);
    expect((await patch({})).statusCode).toBe(400);
  });

  it('validates the body with clear messages', async () => {
    const cases: [object, string][] = [
      [{ url: 'ftp://example.com', events: ['*'], kind: 'generic' }, 'Enter an http:// or https:// URL.'],
      [{ url: `https://example.com/${'a'.repeat(2000)}`, events: ['*'], kind: 'generic' }, 'at most 2000'],
      [{ url: receiver.url, events: [], kind: 'generic' }, 'Choose at least one event.'],
      [{ url: receiver.url, events: ['oops.exploded'], kind: 'generic' }, 'events'],
      [{ url: receiver.url, events: ['user.updated'], kind: 'generic' }, 'events'],
      [{ url: receiver.url, events: ['oops.created', 'oops.created'], kind: 'generic' }, 'once'],
      [{ url: receiver.url, events: ['*'], kind: 'teams' }, 'kind'],
      [{ url: receiver.url, events: ['*'], kind: 'generic', description: 'x'.repeat(501) }, 'at most 500'],
      [{ url: receiver.url, events: ['*'], kind: 'generic', secret: 'mine' }, ''],
    ];
    for (const [payload, message] of cases) {
      const res = await create(owner, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error).toContain(message);
    }
  });

  it('allows at most 20 webhooks per team', async () => {
    const team = await signUp(app);
    for (let i = 0; i < 20; i++)
      expect(
        (await create(team, { url: `${receiver.url}/${i}`, events: ['*'], kind: 'generic' })).statusCode,
      ).toBe(201);
    const res = await create(team, { url: `${receiver.url}/21`, events: ['*'], kind: 'generic' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('A team may have at most 20 webhooks.');
  });

  it('is for owners and admins of the team only; other teams get 404 and change nothing', async () => {
    const member = await memberOf(app, owner.user.team!.id, 'member');
    const admin = await memberOf(app, owner.user.team!.id, 'admin');
    const other = await signUp(app);
    const { id } = (await create(admin, { url: `${receiver.url}/a`, events: ['*'], kind: 'generic' })).json();
    expect((await create(member, { url: receiver.url, events: ['*'], kind: 'generic' })).statusCode).toBe(
      403,
    );
    expect(
      (await app.inject({ method: 'GET', url: '/api/team/current/webhooks', headers: member.auth }))
        .statusCode,
    ).toBe(403);
    for (const [method, url] of [
      ['PATCH', `/api/team/current/webhooks/${id}`],
      ['DELETE', `/api/team/current/webhooks/${id}`],
      ['POST', `/api/team/current/webhooks/${id}/test`],
      ['GET', `/api/team/current/webhooks/${id}/deliveries`],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: other.auth,
        payload: method === 'PATCH' ? { paused: true } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const mine = (
      await app.inject({ method: 'GET', url: '/api/team/current/webhooks', headers: owner.auth })
    ).json();
    expect(mine.webhooks.find((w: { id: number }) => w.id === id)).toMatchObject({ paused: false });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/team/current/webhooks/${id}`,
      headers: owner.auth,
    });
    expect(deleted.json()).toEqual({ success: true });
    const after = (
      await app.inject({ method: 'GET', url: '/api/team/current/webhooks', headers: owner.auth })
    ).json();
    expect(after.webhooks.some((w: { id: number }) => w.id === id)).toBe(false);
  });
});

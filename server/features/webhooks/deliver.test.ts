// Fan-out and delivery attempts, called directly as the job engine will, against a real receiver on loopback and a
// real SMTP peer; time comes from a fake clock.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { DomainEvent, OopsSnapshot } from '../../../common/contracts/domain-events';
import { WEBHOOK_DELIVERY } from '../../../common/domain/webhooks';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { signUp, type SignedIn } from '../../test/factories';
import { startReceiver } from '../../test/receiver';
import { startSmtp } from '../../test/smtp';
import { attemptDelivery, nextRetryDelay, type DeliveryDeps } from './deliver';
import { fanOutEvent } from './fan-out';

let app: FastifyInstance;
let owner: SignedIn;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let clock: Date;
let nextEventId = Date.now();

beforeAll(async () => {
  receiver = await startReceiver();
  smtp = await startSmtp();
  app = await createTestApp({ smtpUrl: smtp.url, appUrl: 'https://oops.example.com' });
  owner = await signUp(app);
});

const deps = (overrides: Partial<DeliveryDeps> = {}): DeliveryDeps => ({
  db: app.db,
  config: app.config,
  mailer: app.mailer,
  now: () => clock,
  random: () => 0,
  ...overrides,
});

const snapshot: OopsSnapshot = {
  id: 41,
  id_slug: 'oops-41-db-outage',
  title: 'Database outage <checkout>',
  kind: 'incident',
  severity: 'High',
  status: 'Closed',
  area_department: 'Engineering',
  logged_by: 'Ada Lovelace',
  lesson_learned: 'Alert on connection pool saturation.',
};

function oopsEvent(teamId: number, type: 'oops.created' | 'oops.closed' = 'oops.created'): DomainEvent {
  return {
    id: nextEventId++,
    type,
    teamId,
    payload: { actor: { id: 1, name: 'Ada Lovelace' }, oops: snapshot },
    occurredAt: new Date('2026-03-01T10:00:00Z'),
  };
}

async function endpoint(as: SignedIn, path: string, events: string[] = ['*'], kind = 'generic') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/team/current/webhooks',
    headers: as.auth,
    payload: { url: `${receiver.url}${path}`, events, kind },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number; secret: string }>();
}

const deliveryRow = async (id: number) =>
  (await app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;
const endpointRow = async (id: number) =>
  (await app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;

describe('fanOutEvent', () => {
  it('creates one delivery per active subscribed endpoint of the team, once per event', async () => {
    const team = await signUp(app);
    const all = await endpoint(team, '/all');
    const created = await endpoint(team, '/created', ['oops.created']);
    await endpoint(team, '/closed', ['oops.closed']);
    const paused = await endpoint(team, '/paused');
    await app.inject({
      method: 'PATCH',
      url: `/api/team/current/webhooks/${paused.id}`,
      headers: team.auth,
      payload: { paused: true },
    });
    await endpoint(await signUp(app), '/other-team');

    const event = oopsEvent(team.user.team!.id);
    const ids = await app.db.transaction((tx) => fanOutEvent(tx, event));
    expect(ids).toHaveLength(2);
    const rows = await Promise.all(ids.map(deliveryRow));
    expect(rows.map((r) => r.endpointId).sort()).toEqual([all.id, created.id].sort());
    for (const row of rows)
      expect(row).toMatchObject({
        eventId: event.id,
        webhookId: `evt_${event.id}`,
        eventType: 'oops.created',
        status: 'pending',
        attempts: 0,
        payload: { type: 'oops.created', timestamp: '2026-03-01T10:00:00.000Z', data: event.payload },
      });
    // Idempotent: the dispatcher may run an event twice.
    expect(await fanOutEvent(app.db, event)).toEqual([]);
  });

  it('ignores account events', async () => {
    await endpoint(owner, '/acct');
    const event: DomainEvent = {
      id: nextEventId++,
      type: 'session.ended',
      teamId: owner.user.team!.id,
      payload: { user_id: 1 },
      occurredAt: new Date(),
    };
    expect(await fanOutEvent(app.db, event)).toEqual([]);
  });
});

describe('attemptDelivery', () => {
  it('delivers a signed event that standardwebhooks verifies', async () => {
    const team = await signUp(app);
    const { secret } = await endpoint(team, '/signed');
    const [id] = await fanOutEvent(app.db, oopsEvent(team.user.team!.id));
    expect(await attemptDelivery(deps({ now: () => new Date() }), id!)).toEqual({ retryAt: null });
    const request = receiver.requests.find((r) => r.url === '/signed')!;
    const body = new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
    expect(body).toEqual({
      type: 'oops.created',
      timestamp: '2026-03-01T10:00:00.000Z',
      data: expect.any(Object),
    });
    expect(await deliveryRow(id!)).toMatchObject({ status: 'succeeded', attempts: 1, responseStatus: 200 });
  });

  it('retries with backoff when the receiver answers 500 then 200, with the same webhook-id', async () => {
    const team = await signUp(app);
    const hook = await endpoint(team, '/retry');
    const [id] = await fanOutEvent(app.db, oopsEvent(team.user.team!.id));
    clock = new Date('2026-03-01T10:00:01Z');
    receiver.answer({ status: 500, body: 'temporarily broken' }, { status: 200, body: 'thanks' });

    const first = await attemptDelivery(deps(), id!);
    expect(first.retryAt).toEqual(new Date(clock.getTime() + WEBHOOK_DELIVERY.retryBaseMs / 2));
    expect(await deliveryRow(id!)).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 500,
      responseExcerpt: 'temporarily broken',
      error: 'HTTP 500',
      nextAttemptAt: first.retryAt,
    });
    expect((await endpointRow(hook.id)).consecutiveFailures).toBe(1);

    clock = first.retryAt!;
    expect(await attemptDelivery(deps(), id!)).toEqual({ retryAt: null });
    expect(await deliveryRow(id!)).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      responseStatus: 200,
      responseExcerpt: 'thanks',
      error: null,
      nextAttemptAt: null,
      firstAttemptAt: new Date('2026-03-01T10:00:01Z'),
    });
    expect((await endpointRow(hook.id)).consecutiveFailures).toBe(0);
    const sent = receiver.requests.filter((r) => r.url === '/retry');
    expect(sent.map((r) => r.headers['webhook-id'])).toEqual([
      `evt_${nextEventId - 1}`,
      `evt_${nextEventId - 1}`,
    ]);
    // Done deliveries are not sent again.
    expect(await attemptDelivery(deps(), id!)).toEqual({ retryAt: null });
    expect(receiver.requests.filter((r) => r.url === '/retry')).toHaveLength(2);
  });

  it('gives up once the next retry would fall outside 24 hours of the first attempt', async () => {
    const team = await signUp(app);
    await endpoint(team, '/down');
    const [id] = await fanOutEvent(app.db, oopsEvent(team.user.team!.id));
    receiver.answer({ status: 503 }, { status: 503 });
    clock = new Date('2026-03-02T00:00:00Z');
    expect((await attemptDelivery(deps(), id!)).retryAt).not.toBeNull();
    clock = new Date(clock.getTime() + WEBHOOK_DELIVERY.retryWindowMs - 1000);
    expect(await attemptDelivery(deps(), id!)).toEqual({ retryAt: null });
    expect(await deliveryRow(id!)).toMatchObject({ status: 'failed', attempts: 2, nextAttemptAt: null });
  });

  it('pauses the endpoint after 20 consecutive failures and e-mails its creator', async () => {
    const team = await signUp(app);
    const hook = await endpoint(team, '/broken');
    receiver.answer(...Array.from({ length: 20 }, () => ({ status: 500, body: 'still broken' })));
    const [id] = await fanOutEvent(app.db, oopsEvent(team.user.team!.id));
    clock = new Date('2026-03-03T00:00:00Z');
    let result = await attemptDelivery(deps(), id!);
    for (let attempt = 2; attempt <= 20; attempt++) {
      expect(result.retryAt, `attempt ${attempt}`).not.toBeNull();
      clock = result.retryAt!;
      result = await attemptDelivery(deps(), id!);
    }
    expect(result).toEqual({ retryAt: null });
    const row = await endpointRow(hook.id);
    expect(row.consecutiveFailures).toBe(20);
    expect(row.pausedAt).toEqual(clock);
    expect(row.pauseReason).toBe('Paused after 20 consecutive failed deliveries.');
    expect(await deliveryRow(id!)).toMatchObject({ status: 'failed', attempts: 20 });

    const mail = smtp.lastTo(team.email);
    expect(mail?.text).toContain('failed 20 times in a row');
    expect(mail?.text).toContain('https://oops.example.com/settings/integrations');
    expect(mail?.text).not.toContain('/broken');
    // Paused: new events are not fanned out, and pending deliveries are closed without a request.
    expect(await fanOutEvent(app.db, oopsEvent(team.user.team!.id))).toEqual([]);
    const sentBefore = receiver.requests.length;
    await app.db.update(webhookDeliveries).set({ status: 'pending' }).where(eq(webhookDeliveries.id, id!));
    expect(await attemptDelivery(deps(), id!)).toEqual({ retryAt: null });
    expect(receiver.requests.length).toBe(sentBefore);
    expect((await deliveryRow(id!)).error).toBe('Not sent: the webhook is paused.');
  });

  it('reads at most 4 KB of the answer, follows no redirect and times out', async () => {
    const team = await signUp(app);
    await endpoint(team, '/big');
    receiver.answer({ status: 200, body: 'é'.repeat(50_000) });
    const [big] = await fanOutEvent(app.db, oopsEvent(team.user.team!.id));
    await attemptDelivery(deps(), big!);
    const row = await deliveryRow(big!);
    expect(Buffer.byteLength(row.responseExcerpt!)).toBeLessThanOrEqual(4096 + 3);
    expect(row.responseExcerpt!.length).toBeGreaterThan(2000);

    receiver.answer({ status: 302, headers: { location: `${receiver.url}/elsewhere` } });
    const [redirected] = await fanOutEvent(app.db, oopsEvent(team.user.team!.id));
    await attemptDelivery(deps(), redirected!);
    expect(await deliveryRow(redirected!)).toMatchObject({
      status: 'pending',
      responseStatus: 302,
      error: 'Redirects are not followed.',
    });
    expect(receiver.requests.some((r) => r.url === '/elsewhere')).toBe(false);

    receiver.answer({ status: 200, hang: true });
    const [slow] = await fanOutEvent(app.db, oopsEvent(team.user.team!.id));
    const result = await attemptDelivery(deps({ timeoutMs: 300 }), slow!);
    expect(result.retryAt).not.toBeNull();
    expect(await deliveryRow(slow!)).toMatchObject({ responseStatus: null, error: 'Timed out after 0.3 s.' });
  });

  it('posts a Block Kit message to a Slack endpoint, with the lesson learned on closure', async () => {
    const team = await signUp(app);
    await endpoint(team, '/slack', ['oops.closed'], 'slack');
    const [id] = await fanOutEvent(app.db, oopsEvent(team.user.team!.id, 'oops.closed'));
    await attemptDelivery(deps(), id!);
    const request = receiver.requests.find((r) => r.url === '/slack')!;
    expect(request.headers['webhook-signature']).toBeUndefined();
    const message = JSON.parse(request.body);
    expect(message.text).toContain('Database outage <checkout>');
    const blocks = JSON.stringify(message.blocks);
    expect(blocks).toContain(
      '<https://oops.example.com/oops/oops-41-db-outage|Database outage &lt;checkout&gt;>',
    );
    expect(blocks).toContain('*Severity*\\nHigh');
    expect(blocks).toContain('*Department*\\nEngineering');
    expect(blocks).toContain('*Logged by*\\nAda Lovelace');
    expect(blocks).toContain('*Lesson learned*\\nAlert on connection pool saturation.');
  });
});

describe('nextRetryDelay', () => {
  it('doubles from the base up to the cap, with jitter in the upper half', () => {
    const { retryBaseMs, retryCapMs } = WEBHOOK_DELIVERY;
    expect(nextRetryDelay(1, () => 0)).toBe(retryBaseMs / 2);
    expect(nextRetryDelay(1, () => 0.999999)).toBeCloseTo(retryBaseMs, -1);
    expect(nextRetryDelay(3, () => 0)).toBe(retryBaseMs * 2);
    expect(nextRetryDelay(40, () => 0)).toBe(retryCapMs / 2);
    expect(nextRetryDelay(40, () => 0.999999)).toBeLessThanOrEqual(retryCapMs);
  });
});

// Webhook endpoints of the actor's team: create (the secret is answered once and stored sealed), list, change,
// pause/resume, delete, the delivery log, test sends and redelivery. Ids of another team are "not found".
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import type {
  CreatedWebhook,
  Webhook,
  WebhookDelivery,
  createWebhookBody,
  updateWebhookBody,
} from '../../../common/contracts/webhooks';
import { WEBHOOK_MESSAGES } from '../../../common/contracts/webhooks';
import { WEBHOOK_LIMITS } from '../../../common/domain/webhooks';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { teams, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { AUDIT, recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { secretBoxFor } from '../../lib/secret-box';
import type { TeamActor } from '../../lib/actor';
import { testEnvelope } from './envelope';
import { NO_HEALTH, healthOf, type WebhookHealth } from './health';
import { generateSecret } from './signing';
import { UnsafeUrlError, vetUrl, type Lookup } from './ssrf';

export interface WebhookContext {
  db: Db;
  actor: TeamActor;
  config: Pick<Config, 'dataDir' | 'secretsKey' | 'webhookAllowPrivate'>;
  ip?: string;
  lookup?: Lookup;
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const webhookView = (row: EndpointRow, health: WebhookHealth = NO_HEALTH): Webhook => ({
  id: row.id,
  url: row.url,
  kind: row.kind,
  events: row.events,
  description: row.description,
  paused: row.pausedAt !== null,
  paused_at: iso(row.pausedAt),
  pause_reason: row.pauseReason,
  consecutive_failures: row.consecutiveFailures,
  created_at: row.createdAt.toISOString(),
  ...health,
});

/** Rows as answered, each with its health from the delivery log. */
async function withHealth(db: Db, teamId: number, rows: EndpointRow[]): Promise<Webhook[]> {
  const health = await healthOf(
    db,
    teamId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => webhookView(row, health.get(row.id)));
}

export const deliveryView = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  webhook_id: row.webhookId,
  event_type: row.eventType,
  status: row.status,
  attempts: row.attempts,
  response_status: row.responseStatus,
  latency_ms: row.latencyMs,
  response_excerpt: row.responseExcerpt,
  error: row.error,
  last_attempt_at: iso(row.lastAttemptAt),
  next_attempt_at: iso(row.nextAttemptAt),
  created_at: row.createdAt.toISOString(),
});

async function assertReachable(ctx: WebhookContext, url: string): Promise<void> {
  try {
    await vetUrl(url, { allowPrivate: ctx.config.webhookAllowPrivate, lookup: ctx.lookup });
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw badRequest(error.message);
    throw error;
  }
}

async function findEndpoint({ db, actor }: WebhookContext, id: number): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.teamId, actor.teamId)));
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return row;
}

/** The team's webhooks, oldest first, with their health. */
export async function listWebhooks({ db, actor }: WebhookContext): Promise<Webhook[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.teamId, actor.teamId))
    .orderBy(webhookEndpoints.id);
  return withHealth(db, actor.teamId, rows);
}

/** Adds a webhook; the answer carries its signing secret, which no later answer shows again. */
export async function createWebhook(
  ctx: WebhookContext,
  input: z.output<typeof createWebhookBody>,
): Promise<CreatedWebhook> {
  await assertReachable(ctx, input.url);
  const secret = generateSecret();
  const sealed = secretBoxFor(ctx.config).seal(secret);
  const row = await ctx.db.transaction(async (tx) => {
    // The team row's lock serialises concurrent creates, so the limit holds.
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, ctx.actor.teamId)).for('update');
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.teamId, ctx.actor.teamId));
    if (n >= WEBHOOK_LIMITS.endpointsPerTeam) throw conflict(WEBHOOK_MESSAGES.tooMany);
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        teamId: ctx.actor.teamId,
        createdById: ctx.actor.userId,
        url: input.url,
        kind: input.kind,
        events: input.events,
        description: input.description,
        secretCiphertext: sealed,
      })
      .returning();
    await recordAudit(tx, {
      action: AUDIT.webhookCreated,
      actorId: ctx.actor.userId,
      teamId: ctx.actor.teamId,
      target: `webhook:${created!.id}`,
      ip: ctx.ip,
      details: { origin: new URL(input.url).origin, kind: input.kind },
    });
    return created!;
  });
  return { ...webhookView(row), secret };
}

/** Changes URL, events, kind or description; `paused` pauses, or resumes with a fresh failure count. */
export async function updateWebhook(
  ctx: WebhookContext,
  id: number,
  input: z.output<typeof updateWebhookBody>,
  now: Date,
): Promise<Webhook> {
  const current = await findEndpoint(ctx, id);
  if (input.url !== undefined && input.url !== current.url) await assertReachable(ctx, input.url);
  const changes: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: now };
  if (input.url !== undefined) changes.url = input.url;
  if (input.events !== undefined) changes.events = input.events;
  if (input.description !== undefined) changes.description = input.description;
  if (input.kind !== undefined) changes.kind = input.kind;
  if (input.paused === true && !current.pausedAt) {
    changes.pausedAt = now;
    changes.pauseReason = `Paused by ${ctx.actor.name}.`;
  } else if (input.paused === false) {
    changes.pausedAt = null;
    changes.pauseReason = null;
    changes.consecutiveFailures = 0;
  }
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set(changes)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.teamId, ctx.actor.teamId)))
    .returning();
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  await recordAudit(ctx.db, {
    action: AUDIT.webhookUpdated,
    actorId: ctx.actor.userId,
    teamId: ctx.actor.teamId,
    target: `webhook:${id}`,
    ip: ctx.ip,
    details: { fields: Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined) },
  });
  const [answer] = await withHealth(ctx.db, ctx.actor.teamId, [row]);
  return answer!;
}

/** Deletes a webhook and its delivery log. */
export async function deleteWebhook(ctx: WebhookContext, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.teamId, ctx.actor.teamId)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw notFound(WEBHOOK_MESSAGES.notFound);
  await recordAudit(ctx.db, {
    action: AUDIT.webhookDeleted,
    actorId: ctx.actor.userId,
    teamId: ctx.actor.teamId,
    target: `webhook:${id}`,
    ip: ctx.ip,
  });
}

/** The newest deliveries of a webhook (at most WEBHOOK_LIMITS.deliveriesListed). */
export async function listDeliveries(ctx: WebhookContext, id: number): Promise<WebhookDelivery[]> {
  await findEndpoint(ctx, id);
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, id))
    .orderBy(desc(webhookDeliveries.id))
    .limit(WEBHOOK_LIMITS.deliveriesListed);
  return rows.map(deliveryView);
}

/** A pending `webhook.test` delivery with its own webhook-id; the caller sends it at once. */
export async function createTestDelivery(ctx: WebhookContext, id: number, now: Date): Promise<number> {
  const endpoint = await findEndpoint(ctx, id);
  if (endpoint.pausedAt) throw conflict(WEBHOOK_MESSAGES.paused);
  const [team] = await ctx.db.select({ name: teams.name }).from(teams).where(eq(teams.id, ctx.actor.teamId));
  const envelope = testEnvelope(now, team?.name ?? '', ctx.actor.name);
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      endpointId: id,
      eventId: null,
      webhookId: `test_${randomUUID()}`,
      eventType: envelope.type,
      payload: envelope,
    })
    .returning({ id: webhookDeliveries.id });
  return row!.id;
}

export async function getDelivery(
  ctx: WebhookContext,
  id: number,
  deliveryId: number,
): Promise<WebhookDelivery> {
  await findEndpoint(ctx, id);
  const [row] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)));
  if (!row) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  return deliveryView(row);
}

/**
 * Puts a delivery back in the queue as new (same webhook-id and body, a fresh retry window); returns it. The caller
 * schedules its first attempt.
 */
export async function requeueDelivery(
  ctx: WebhookContext,
  id: number,
  deliveryId: number,
  now: Date,
): Promise<WebhookDelivery> {
  const endpoint = await findEndpoint(ctx, id);
  if (endpoint.pausedAt) throw conflict(WEBHOOK_MESSAGES.paused);
  const [row] = await ctx.db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, firstAttemptAt: null, nextAttemptAt: now })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)))
    .returning();
  if (!row) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  return deliveryView(row);
}

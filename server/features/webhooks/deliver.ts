// One delivery attempt: load, sign (generic) or format (Slack), vet the address, POST, record the outcome, and tell
// the job engine when to try again. The engine owns the schedule; this module keeps no queue.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { WEBHOOK_DELIVERY } from '../../../common/domain/webhooks';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { teams, users, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { webhookPausedEmail } from '../../lib/emails';
import { secretBoxFor } from '../../lib/secret-box';
import type { Mailer } from '../../plugins/mail';
import type { WebhookEnvelope } from './envelope';
import { postJson, type SendResult } from './http-send';
import { signatureHeaders } from './signing';
import { slackMessage } from './slack';
import { UnsafeUrlError, vetUrl, type Lookup, type ResolvedAddress } from './ssrf';

export interface DeliveryDeps {
  db: Db;
  config: Pick<Config, 'appUrl' | 'dataDir' | 'secretsKey' | 'webhookAllowPrivate'>;
  /** Sends the e-mail to the endpoint's creator when it is paused. */
  mailer: Mailer;
  now: () => Date;
  /** In [0, 1): the jitter of the backoff (tests pass a fixed one). */
  random: () => number;
  /** Host name resolution for the SSRF guard; dns.promises.lookup by default. */
  lookup?: Lookup;
  timeoutMs?: number;
  log?: { warn(object: object, message: string): void };
}

/**
 * The wait before the retry that follows attempt number `attempt` (1 for the first): base·2^(attempt−1) capped,
 * with "equal jitter" (half fixed, half random) so retries of many deliveries spread out but never come at once.
 */
export function nextRetryDelay(attempt: number, random: () => number): number {
  const { retryBaseMs, retryCapMs } = WEBHOOK_DELIVERY;
  const ceiling = Math.min(retryCapMs, retryBaseMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

const UNREADABLE_SECRET = 'Not sent: the signing secret could not be read (was SECRETS_KEY changed?).';
const PAUSED_DELIVERY_ERROR = 'Not sent: the webhook is paused.';
const pauseReason = (failures: number) => `Paused after ${failures} consecutive failed deliveries.`;

/**
 * Sends one attempt of a delivery and records it. Returns when to try again, or null when done: delivered, given
 * up after the retry window, endpoint paused or deleted, or the delivery is no longer pending.
 */
export async function attemptDelivery(
  deps: DeliveryDeps,
  deliveryId: number,
): Promise<{ retryAt: Date | null }> {
  return attempt(deps, deliveryId, true);
}

/** "Send test": one attempt, no retry, and the endpoint's failure count is left alone. */
export async function attemptTestDelivery(deps: DeliveryDeps, deliveryId: number): Promise<void> {
  await attempt(deps, deliveryId, false);
}

async function attempt(
  deps: DeliveryDeps,
  deliveryId: number,
  retries: boolean,
): Promise<{ retryAt: Date | null }> {
  const { db } = deps;
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row || row.delivery.status !== 'pending') return { retryAt: null };
  const { delivery, endpoint } = row;
  if (endpoint.pausedAt) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', error: PAUSED_DELIVERY_ERROR, nextAttemptAt: null })
      .where(eq(webhookDeliveries.id, deliveryId));
    return { retryAt: null };
  }

  const now = deps.now();
  const result = await send(deps, endpoint, delivery, now);
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const attempts = delivery.attempts + 1;
  const firstAttemptAt = delivery.firstAttemptAt ?? now;

  const outcome = await db.transaction(async (tx) => {
    let pausedNow = false;
    let failures = 0;
    if (retries && ok) {
      await tx
        .update(webhookEndpoints)
        .set({ consecutiveFailures: 0 })
        .where(eq(webhookEndpoints.id, endpoint.id));
    } else if (retries) {
      const [counted] = await tx
        .update(webhookEndpoints)
        .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
        .where(eq(webhookEndpoints.id, endpoint.id))
        .returning({ failures: webhookEndpoints.consecutiveFailures });
      failures = counted?.failures ?? 0;
      if (failures >= WEBHOOK_DELIVERY.pauseAfterFailures) {
        const paused = await tx
          .update(webhookEndpoints)
          .set({ pausedAt: now, pauseReason: pauseReason(failures), updatedAt: now })
          .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.pausedAt)))
          .returning({ id: webhookEndpoints.id });
        pausedNow = paused.length > 0;
      }
    }
    let retryAt: Date | null = null;
    if (retries && !ok && failures < WEBHOOK_DELIVERY.pauseAfterFailures) {
      const at = new Date(now.getTime() + nextRetryDelay(attempts, deps.random));
      if (at.getTime() - firstAttemptAt.getTime() <= WEBHOOK_DELIVERY.retryWindowMs) retryAt = at;
    }
    await tx
      .update(webhookDeliveries)
      .set({
        status: ok ? 'succeeded' : retryAt ? 'pending' : 'failed',
        attempts,
        firstAttemptAt,
        lastAttemptAt: now,
        nextAttemptAt: retryAt,
        responseStatus: result.status,
        responseExcerpt: result.excerpt,
        latencyMs: result.latencyMs,
        error: result.error ?? (ok ? null : `HTTP ${result.status}`),
      })
      .where(eq(webhookDeliveries.id, deliveryId));
    return { retryAt, pausedNow, failures };
  });

  if (outcome.pausedNow) await announcePause(deps, endpoint, outcome.failures, result);
  return { retryAt: outcome.retryAt };
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

async function send(
  deps: DeliveryDeps,
  endpoint: EndpointRow,
  delivery: DeliveryRow,
  now: Date,
): Promise<SendResult> {
  const notSent = (error: string): SendResult => ({ status: null, excerpt: null, error, latencyMs: 0 });
  const envelope = delivery.payload as WebhookEnvelope;
  let address: ResolvedAddress;
  try {
    address = await vetUrl(endpoint.url, {
      allowPrivate: deps.config.webhookAllowPrivate,
      lookup: deps.lookup,
    });
  } catch (error) {
    if (error instanceof UnsafeUrlError) return notSent(`Not sent: ${error.message}`);
    throw error;
  }
  if (endpoint.kind === 'slack') {
    const body = JSON.stringify(slackMessage(envelope, deps.config.appUrl));
    return postJson(endpoint.url, address, {}, body, deps.timeoutMs);
  }
  let secret: string;
  try {
    secret = secretBoxFor(deps.config).open(endpoint.secretCiphertext);
  } catch {
    deps.log?.warn({ endpointId: endpoint.id }, UNREADABLE_SECRET);
    return notSent(UNREADABLE_SECRET);
  }
  const body = JSON.stringify(envelope);
  return postJson(
    endpoint.url,
    address,
    signatureHeaders(secret, delivery.webhookId, now, body),
    body,
    deps.timeoutMs,
  );
}

/** E-mails the endpoint's creator (or, when they are gone, the team's owner) that it was paused. */
async function announcePause(
  deps: DeliveryDeps,
  endpoint: EndpointRow,
  failures: number,
  result: SendResult,
) {
  try {
    const [team] = await deps.db
      .select({ name: teams.name, ownerId: teams.ownerId })
      .from(teams)
      .where(eq(teams.id, endpoint.teamId));
    const recipientId = endpoint.createdById ?? team?.ownerId ?? null;
    if (!team || recipientId === null) return;
    const [recipient] = await deps.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, recipientId), eq(users.isActive, true)));
    if (!recipient) return;
    await deps.mailer.send(
      webhookPausedEmail(recipient.email, {
        teamName: team.name,
        endpoint: new URL(endpoint.url).origin,
        failures,
        lastError: result.error ?? `HTTP ${result.status}`,
        link: `${deps.config.appUrl}/settings/integrations`,
      }),
    );
  } catch (error) {
    // The pause stands and shows in the UI; a mail outage must not turn into a failed job.
    deps.log?.warn(
      { endpointId: endpoint.id, err: (error as Error).message },
      'webhook pause e-mail not sent',
    );
  }
}

// Domain events (the outbox) and outgoing webhooks. Re-exported by ../schema.ts.
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_KINDS } from '../../../common/domain/webhooks';
import { createdAt } from './columns';
import { teams, users } from './people';

/**
 * The outbox of domain events (server/events/outbox.ts): written in the transaction of the change it describes, handed
 * to its consumers once committed, marked dispatched by the process that did it (rows are claimed with SKIP LOCKED).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id'),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    index('domain_events_pending_idx')
      .on(t.id)
      .where(sql`${t.dispatchedAt} is null`),
    index('domain_events_dispatched_idx').on(t.dispatchedAt),
  ],
);

export const webhookKindEnum = pgEnum('webhook_kind', WEBHOOK_KINDS);
export const webhookDeliveryStatusEnum = pgEnum('webhook_delivery_status', WEBHOOK_DELIVERY_STATUSES);

/** Outgoing webhooks of a team (server/features/webhooks). The signing secret is stored sealed (secret-box.ts). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    kind: webhookKindEnum('kind').notNull(),
    /** Team event types, or ['*'] for all of them. */
    events: text('events').array().notNull(),
    description: text('description'),
    secretCiphertext: text('secret_ciphertext').notNull(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pauseReason: text('pause_reason'),
    /** Failed attempts in a row (reset by a success or by resuming); the endpoint pauses at 20. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_team_idx').on(t.teamId)],
);

/** One event (or test) to one endpoint, with the outcome of its latest attempt. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The outbox event; null for test deliveries. */
    eventId: bigint('event_id', { mode: 'number' }),
    /** The webhook-id header: stable across retries, so receivers can drop duplicates. */
    webhookId: text('webhook_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The envelope sent: { type, timestamp, data }. */
    payload: jsonb('payload').notNull(),
    status: webhookDeliveryStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt'),
    latencyMs: integer('latency_ms'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_endpoint_attempt_idx').on(t.endpointId, t.lastAttemptAt),
  ],
);

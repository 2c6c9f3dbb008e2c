// Fan-out: one delivery row per subscribed endpoint for a team event, written in the dispatcher's transaction.
import { and, arrayOverlaps, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isTeamEvent, type DomainEvent } from '../../../common/contracts/domain-events';
import { ALL_EVENTS } from '../../../common/domain/webhooks';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { eventEnvelope, eventWebhookId } from './envelope';
import type { EventNeed } from '../../events/outbox';

/**
 * The events whose team has an endpoint that is not paused (so they may have deliveries to fan out), as a condition
 * on the event's team id: the others are written dispatched, or claimed without a transaction (server/events/outbox.ts,
 * server/events/claims.ts).
 */
export const teamHasActiveEndpoint: EventNeed = (teamId) => sql`exists (select 1 from ${webhookEndpoints}
  where ${webhookEndpoints.teamId} = ${teamId} and ${webhookEndpoints.pausedAt} is null)`;

/** Which of these teams have an endpoint that is not paused (so their events may have deliveries to fan out). */
export async function teamsWithActiveEndpoints(db: Db, teamIds: (number | null)[]): Promise<Set<number>> {
  const ids = [...new Set(teamIds.filter((id) => id !== null))];
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ teamId: webhookEndpoints.teamId })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.teamId, ids), isNull(webhookEndpoints.pausedAt)));
  return new Set(rows.map((row) => row.teamId));
}

/**
 * Inserts a pending delivery of `event` for every active endpoint of its team that subscribes to its type (or to
 * '*'); idempotent per (endpoint, event). Returns the ids of the deliveries created now, for the caller to schedule.
 * Account events and events without a team create none.
 */
export async function fanOutEvent(db: Db, event: DomainEvent): Promise<number[]> {
  if (!isTeamEvent(event) || event.teamId === null) return [];
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.teamId, event.teamId),
        isNull(webhookEndpoints.pausedAt),
        arrayOverlaps(webhookEndpoints.events, [event.type, ALL_EVENTS]),
      ),
    );
  if (endpoints.length === 0) return [];
  const envelope = eventEnvelope(event);
  const rows = await db
    .insert(webhookDeliveries)
    .values(
      endpoints.map((endpoint) => ({
        endpointId: endpoint.id,
        eventId: event.id,
        webhookId: eventWebhookId(event.id),
        eventType: event.type,
        payload: envelope,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

// The body of a generic delivery, as Standard Webhooks recommends: { type, timestamp, data }.
import type { DomainEvent } from '../../../common/contracts/domain-events';
import { WEBHOOK_TEST_EVENT } from '../../../common/domain/webhooks';

export interface WebhookEnvelope {
  type: string;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: unknown;
}

export const eventEnvelope = (event: DomainEvent): WebhookEnvelope => ({
  type: event.type,
  timestamp: event.occurredAt.toISOString(),
  data: event.payload,
});

/** The webhook-id of every delivery of an outbox event: stable across retries and restarts. */
export const eventWebhookId = (eventId: number) => `evt_${eventId}`;

export const testEnvelope = (at: Date, teamName: string, actorName: string): WebhookEnvelope => ({
  type: WEBHOOK_TEST_EVENT,
  timestamp: at.toISOString(),
  data: { message: 'Test event from OopsBoard.', team: { name: teamName }, actor: { name: actorName } },
});

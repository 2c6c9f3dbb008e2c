// Outgoing webhooks: the kinds, limits and delivery rules (the numbers), shared by the server and the UI.

export const WEBHOOK_KINDS = ['generic', 'slack'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
export const WEBHOOK_KIND_LABELS: Record<WebhookKind, string> = {
  generic: 'Generic (Standard Webhooks)',
  slack: 'Slack incoming webhook',
};

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Subscribing to this instead of a list means every team event, including types added later. */
export const ALL_EVENTS = '*';
/** The type of the event sent by "Send test". */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_LIMITS = {
  endpointsPerTeam: 20,
  urlMaxLength: 2000,
  descriptionMaxLength: 500,
  /** Delivery log entries answered per request, newest first. */
  deliveriesListed: 50,
} as const;

export const WEBHOOK_DELIVERY = {
  timeoutMs: 10_000,
  /** Bytes of a response body read (and kept as its excerpt); the rest is not downloaded. */
  responseBytes: 4096,
  /** Failed attempts in a row after which the endpoint is paused and its creator e-mailed. */
  pauseAfterFailures: 20,
  /** Retries stop once this long has passed since the first attempt. */
  retryWindowMs: 24 * 60 * 60 * 1000,
  /** Exponential backoff: base·2^attempt, capped, with full jitter. */
  retryBaseMs: 30_000,
  retryCapMs: 2 * 60 * 60 * 1000,
} as const;

/** Human labels of the team event types, for the event checkboxes and Slack messages. */
export const WEBHOOK_EVENT_LABELS: Record<string, string> = {
  'oops.created': 'Oops logged',
  'oops.updated': 'Oops updated',
  'oops.closed': 'Oops closed',
  'oops.reopened': 'Oops reopened',
  'oops.note_added': 'Note added',
  'oops.imported': 'Oopses imported',
  'action.created': 'Action created',
  'action.updated': 'Action updated',
  'action.completed': 'Action completed',
  'action.deleted': 'Action deleted',
  'team.updated': 'Team updated',
  'member.joined': 'Member joined',
  'member.role_changed': 'Member role changed',
  'member.removed': 'Member removed',
  [WEBHOOK_TEST_EVENT]: 'Test event',
};

// Contracts of the outgoing webhook calls (/api/team/current/webhooks…). The signing secret appears in one answer
// only: create's `secret`.
import { z } from 'zod';
import { dbIdText } from './safe-input';
import { ALL_EVENTS, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_KINDS, WEBHOOK_LIMITS } from '../domain/webhooks';
import { TEAM_EVENT_TYPES } from './domain-events';

export const WEBHOOK_MESSAGES = {
  badUrl: 'Enter an http:// or https:// URL.',
  urlTooLong: `The URL may have at most ${WEBHOOK_LIMITS.urlMaxLength} characters.`,
  privateAddress:
    'This URL points to a private, loopback, link-local or metadata address; webhooks may only reach public addresses.',
  unresolvable: (host: string) => `The host ${host} could not be resolved.`,
  noEvents: 'Choose at least one event.',
  duplicateEvents: 'Each event may be chosen once.',
  descriptionTooLong: `The description may have at most ${WEBHOOK_LIMITS.descriptionMaxLength} characters.`,
  tooMany: `A team may have at most ${WEBHOOK_LIMITS.endpointsPerTeam} webhooks.`,
  notFound: 'Webhook not found.',
  deliveryNotFound: 'Delivery not found.',
  paused: 'This webhook is paused; resume it first.',
  nothingToChange: 'Nothing to change.',
  managersOnly: 'Only team owners and admins can manage webhooks.',
} as const;

export const webhookEventField = z.enum([ALL_EVENTS, ...TEAM_EVENT_TYPES]);
/** A list of team event types, or ['*']; '*' with others means all events. */
export const webhookEventsField = z
  .array(webhookEventField, { error: WEBHOOK_MESSAGES.noEvents })
  .min(1, WEBHOOK_MESSAGES.noEvents)
  .max(TEAM_EVENT_TYPES.length + 1)
  .refine((events) => new Set(events).size === events.length, WEBHOOK_MESSAGES.duplicateEvents)
  .transform((events) => (events.includes(ALL_EVENTS) ? events.filter((e) => e === ALL_EVENTS) : events));

export const webhookUrlField = z
  .string({ error: WEBHOOK_MESSAGES.badUrl })
  .trim()
  .max(WEBHOOK_LIMITS.urlMaxLength, WEBHOOK_MESSAGES.urlTooLong)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.badUrl);

const descriptionField = z
  .string()
  .trim()
  .max(WEBHOOK_LIMITS.descriptionMaxLength, WEBHOOK_MESSAGES.descriptionTooLong)
  .nullish()
  .transform((v) => v || null);

export const createWebhookBody = z.strictObject({
  url: webhookUrlField,
  events: webhookEventsField,
  kind: z.enum(WEBHOOK_KINDS),
  description: descriptionField,
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

export const updateWebhookBody = z
  .strictObject({
    url: webhookUrlField.optional(),
    events: webhookEventsField.optional(),
    description: descriptionField.optional(),
    kind: z.enum(WEBHOOK_KINDS).optional(),
    /** true pauses deliveries; false resumes them and resets the failure count. */
    paused: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), WEBHOOK_MESSAGES.nothingToChange);
export type UpdateWebhookBody = z.input<typeof updateWebhookBody>;

export const webhookSchema = z.object({
  id: z.number(),
  url: z.string(),
  kind: z.enum(WEBHOOK_KINDS),
  events: z.array(z.string()),
  description: z.string().nullable(),
  paused: z.boolean(),
  paused_at: z.string().nullable(),
  pause_reason: z.string().nullable(),
  consecutive_failures: z.number(),
  created_at: z.string(),
  /** The newest attempted delivery: when it was last tried, its status and the receiver's HTTP status. */
  last_delivery_at: z.string().nullable(),
  last_delivery_status: z.enum(WEBHOOK_DELIVERY_STATUSES).nullable(),
  last_delivery_response_status: z.number().nullable(),
  /** The first failure of the current failing streak; null while the endpoint is healthy (decision 043). */
  failing_since: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhooksResponse = z.object({ webhooks: z.array(webhookSchema) });
/** Create's answer: the only one that ever carries the signing secret. */
export const createdWebhookResponse = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookResponse>;

export const webhookDeliverySchema = z.object({
  id: z.number(),
  webhook_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  response_status: z.number().nullable(),
  latency_ms: z.number().nullable(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesResponse = z.object({ deliveries: z.array(webhookDeliverySchema) });

const id = dbIdText();
export const webhookIdParams = z.object({ id });
export const webhookDeliveryParams = z.object({ id, deliveryId: id });

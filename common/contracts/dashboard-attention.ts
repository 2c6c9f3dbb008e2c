// Contracts of the dashboard's "Needs attention" panel and the new team's checklist (decision 038).
import { z } from 'zod';
import { OOPS_KINDS } from '../domain/oops-options';

/** How many rows each list of the panel carries; `total` says how many there are in all. */
export const ATTENTION_LIST_LIMIT = 5;

const attentionIncident = z.object({
  id: z.number(),
  id_slug: z.string(),
  title: z.string(),
  severity: z.string(),
  kind: z.enum(OOPS_KINDS),
  owner_name: z.string().nullable(),
  created_at: z.string(),
  /** When it was marked resolved (the awaiting-review and closed lists); null while it is not. */
  resolved_at: z.string().nullable(),
});
export type AttentionIncident = z.infer<typeof attentionIncident>;

const attentionAction = z.object({
  id: z.number(),
  title: z.string(),
  /** YYYY-MM-DD, today or earlier. */
  due_date: z.string(),
  overdue: z.boolean(),
  oops: z.object({ id: z.number(), id_slug: z.string(), title: z.string() }),
});
export type AttentionAction = z.infer<typeof attentionAction>;

const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number() });

export const ONBOARDING_STEPS = ['invite', 'first_incident', 'webhook', 'alerts', 'import'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const onboardingSchema = z.object({
  steps: z.array(z.object({ key: z.enum(ONBOARDING_STEPS), done: z.boolean() })),
  /** Only the team's owners may put the checklist away. */
  can_dismiss: z.boolean(),
});

export const attentionResponse = z.object({
  /** Open and not marked resolved: Critical, then High, then the rest; the oldest first within each. */
  open: listOf(attentionIncident),
  /** Open with a resolution time: resolved, waiting for their review; the oldest first. */
  awaiting_review: listOf(attentionIncident),
  /** The caller's own open follow-up actions due today or earlier (UTC day, decision 018); the earliest first. */
  my_actions: listOf(attentionAction),
  /** Closed without a lesson learned; the newest first. */
  without_lesson: listOf(attentionIncident),
  /** The new team's checklist; null once every step is done or an owner dismissed it. */
  onboarding: onboardingSchema.nullable(),
});
export type AttentionResponse = z.infer<typeof attentionResponse>;

export const onboardingDismissResponse = z.object({ dismissed: z.literal(true) });

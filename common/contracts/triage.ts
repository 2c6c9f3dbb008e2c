// Contracts of triage (decision 049): the owners' and admins' queue, an outcome, and a reporter's feedback.
import { z } from 'zod';
import { OOPS_KINDS } from '../domain/oops-options';
import { FIX_VERIFICATIONS, TRIAGE_MESSAGES, TRIAGE_NOTE_MAX, TRIAGE_OUTCOMES } from '../domain/triage';
import { dbId, dbIdText } from './safe-input';

const outcome = z.enum(TRIAGE_OUTCOMES, { error: TRIAGE_MESSAGES.outcome });

/** A report waiting for triage. A confidential one names no reporter (decision 024); others name theirs. */
export const triageQueueItemSchema = z.object({
  id: z.number(),
  id_slug: z.string(),
  title: z.string(),
  kind: z.enum(OOPS_KINDS),
  area_department: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  confidential: z.boolean(),
});
export type TriageQueueItem = z.infer<typeof triageQueueItemSchema>;

/** GET /api/triage/queue: the oldest untriaged reports and how many wait in all. */
export const triageQueueResponse = z.object({
  items: z.array(triageQueueItemSchema),
  total: z.number(),
});
export type TriageQueue = z.infer<typeof triageQueueResponse>;

export const triageParams = z.object({ id: dbIdText() });

/** POST /api/triage/{id}: the outcome, a note, and (for "needs a fix") who owns the action. */
export const triageBody = z.strictObject({
  outcome,
  note: z
    .string({ error: TRIAGE_MESSAGES.noteRequired })
    .trim()
    .min(1, TRIAGE_MESSAGES.noteRequired)
    .max(TRIAGE_NOTE_MAX, TRIAGE_MESSAGES.noteTooLong),
  action_owner_id: dbId(TRIAGE_MESSAGES.ownerNotMember).optional(),
});
export type TriageBody = z.infer<typeof triageBody>;

/** A triage as its triager sees it. */
export const triageSchema = z.object({
  oops_id: z.number(),
  outcome,
  note: z.string(),
  triaged_at: z.string(),
  /** The follow-up action "needs a fix" created, or null. */
  action_id: z.number().nullable(),
});
export type Triage = z.infer<typeof triageSchema>;

/** One of the caller's reports with its outcome, as "Feedback on your reports" shows it. */
export const feedbackItemSchema = z.object({
  oops_id: z.number(),
  id_slug: z.string(),
  title: z.string(),
  kind: z.enum(OOPS_KINDS),
  confidential: z.boolean(),
  outcome,
  note: z.string(),
  triaged_at: z.string(),
  /** The fix's state: none (no action), pending, or its verification. */
  fix: z.enum(['none', 'pending', ...FIX_VERIFICATIONS]),
  verified_at: z.string().nullable(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

/** GET /api/triage/feedback: outcomes of the caller's own reports, newest first. */
export const feedbackResponse = z.object({ items: z.array(feedbackItemSchema) });
export type FeedbackList = z.infer<typeof feedbackResponse>;

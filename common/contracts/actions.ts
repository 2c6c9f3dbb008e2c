// Follow-up actions of an incident (the "action items" the terms promise).
import { z } from 'zod';
import { dbId, dbIdText } from './safe-input';
import { VERIFICATION_LIMITS, VERIFICATION_STATES, VERIFICATION_TEXTS } from '../domain/verification';

export const ACTION_STATUSES = ['open', 'done'] as const;

const dueDate = z.iso.date({ error: 'Due date must be a date such as 2026-12-31.' }).nullable();
const actionTitle = z
  .string({ error: 'Action title is required.' })
  .trim()
  .min(1, 'Action title is required.')
  .max(200, 'Action title must be at most 200 characters.');
const ownerId = dbId('Owner must be a team member.').nullable();
const status = z.enum(ACTION_STATUSES, { error: 'Status must be open or done.' });
/** How we will know the fix worked (decision 048); empty clears it. */
const verificationCheck = z
  .string({ error: 'The check must be text.' })
  .trim()
  .max(VERIFICATION_LIMITS.checkMax, `The check must be at most ${VERIFICATION_LIMITS.checkMax} characters.`)
  .nullable()
  .transform((v) => v || null);
const verifyOn = z.iso.date({ error: 'The day to check again must be a date such as 2026-12-31.' }).nullable();

/** The verification of a fix (decision 048); null when none is planned. */
export const actionVerificationSchema = z.object({
  state: z.enum(VERIFICATION_STATES),
  /** When the owner (or a team owner or admin) answered "Did it hold?", and who. */
  answered_at: z.string().nullable(),
  answered_by_name: z.string().nullable(),
  /** Why it did not hold (a "no" answer). */
  note: z.string().nullable(),
  /** When the "Did it hold?" e-mail went out for this round. */
  prompted_at: z.string().nullable(),
  /** The later incident that repeated this action's incident after the fix was verified. */
  repeated_by: z.object({ id: z.number(), id_slug: z.string() }).nullable(),
});
export type ActionVerification = z.infer<typeof actionVerificationSchema>;

export const actionSchema = z.object({
  id: z.number(),
  oops_id: z.number(),
  title: z.string(),
  owner_id: z.number().nullable(),
  owner_name: z.string().nullable(),
  due_date: z.string().nullable(),
  status,
  /** When it was marked done; null while open. */
  completed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** How we will know it worked, and the day to look again (decision 048). */
  verification_check: z.string().nullable(),
  verify_on: z.string().nullable(),
  verification: actionVerificationSchema.nullable(),
});
export type Action = z.infer<typeof actionSchema>;

export const createActionBody = z.strictObject({
  title: actionTitle,
  owner_id: ownerId.optional(),
  due_date: dueDate.optional(),
  status: status.optional(),
  verification_check: verificationCheck.optional(),
  verify_on: verifyOn.optional(),
});
export type CreateActionBody = z.infer<typeof createActionBody>;
export const updateActionBody = z
  .strictObject({
    title: actionTitle.optional(),
    owner_id: ownerId.optional(),
    due_date: dueDate.optional(),
    status: status.optional(),
    verification_check: verificationCheck.optional(),
    verify_on: verifyOn.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Send at least one field to change.');

/** A fix that did not hold, as an incident shows it: its action, the incident it belongs to and the repeat. */
export const fixNotHeldSchema = z.object({
  action_id: z.number(),
  action_title: z.string(),
  earlier: z.object({ id: z.number(), id_slug: z.string() }),
  repeat: z.object({ id: z.number(), id_slug: z.string() }),
});
export type FixNotHeld = z.infer<typeof fixNotHeldSchema>;

export const actionParams = z.object({
  id: dbIdText(),
  actionId: dbIdText(),
});
export const actionListResponse = z.object({
  actions: z.array(actionSchema),
  /** Verified fixes a repeat reopened, of this incident's actions or of the incident it repeats (decision 048). */
  fixes_not_held: z.array(fixNotHeldSchema).optional(),
});

// ---- The team's actions across incidents ("My actions" and the managers' view, /actions).

/** `1`/`true` or `0`/`false`, as a query string carries a flag. */
const flag = (name: string) =>
  z
    .enum(['1', '0', 'true', 'false'], { error: `${name} must be 1 or 0.` })
    .transform((v) => v === '1' || v === 'true');

export const teamActionsQuery = z.strictObject({
  /** Only actions assigned to me; without it, the whole team's (owners and admins). */
  mine: flag('mine').optional(),
  status: status.optional(),
  /** Only open actions whose due date has passed. */
  overdue: flag('overdue').optional(),
  owner_id: dbIdText('Owner must be a user id.').optional(),
  /** Only done actions whose "Did it hold?" is due (decision 048). */
  verification_due: flag('verification_due').optional(),
  department: z.string().trim().max(100, 'Department is too long.').optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type TeamActionsQuery = z.infer<typeof teamActionsQuery>;

/** An action with the incident it belongs to, as "My actions" lists it. */
export const teamActionSchema = actionSchema.extend({
  overdue: z.boolean(),
  oops: z.object({
    id: z.number(),
    id_slug: z.string(),
    title: z.string(),
    status: z.string(),
    area_department: z.string().nullable(),
  }),
});
export type TeamAction = z.infer<typeof teamActionSchema>;

export const teamActionsResponse = z.object({
  actions: z.array(teamActionSchema),
  /** How many match the filters (the list stops at `limit`). */
  matched: z.number(),
  /** Open and overdue actions in the same scope (mine, or the team with its owner/department filters). */
  counts: z.object({ open: z.number(), overdue: z.number() }),
});
export type TeamActionsResponse = z.infer<typeof teamActionsResponse>;

export const teamActionParams = z.object({ id: dbIdText() });

/** POST /api/actions/done-by-link: the reminder e-mail's one-click "mark done" (no sign-in). */
export const actionLinkBody = z.strictObject({
  token: z
    .string({ error: 'The link is incomplete.' })
    .min(1, 'The link is incomplete.')
    .max(200, 'The link is not valid.'),
});
export const actionLinkResponse = z.object({
  title: z.string(),
  oops: z.object({ id_slug: z.string(), title: z.string() }),
  already_done: z.boolean(),
});
export type ActionLinkResult = z.infer<typeof actionLinkResponse>;

/** POST /api/actions/{id}/verification: the answer to "Did it hold?" (decision 048). */
export const verificationAnswerBody = z
  .strictObject({
    held: z.boolean({ error: 'Say whether the fix held: held must be true or false.' }),
    note: z
      .string({ error: 'The note must be text.' })
      .trim()
      .max(VERIFICATION_LIMITS.noteMax, `The note must be at most ${VERIFICATION_LIMITS.noteMax} characters.`)
      .optional(),
  })
  .refine((b) => b.held || Boolean(b.note), { message: VERIFICATION_TEXTS.noteRequired, path: ['note'] });
export type VerificationAnswer = z.infer<typeof verificationAnswerBody>;

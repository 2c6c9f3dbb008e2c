// Follow-up actions of an incident (the "action items" the terms promise).
import { z } from 'zod';
import { dbId, dbIdText } from './safe-input';

export const ACTION_STATUSES = ['open', 'done'] as const;

const dueDate = z.iso.date({ error: 'Due date must be a date such as 2026-12-31.' }).nullable();
const actionTitle = z
  .string({ error: 'Action title is required.' })
  .trim()
  .min(1, 'Action title is required.')
  .max(200, 'Action title must be at most 200 characters.');
const ownerId = dbId('Owner must be a team member.').nullable();
const status = z.enum(ACTION_STATUSES, { error: 'Status must be open or done.' });

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
});
export type Action = z.infer<typeof actionSchema>;

export const createActionBody = z.strictObject({
  title: actionTitle,
  owner_id: ownerId.optional(),
  due_date: dueDate.optional(),
  status: status.optional(),
});
export const updateActionBody = z
  .strictObject({
    title: actionTitle.optional(),
    owner_id: ownerId.optional(),
    due_date: dueDate.optional(),
    status: status.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Send at least one field to change.');

export const actionParams = z.object({
  id: dbIdText(),
  actionId: dbIdText(),
});
export const actionListResponse = z.object({ actions: z.array(actionSchema) });

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

// Follow-up actions of an incident (the "action items" the terms promise).
import { z } from 'zod';

export const ACTION_STATUSES = ['open', 'done'] as const;

const dueDate = z.iso.date({ error: 'Due date must be a date such as 2026-12-31.' }).nullable();
const actionTitle = z
  .string({ error: 'Action title is required.' })
  .trim()
  .min(1, 'Action title is required.')
  .max(200, 'Action title must be at most 200 characters.');
const ownerId = z.number({ error: 'Owner must be a team member.' }).int().positive().nullable();
const status = z.enum(ACTION_STATUSES, { error: 'Status must be open or done.' });

export const actionSchema = z.object({
  id: z.number(),
  oops_id: z.number(),
  title: z.string(),
  owner_id: z.number().nullable(),
  owner_name: z.string().nullable(),
  due_date: z.string().nullable(),
  status,
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
  id: z.coerce.number().int().positive().max(2_147_483_647),
  actionId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const actionListResponse = z.object({ actions: z.array(actionSchema) });

// Contracts of the platform administration calls (docs/product.md §7 Administration), super admins only.
import { z } from 'zod';
import { dbIdText } from './safe-input';

export const adminStatsSchema = z.object({
  total_users: z.number(),
  total_teams: z.number(),
  total_oops: z.number(),
  super_admins: z.number(),
  oops_last_7_days: z.number(),
  active_users: z.number(),
  disabled_users: z.number(),
});

const page = {
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
};

export const adminUsersQuery = z.strictObject({ search: z.string().trim().max(200).optional(), ...page });
export const adminUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  user_department: z.string().nullable(),
  is_active: z.boolean(),
  is_super_admin: z.boolean(),
  created_at: z.string(),
  team_count: z.number(),
});
export const adminUsersResponse = z.object({
  users: z.array(adminUserSchema),
  matched: z.number(),
  totals: z.object({ total: z.number(), super_admins: z.number(), active: z.number(), disabled: z.number() }),
});

export const adminTeamsQuery = z.strictObject({ search: z.string().trim().max(200).optional(), ...page });
export const adminTeamSchema = z.object({
  id: z.number(),
  name: z.string().nullable(),
  owner_id: z.number().nullable(),
  created_at: z.string(),
  member_count: z.number(),
  oops_count: z.number(),
});
export const adminTeamsResponse = z.object({
  teams: z.array(adminTeamSchema),
  matched: z.number(),
  total: z.number(),
});

export const userStatusBody = z.strictObject({
  is_active: z.boolean({ error: 'is_active must be true or false.' }),
});
export const userStatusParams = z.object({ id: dbIdText() });

export const auditQuery = z.strictObject({
  action: z.string().trim().max(100).optional(),
  actor_id: dbIdText().optional(),
  team_id: dbIdText().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  ...page,
});
export const auditEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  actor_id: z.number().nullable(),
  actor_email: z.string().nullable(),
  team_id: z.number().nullable(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export const auditResponse = z.object({ events: z.array(auditEventSchema), matched: z.number() });

export const ADMIN_MESSAGES = {
  superAdminOnly: 'Only platform super admins can do this.',
  notYourself: 'You cannot disable your own account.',
  userNotFound: 'User not found.',
} as const;

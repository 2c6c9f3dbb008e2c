// Builds the user object of docs/product.md §3 from the database: one query, the same shape everywhere.
import { and, eq } from 'drizzle-orm';
import type { User } from '../../common/contracts/auth';
import { AVATAR_SERVICE_SIZE, avatarUrl } from '../../common/domain/avatar';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { memberships, teams, users } from '../db/schema';
import { notFound } from './errors';
import { isSuperAdmin } from './super-admin';

/** Loads the user object (with role and team in the current team) by id. */
export async function loadUserView(db: Db, config: Config, userId: number): Promise<User> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      userDepartment: users.userDepartment,
      isActive: users.isActive,
      isSuperAdmin: users.isSuperAdmin,
      teamId: teams.id,
      teamName: teams.name,
      role: memberships.role,
    })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.teamId, users.currentTeamId)))
    .leftJoin(teams, eq(teams.id, memberships.teamId))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound('User not found.');
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    user_department: row.userDepartment,
    is_active: row.isActive,
    is_super_admin: isSuperAdmin(config, row),
    role: row.role,
    team: row.teamId !== null && row.teamName !== null ? { id: row.teamId, name: row.teamName } : null,
    // The public avatar service only where it is turned on; otherwise the browser draws it (decision 030).
    avatar_url: config.avatarsGravatar ? avatarUrl(row.email, AVATAR_SERVICE_SIZE) : null,
  };
}

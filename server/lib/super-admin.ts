// Who is a platform super admin: an account listed in SUPER_ADMIN_EMAILS, or one granted by the operator CLI
// (`npm run admin -- grant-super <email>`). This is the only place that decides.
import { inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../config';
import { users } from '../db/schema';

export function isSuperAdmin(config: Config, user: { email: string; isSuperAdmin: boolean }): boolean {
  return user.isSuperAdmin || config.superAdminEmails.has(user.email);
}

/** The same rule as SQL over the users table. */
export function superAdminSql(config: Config): SQL {
  const listed = [...config.superAdminEmails];
  return listed.length
    ? or(sql`${users.isSuperAdmin}`, inArray(users.email, listed))!
    : sql`${users.isSuperAdmin}`;
}

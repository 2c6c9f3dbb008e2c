// OIDC_ONLY=true (decision 022): password sign-in, sign-up and e-mail links stay open only to super admins, as a way
// in when the identity provider is down or misconfigured (break-glass). Everyone else gets a clear 403.
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { AUDIT, recordAudit } from './audit';
import { forbidden } from './errors';
import { isSuperAdmin } from './super-admin';

export type PasswordlessWay = 'login' | 'register' | 'magic_link';

/** Throws 403 with `message` when OIDC-only mode is on and this e-mail is not a super admin's. */
export async function assertOutsideOidcOnly(
  db: Db,
  config: Config,
  input: { email: string; way: PasswordlessWay; message: string; ip?: string },
): Promise<void> {
  if (!config.oidcOnly) return;
  if (config.superAdminEmails.has(input.email)) return;
  const [user] = await db
    .select({ id: users.id, email: users.email, isSuperAdmin: users.isSuperAdmin })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  if (user && isSuperAdmin(config, user)) return;
  await recordAudit(db, {
    action: AUDIT.oidcOnlyRefused,
    actorId: user?.id,
    target: input.email,
    ip: input.ip,
    details: { way: input.way },
  });
  throw forbidden(input.message);
}

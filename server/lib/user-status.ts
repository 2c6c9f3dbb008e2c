// Enabling and disabling an account, for the admin screen and the operator CLI alike. Disabling ends the user's
// sessions, one-time links and API tokens in the same transaction, and user.disabled makes every process forget them at once.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oneTimeTokens, users } from '../db/schema';
import { revokeUserApiTokens } from './api-tokens';
import { AUDIT, recordAudit, type AuditEntry } from './audit';
import { emitEvents } from '../events/outbox';
import { endUserSessions } from './sessions';

/** Sets the flag; answers the user's e-mail, or null when there is no such user. */
export async function setUserActive(
  db: Db,
  userId: number,
  isActive: boolean,
  audit: Omit<AuditEntry, 'action' | 'target'>,
): Promise<{ email: string } | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ isActive, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    if (!user) return null;
    if (!isActive) {
      await endUserSessions(tx, userId);
      await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.email, user.email));
      await revokeUserApiTokens(tx, userId, { ...audit, reason: 'user_disabled' });
    }
    await recordAudit(tx, {
      ...audit,
      action: isActive ? AUDIT.userEnabled : AUDIT.userDisabled,
      target: String(userId),
    });
    await emitEvents(tx, {
      type: isActive ? 'user.updated' : 'user.disabled',
      teamId: null,
      payload: { user_id: userId },
    });
    return user;
  });
}

// Profile and password of the signed-in user (docs/product.md §7 /api/user). Every function acts on the actor only:
// there is no user id in these calls, so nobody can read or change another user's profile through them.
import { eq } from 'drizzle-orm';
import type { NotificationSettings } from '../../../common/contracts/account';
import type { User } from '../../../common/contracts/auth';
import { MESSAGES } from '../../../common/domain/messages';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AUDIT, recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Actor } from '../../lib/actor';
import { endUserSessions } from '../../lib/sessions';
import { emitEvents } from '../../events/outbox';
import { loadUserView } from '../../lib/user-view';

export interface AccountContext {
  db: Db;
  config: Config;
  actor: Actor;
  ip?: string;
}

export function getProfile({ db, config, actor }: AccountContext): Promise<User> {
  return loadUserView(db, config, actor.userId);
}

/** Updates name, username and department; a username taken by someone else (any case) is refused. */
export async function updateProfile(
  ctx: AccountContext,
  input: { name: string; username: string; user_department: string | null },
): Promise<User> {
  const { db, actor } = ctx;
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          name: input.name,
          username: input.username,
          userDepartment: input.user_department,
          updatedAt: new Date(),
        })
        .where(eq(users.id, actor.userId));
      await recordAudit(tx, {
        action: AUDIT.profileUpdated,
        actorId: actor.userId,
        teamId: actor.teamId,
        ip: ctx.ip,
      });
      await emitEvents(tx, {
        type: 'user.updated',
        teamId: actor.teamId,
        payload: { user_id: actor.userId },
      });
    });
  } catch (error) {
    if (uniqueViolation(error)) throw conflict(MESSAGES.usernameTaken);
    throw error;
  }
  return getProfile(ctx);
}

async function storedHash(db: Db, userId: number): Promise<string | null> {
  const rows = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.hash ?? null;
}

export async function hasPassword({ db, actor }: AccountContext): Promise<boolean> {
  return (await storedHash(db, actor.userId)) !== null;
}

/** First password for an account made by magic link; refused when one exists. */
export async function setPassword(ctx: AccountContext, password: string): Promise<void> {
  const { db, actor } = ctx;
  if ((await storedHash(db, actor.userId)) !== null) throw conflict(MESSAGES.passwordAlreadySet);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, actor.userId));
  await recordAudit(db, {
    action: AUDIT.passwordSet,
    actorId: actor.userId,
    teamId: actor.teamId,
    ip: ctx.ip,
  });
}

/** Changes the password and ends the user's other sessions (a stolen session dies with the old password). */
export async function changePassword(
  ctx: AccountContext,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const { db, actor } = ctx;
  const current = await storedHash(db, actor.userId);
  if (current === null) throw badRequest(MESSAGES.noPasswordSet);
  if (!(await verifyPassword(current, input.currentPassword)))
    throw badRequest(MESSAGES.currentPasswordWrong);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
    .where(eq(users.id, actor.userId));
  // Without a session (unreachable for API tokens, which cannot call this), every session ends.
  await endUserSessions(db, actor.userId, actor.sessionId ?? undefined);
  await recordAudit(db, {
    action: AUDIT.passwordChanged,
    actorId: actor.userId,
    teamId: actor.teamId,
    ip: ctx.ip,
  });
}

export async function getNotifications({ db, actor }: AccountContext): Promise<NotificationSettings> {
  const [row] = await db
    .select({ reminders: users.notifyReminders, digest: users.notifyDigest, feedback: users.notifyFeedback })
    .from(users)
    .where(eq(users.id, actor.userId));
  return row!;
}

export async function updateNotifications(
  ctx: AccountContext,
  input: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.reminders !== undefined) set.notifyReminders = input.reminders;
  if (input.digest !== undefined) set.notifyDigest = input.digest;
  if (input.feedback !== undefined) set.notifyFeedback = input.feedback;
  await ctx.db.update(users).set(set).where(eq(users.id, ctx.actor.userId));
  return getNotifications(ctx);
}

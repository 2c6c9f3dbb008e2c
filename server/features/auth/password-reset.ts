// Password reset (docs/product.md §4, §7): single use, 1 hour; a reset ends every session of the user. The answer to a request
// is the same for known, unknown and disabled addresses (docs/decisions/007-email-flows.md).
import { eq } from 'drizzle-orm';
import { RECOVERY_MESSAGES } from '../../../common/contracts/recovery';
import { resetPasswordError } from '../../../common/domain/password';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AUDIT, recordAudit } from '../../lib/audit';
import { AppError, badRequest } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { passwordResetEmail } from '../../lib/emails';
import type { MailContext } from './magic-link';
import {
  consumeOneTimeToken,
  deleteOneTimeToken,
  issueOneTimeToken,
  peekOneTimeToken,
} from './one-time-tokens';
import { endUserSessions } from '../../lib/sessions';
import { isEmailThrottled } from '../../lib/throttle';

export async function requestPasswordReset(ctx: MailContext, email: string): Promise<string> {
  const { db, config } = ctx;
  const ip = ctx.meta.ip ?? 'unknown';
  if (await isEmailThrottled(db, config, AUDIT.resetIssued, email, ip)) {
    await recordAudit(db, { action: AUDIT.emailThrottled, target: email, ip });
    throw new AppError('too_many_requests', RECOVERY_MESSAGES.tooManyEmails);
  }
  const [user] = await db
    .select({ id: users.id, isActive: users.isActive })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  await recordAudit(db, { action: AUDIT.resetIssued, actorId: user?.id, target: email, ip });
  if (!user || !user.isActive) return RECOVERY_MESSAGES.resetRequested;
  const { token, id } = await issueOneTimeToken(db, {
    kind: 'password_reset',
    email,
    userId: user.id,
    ttlMs: config.passwordResetTtlMs,
  });
  try {
    await ctx.mailer.send(
      passwordResetEmail(
        email,
        `${config.appUrl}/password-reset?token=${token}`,
        Math.round(config.passwordResetTtlMs / 60_000),
      ),
    );
  } catch (error) {
    // The answer stays identical (it must not reveal that the account exists); the operator sees the failure.
    ctx.log.error({ err: error }, 'password reset e-mail failed');
    await deleteOneTimeToken(db, id);
  }
  return RECOVERY_MESSAGES.resetRequested;
}

export async function checkResetToken(db: Db, token: string): Promise<{ valid: true; email: string }> {
  const found = await peekOneTimeToken(db, 'password_reset', token);
  if (typeof found === 'string') throw badRequest(RECOVERY_MESSAGES.resetInvalid);
  return { valid: true, email: found.email };
}

export async function resetPassword(
  ctx: MailContext,
  input: { token: string; password: string },
): Promise<string> {
  const { db } = ctx;
  const ruleError = resetPasswordError(input.password);
  if (ruleError) throw badRequest(ruleError);
  const used = await consumeOneTimeToken(db, 'password_reset', input.token);
  if (typeof used === 'string') {
    if (used === 'used')
      await recordAudit(db, {
        action: AUDIT.tokenReuse,
        ip: ctx.meta.ip,
        details: { kind: 'password_reset' },
      });
    throw badRequest(RECOVERY_MESSAGES.resetInvalid);
  }
  const [user] = await db
    .select({ id: users.id, isActive: users.isActive })
    .from(users)
    .where(eq(users.email, used.email))
    .limit(1);
  if (!user || !user.isActive) throw badRequest(RECOVERY_MESSAGES.resetInvalid);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await endUserSessions(db, user.id);
  await recordAudit(db, { action: AUDIT.resetUsed, actorId: user.id, target: used.email, ip: ctx.meta.ip });
  return RECOVERY_MESSAGES.resetDone;
}

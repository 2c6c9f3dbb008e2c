// Sign-up, sign-in and sign-out (docs/product.md §4, §7).
import { eq, sql } from 'drizzle-orm';
import { TEAM_MESSAGES } from '../../../common/contracts/team';
import type { RegisterBody, User } from '../../../common/contracts/auth';
import { MESSAGES } from '../../../common/domain/messages';
import { signupPasswordError } from '../../../common/domain/password';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { memberships, sessions, teams, users } from '../../db/schema';
import { AUDIT, recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { acceptInvitationTx, findPendingInvitation } from '../../lib/invitations';
import type { SessionActor } from '../../lib/actor';
import { loadUserView } from '../../lib/user-view';
import { createSession, endDevice, endSession, type SessionMeta } from '../../lib/sessions';
import { endDeviceOf, openSignIn, type RememberedCredential } from './devices';
import { isLoginThrottled } from '../../lib/throttle';
import { assertOutsideOidcOnly } from '../../lib/oidc-only';
import { SSO_TEXTS } from '../../../common/domain/sso-texts';

export interface AuthContext {
  db: Db;
  config: Config;
  meta: SessionMeta;
}

function conflictFor(constraint: string): AppError {
  return conflict(constraint.includes('username') ? MESSAGES.usernameTaken : MESSAGES.emailTaken);
}

async function assertAvailable(db: Db, email: string, username: string): Promise<void> {
  const taken = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(sql`${users.email} = ${email} or lower(${users.username}) = lower(${username})`)
    .limit(2);
  if (taken.some((u) => u.email === email)) throw conflict(MESSAGES.emailTaken);
  if (taken.length > 0) throw conflict(MESSAGES.usernameTaken);
}

/**
 * Creates an account. Without an invitation it also creates a team owned by the new user and returns no
 * session (docs/product.md §4: the user signs in next); with one it joins the inviting team as member and signs in.
 */
export async function registerUser(
  ctx: AuthContext,
  input: RegisterBody,
): Promise<{ user: User; token?: string }> {
  const { db, config } = ctx;
  await assertOutsideOidcOnly(db, config, {
    email: input.email,
    way: 'register',
    message: SSO_TEXTS.oidcOnlyRegister,
    ip: ctx.meta.ip,
  });
  const passwordError = signupPasswordError(input.password);
  if (passwordError) throw badRequest(passwordError);
  const invitationToken = input.invitationToken || null;
  const teamName = input.teamName?.trim() ?? '';
  if (!invitationToken && !teamName) throw badRequest(MESSAGES.teamNameRequired);
  const invitation = invitationToken ? await findPendingInvitation(db, invitationToken) : null;
  if (invitation && invitation.email !== input.email) throw badRequest(TEAM_MESSAGES.wrongInvitee);
  await assertAvailable(db, input.email, input.username);
  const passwordHash = await hashPassword(input.password);

  let userId: number;
  try {
    userId = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, name: input.name, username: input.username, passwordHash })
        .returning({ id: users.id });
      const id = user!.id;
      if (invitation) {
        await acceptInvitationTx(tx, invitation, { id, name: input.name });
        return id;
      }
      const [team] = await tx
        .insert(teams)
        .values({ name: teamName, industry: input.industry, ownerId: id })
        .returning({ id: teams.id });
      await tx.insert(memberships).values({ userId: id, teamId: team!.id, role: 'owner' });
      await tx.update(users).set({ currentTeamId: team!.id }).where(eq(users.id, id));
      return id;
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint) throw conflictFor(constraint);
    throw error;
  }
  const user = await loadUserView(db, config, userId);
  await recordAudit(db, {
    action: AUDIT.register,
    actorId: userId,
    teamId: user.team?.id,
    target: input.email,
    ip: ctx.meta.ip,
    details: { invited: Boolean(invitation) },
  });
  if (!invitation) return { user };
  const token = await createSession(db, config, userId, ctx.meta);
  return { user, token };
}

/**
 * Password sign-in. Unknown e-mail and wrong password get the same answer, after the same work. With `remember`,
 * also a remembered device's refresh credential (decision 033).
 */
export async function loginUser(
  ctx: AuthContext,
  input: { email: string; password: string; remember?: boolean },
): Promise<{ token: string; user: User; refresh: RememberedCredential | null }> {
  const { db, config, meta } = ctx;
  const ip = meta.ip ?? 'unknown';
  await assertOutsideOidcOnly(db, config, {
    email: input.email,
    way: 'login',
    message: SSO_TEXTS.oidcOnlyLogin,
    ip,
  });
  if (await isLoginThrottled(db, config, input.email, ip)) {
    await recordAudit(db, { action: AUDIT.loginThrottled, target: input.email, ip });
    throw new AppError('too_many_requests', MESSAGES.tooManyAttempts);
  }
  const rows = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  const found = rows[0];
  const ok = await verifyPassword(found?.passwordHash ?? null, input.password);
  if (!found || !ok) {
    await recordAudit(db, { action: AUDIT.loginFailure, actorId: found?.id, target: input.email, ip });
    throw new AppError('unauthenticated', MESSAGES.loginFailed);
  }
  if (!found.isActive) {
    await recordAudit(db, {
      action: AUDIT.loginFailure,
      actorId: found.id,
      target: input.email,
      ip,
      details: { disabled: true },
    });
    throw new AppError('forbidden', MESSAGES.accountDisabled);
  }
  const { token, refresh } = await openSignIn(db, config, found.id, meta, input.remember === true);
  const user = await loadUserView(db, config, found.id);
  await recordAudit(db, {
    action: AUDIT.loginSuccess,
    actorId: found.id,
    teamId: user.team?.id,
    target: input.email,
    ip,
  });
  return { token, user, refresh };
}

/**
 * Signs this browser out: the session, the remembered device it was opened from, and the device of the refresh
 * cookie it sent (a tab signed in without "keep me signed in" on a remembered browser).
 */
export async function logoutUser(
  db: Db,
  actor: SessionActor,
  input: { ip?: string; refreshCredential: string | null },
): Promise<void> {
  const [session] = await db
    .select({ deviceId: sessions.deviceId })
    .from(sessions)
    .where(eq(sessions.id, actor.sessionId));
  if (session?.deviceId) await endDevice(db, actor.userId, session.deviceId);
  else await endSession(db, actor.sessionId);
  if (input.refreshCredential) await endDeviceOf(db, input.refreshCredential);
  await recordAudit(db, { action: AUDIT.logout, actorId: actor.userId, teamId: actor.teamId, ip: input.ip });
}

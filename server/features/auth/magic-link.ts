// Sign-in by e-mailed link (docs/product.md §4, §7): the link is single use, lives 15 minutes, and a newer one kills older ones.
// An unknown address gets an account (with a team named 'Personal Team') when the link is used, not before.
import { eq } from 'drizzle-orm';
import type { User } from '../../../common/contracts/auth';
import { RECOVERY_MESSAGES } from '../../../common/contracts/recovery';
import { MESSAGES } from '../../../common/domain/messages';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { memberships, teams, users } from '../../db/schema';
import { AUDIT, recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../plugins/mail';
import { loadUserView } from '../../lib/user-view';
import { magicLinkEmail } from '../../lib/emails';
import {
  consumeOneTimeToken,
  deleteOneTimeToken,
  issueOneTimeToken,
  mailFailed,
  peekOneTimeToken,
} from './one-time-tokens';
import type { SessionMeta } from '../../lib/sessions';
import { openSignIn, type RememberedCredential } from './devices';
import { isEmailThrottled } from '../../lib/throttle';
import { assertOutsideOidcOnly } from '../../lib/oidc-only';
import { SSO_TEXTS } from '../../../common/domain/sso-texts';

export const PERSONAL_TEAM_NAME = 'Personal Team';

export interface MailContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  meta: SessionMeta;
  log: { error: (obj: unknown, msg: string) => void };
}

/** Sends a sign-in link. Disabled accounts get the same answer and no mail. */
export async function requestMagicLink(
  ctx: MailContext,
  input: { email: string; name?: string | null; remember?: boolean; returnTo?: string | null },
): Promise<string> {
  const { db, config } = ctx;
  const ip = ctx.meta.ip ?? 'unknown';
  const oidcOnly = { way: 'magic_link', message: SSO_TEXTS.oidcOnlyMagicLink, ip } as const;
  await assertOutsideOidcOnly(db, config, { email: input.email, ...oidcOnly });
  if (await isEmailThrottled(db, config, AUDIT.magicLinkIssued, input.email, ip)) {
    await recordAudit(db, { action: AUDIT.emailThrottled, target: input.email, ip });
    throw new AppError('too_many_requests', RECOVERY_MESSAGES.tooManyEmails);
  }
  const [user] = await db
    .select({ id: users.id, isActive: users.isActive })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  await recordAudit(db, { action: AUDIT.magicLinkIssued, actorId: user?.id, target: input.email, ip });
  if (user && !user.isActive) return RECOVERY_MESSAGES.magicLinkSent;
  const minutes = Math.round(config.magicLinkTtlMs / 60_000);
  const { token, id } = await issueOneTimeToken(db, {
    kind: 'magic_link',
    email: input.email,
    userId: user?.id ?? null,
    ttlMs: config.magicLinkTtlMs,
    data: linkData(input),
  });
  try {
    await ctx.mailer.send(magicLinkEmail(input.email, `${config.appUrl}/?token=${token}`, minutes));
  } catch (error) {
    ctx.log.error({ err: error }, 'magic link e-mail failed');
    await deleteOneTimeToken(db, id);
    throw mailFailed(RECOVERY_MESSAGES.magicLinkFailed);
  }
  return RECOVERY_MESSAGES.magicLinkSent;
}

/** What the sign-in does when the link is used, possibly in another tab (decision 033); nothing when plain. */
function linkData(input: {
  name?: string | null;
  remember?: boolean;
  returnTo?: string | null;
}): Record<string, unknown> | undefined {
  const data = {
    ...(input.name ? { name: input.name } : {}),
    ...(input.remember ? { remember: true } : {}),
    ...(input.returnTo ? { returnTo: input.returnTo } : {}),
  };
  return Object.keys(data).length > 0 ? data : undefined;
}

async function createPersonalAccount(db: Db, email: string, name: string): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx.insert(users).values({ email, name }).returning({ id: users.id });
      const [team] = await tx
        .insert(teams)
        .values({ name: PERSONAL_TEAM_NAME, ownerId: user!.id })
        .returning({ id: teams.id });
      await tx.insert(memberships).values({ userId: user!.id, teamId: team!.id, role: 'owner' });
      await tx.update(users).set({ currentTeamId: team!.id }).where(eq(users.id, user!.id));
      return user!.id;
    });
  } catch (error) {
    // Someone signed up with this address meanwhile (the insert ran in a savepoint, so the caller's transaction
    // goes on): use that account.
    if (!uniqueViolation(error)) throw error;
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    return existing!.id;
  }
}

/**
 * Uses a sign-in link: `{ success, token, user, returnTo }`, and a remembered device's refresh credential when the
 * request asked to be kept signed in. The error for an expired link contains 'expired'.
 */
export async function verifyMagicLink(
  ctx: MailContext,
  token: string,
): Promise<{
  success: true;
  token: string;
  user: User;
  returnTo: string | null;
  refresh: RememberedCredential | null;
}> {
  const { db, config } = ctx;
  const ip = ctx.meta.ip;
  if (config.oidcOnly) {
    // A link sent before OIDC-only mode was turned on must not open a way around it.
    const peeked = await peekOneTimeToken(db, 'magic_link', token);
    if (typeof peeked !== 'string')
      await assertOutsideOidcOnly(db, config, {
        email: peeked.email,
        way: 'magic_link',
        message: SSO_TEXTS.oidcOnlyMagicLink,
        ip,
      });
  }
  // Using the link, creating the account and opening the session are one transaction: a failure anywhere leaves the
  // link unused, so the web transport's retry of the same request (docs/product.md §7) still signs in.
  const outcome = await db.transaction(async (tx) => {
    const used = await consumeOneTimeToken(tx, 'magic_link', token);
    if (typeof used === 'string') return used;
    const [existing] = await tx
      .select({ id: users.id, isActive: users.isActive })
      .from(users)
      .where(eq(users.email, used.email))
      .limit(1);
    if (existing && !existing.isActive) return 'disabled' as const;
    const name =
      typeof used.data?.name === 'string' && used.data.name ? used.data.name : used.email.split('@')[0]!;
    const userId = existing?.id ?? (await createPersonalAccount(tx, used.email, name));
    const { token: session, refresh } = await openSignIn(
      tx,
      config,
      userId,
      ctx.meta,
      used.data?.remember === true,
    );
    const returnTo = typeof used.data?.returnTo === 'string' ? used.data.returnTo : null;
    return { userId, session, email: used.email, refresh, returnTo };
  });
  if (outcome === 'expired') throw new AppError('gone', RECOVERY_MESSAGES.tokenExpired);
  if (outcome === 'disabled') throw new AppError('forbidden', MESSAGES.accountDisabled);
  if (typeof outcome === 'string') {
    if (outcome === 'used')
      await recordAudit(db, { action: AUDIT.tokenReuse, ip, details: { kind: 'magic_link' } });
    throw new AppError('bad_request', RECOVERY_MESSAGES.tokenInvalid);
  }
  const user = await loadUserView(db, config, outcome.userId);
  await recordAudit(db, {
    action: AUDIT.magicLinkUsed,
    actorId: outcome.userId,
    teamId: user.team?.id,
    target: outcome.email,
    ip,
  });
  return {
    success: true,
    token: outcome.session,
    user,
    returnTo: outcome.returnTo,
    refresh: outcome.refresh,
  };
}

// The hand-off of a single sign-on: sessions are bearer tokens the web app keeps (decision 003), so the callback
// cannot set one; it issues a one-time code (2 minutes, single use, stored hashed) that the web app trades for a
// session at POST /api/auth/oidc/complete, as a password sign-in would answer.
import { eq } from 'drizzle-orm';
import type { User } from '../../../common/contracts/auth';
import { MESSAGES } from '../../../common/domain/messages';
import { SSO_TEXTS } from '../../../common/domain/sso-texts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AUDIT, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { SessionMeta } from '../../lib/sessions';
import { openSignIn, type RememberedCredential } from './devices';
import { loadUserView } from '../../lib/user-view';
import { consumeOneTimeToken, issueOneTimeToken } from './one-time-tokens';

export const HANDOFF_TTL_MS = 2 * 60 * 1000;

export async function issueHandoff(
  db: Db,
  input: { userId: number; email: string; returnTo: string | null; remember: boolean },
): Promise<string> {
  const { token } = await issueOneTimeToken(db, {
    kind: 'oidc_handoff',
    email: input.email,
    userId: input.userId,
    ttlMs: HANDOFF_TTL_MS,
    data: { returnTo: input.returnTo, remember: input.remember },
  });
  return token;
}

/**
 * Trades a hand-off code for a session: `{ token, user, returnTo }`, and a remembered device's refresh credential
 * when the sign-in asked to be kept.
 */
export async function completeHandoff(
  ctx: { db: Db; config: Config; meta: SessionMeta },
  code: string,
): Promise<{ token: string; user: User; returnTo: string | null; refresh: RememberedCredential | null }> {
  const { db, config, meta } = ctx;
  const outcome = await db.transaction(async (tx) => {
    const used = await consumeOneTimeToken(tx, 'oidc_handoff', code);
    if (typeof used === 'string') return used;
    const [user] = await tx
      .select({ id: users.id, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, used.userId!))
      .limit(1);
    if (!user?.isActive) return 'disabled' as const;
    const { token: session, refresh } = await openSignIn(
      tx,
      config,
      user.id,
      meta,
      used.data?.remember === true,
    );
    const returnTo = typeof used.data?.returnTo === 'string' ? used.data.returnTo : null;
    return { userId: user.id, email: used.email, session, returnTo, refresh };
  });
  if (outcome === 'expired') throw new AppError('gone', SSO_TEXTS.handoffExpired);
  if (outcome === 'disabled') throw new AppError('forbidden', MESSAGES.accountDisabled);
  if (typeof outcome === 'string') {
    if (outcome === 'used')
      await recordAudit(db, { action: AUDIT.tokenReuse, ip: meta.ip, details: { kind: 'oidc_handoff' } });
    throw new AppError('bad_request', SSO_TEXTS.handoffInvalid);
  }
  const user = await loadUserView(db, config, outcome.userId);
  await recordAudit(db, {
    action: AUDIT.oidcSignedIn,
    actorId: outcome.userId,
    teamId: user.team?.id,
    target: outcome.email,
    ip: meta.ip,
  });
  return { token: outcome.session, user, returnTo: outcome.returnTo, refresh: outcome.refresh };
}

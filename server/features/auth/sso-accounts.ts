// Which account a provider identity signs in to (decision 022): the linked identity (issuer + subject); else the
// account with the same e-mail, linked only when the provider vouches for the address; else a new account.
import { and, eq, sql } from 'drizzle-orm';
import type { SsoErrorReason } from '../../../common/domain/sso-texts';
import type { OidcConfig } from '../../config';
import type { Db } from '../../db/client';
import { memberships, teams, userIdentities, users } from '../../db/schema';
import { AUDIT, recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { memberJoined } from '../../lib/invitations';
import { emitEvents } from '../../events/outbox';
import { PERSONAL_TEAM_NAME } from './magic-link';
import type { ProviderIdentity } from './sso-oidc-client';

export type AccountOutcome =
  | { ok: true; userId: number; email: string; created: boolean; linked: boolean }
  | { ok: false; reason: SsoErrorReason; userId?: number };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function domainAllowed(oidc: OidcConfig, email: string): boolean {
  if (oidc.allowedDomains.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return oidc.allowedDomains.includes(domain);
}

async function createAccount(tx: Tx, oidc: OidcConfig, email: string, name: string): Promise<number | null> {
  if (oidc.defaultTeamId !== null) {
    const [team] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(eq(teams.id, oidc.defaultTeamId))
      .limit(1);
    if (!team) return null;
    const [user] = await tx
      .insert(users)
      .values({ email, name, currentTeamId: team.id })
      .returning({ id: users.id });
    await tx.insert(memberships).values({ userId: user!.id, teamId: team.id, role: 'member' });
    const member = { id: user!.id, name };
    await emitEvents(tx, memberJoined(team.id, member, member));
    return user!.id;
  }
  const [user] = await tx.insert(users).values({ email, name }).returning({ id: users.id });
  const [team] = await tx
    .insert(teams)
    .values({ name: PERSONAL_TEAM_NAME, ownerId: user!.id })
    .returning({ id: teams.id });
  await tx.insert(memberships).values({ userId: user!.id, teamId: team!.id, role: 'owner' });
  await tx.update(users).set({ currentTeamId: team!.id }).where(eq(users.id, user!.id));
  return user!.id;
}

async function resolve(tx: Tx, oidc: OidcConfig, who: ProviderIdentity): Promise<AccountOutcome> {
  if (!who.email) return { ok: false, reason: 'email_missing' };
  if (!domainAllowed(oidc, who.email)) return { ok: false, reason: 'domain' };
  const [linked] = await tx
    .select({ id: users.id, email: users.email, isActive: users.isActive })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, who.issuer), eq(userIdentities.subject, who.subject)))
    .limit(1);
  if (linked) {
    if (!linked.isActive) return { ok: false, reason: 'disabled', userId: linked.id };
    await tx
      .update(userIdentities)
      .set({ email: who.email, lastSignInAt: sql`now()` })
      .where(and(eq(userIdentities.issuer, who.issuer), eq(userIdentities.subject, who.subject)));
    return { ok: true, userId: linked.id, email: linked.email, created: false, linked: false };
  }
  // Linking or creating by e-mail trusts the address, so the provider must have verified it.
  if (!who.emailVerified) return { ok: false, reason: 'email_unverified' };
  const [existing] = await tx
    .select({ id: users.id, isActive: users.isActive })
    .from(users)
    .where(eq(users.email, who.email))
    .limit(1);
  if (existing && !existing.isActive) return { ok: false, reason: 'disabled', userId: existing.id };
  const userId =
    existing?.id ?? (await createAccount(tx, oidc, who.email, who.name ?? who.email.split('@')[0]!));
  if (userId === null) return { ok: false, reason: 'misconfigured' };
  await tx
    .insert(userIdentities)
    .values({ userId, issuer: who.issuer, subject: who.subject, email: who.email });
  return { ok: true, userId, email: who.email, created: !existing, linked: Boolean(existing) };
}

/** Finds, links or creates the account of this identity, and audits the outcome. */
export async function accountForIdentity(
  db: Db,
  oidc: OidcConfig,
  who: ProviderIdentity,
  ip: string | undefined,
): Promise<AccountOutcome> {
  let outcome: AccountOutcome;
  try {
    outcome = await db.transaction((tx) => resolve(tx, oidc, who));
  } catch (error) {
    // A parallel first sign-in of the same person won the insert: theirs is now the linked identity.
    if (!uniqueViolation(error)) throw error;
    outcome = await db.transaction((tx) => resolve(tx, oidc, who));
  }
  const target = who.email ?? who.subject;
  if (!outcome.ok) {
    await recordAudit(db, {
      action: AUDIT.oidcFailure,
      actorId: outcome.userId,
      target,
      ip,
      details: { reason: outcome.reason, issuer: who.issuer },
    });
    return outcome;
  }
  if (outcome.created)
    await recordAudit(db, {
      action: AUDIT.register,
      actorId: outcome.userId,
      target: outcome.email,
      ip,
      details: { sso: true, defaultTeam: oidc.defaultTeamId !== null },
    });
  if (outcome.linked)
    await recordAudit(db, {
      action: AUDIT.oidcLinked,
      actorId: outcome.userId,
      target: outcome.email,
      ip,
      details: { issuer: who.issuer },
    });
  return outcome;
}

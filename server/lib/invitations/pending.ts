// Invitation tokens, shared by sign-up (register with invitationToken) and accepting while signed in.
// Single use, 7 days, bound to the invited e-mail; the role given is always member.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TeamEventInput } from '../../../common/contracts/domain-events';
import { TEAM_MESSAGES } from '../../../common/contracts/team';
import type { Db } from '../../db/client';
import { invitations, memberships, teams, users } from '../../db/schema';
import { badRequest } from '../errors';
import { emitEvents } from '../../events/outbox';
import { hashToken } from '../tokens';

export type Invitation = typeof invitations.$inferSelect & { teamName: string };

/** A pending, unexpired invitation for this token, or 400 'Invalid invitation'. */
export async function findPendingInvitation(db: Db, token: string): Promise<Invitation> {
  const [row] = await db
    .select({ invitation: invitations, teamName: teams.name })
    .from(invitations)
    .innerJoin(teams, eq(teams.id, invitations.teamId))
    .where(
      and(
        eq(invitations.tokenHash, hashToken(token)),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row) throw badRequest(TEAM_MESSAGES.invalidInvitation);
  return { ...row.invitation, teamName: row.teamName };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Inside a transaction: marks the invitation used (only the first of parallel uses succeeds), adds the user to the
 * team as member (whatever the invitation row says) and makes it their current team.
 */
export async function acceptInvitationTx(
  tx: Tx,
  invitation: Invitation,
  user: { id: number; name: string },
): Promise<void> {
  const userId = user.id;
  const accepted = await tx
    .update(invitations)
    .set({ acceptedAt: sql`now()` })
    .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  if (accepted.length === 0) throw badRequest(TEAM_MESSAGES.invalidInvitation);
  await tx
    .insert(memberships)
    .values({ userId, teamId: invitation.teamId, role: 'member' })
    .onConflictDoNothing();
  await tx.update(users).set({ currentTeamId: invitation.teamId }).where(eq(users.id, userId));
  // The joining user is the actor: they accepted.
  await emitEvents(tx, memberJoined(invitation.teamId, user, user));
}

/** A member joined a team (added by a manager, or by accepting an invitation). */
export function memberJoined(
  teamId: number,
  actor: { id: number; name: string } | null,
  member: { id: number; name: string },
): TeamEventInput {
  return { type: 'member.joined', teamId, payload: { actor, member: { ...member, role: 'member' } } };
}

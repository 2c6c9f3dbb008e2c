// Inviting colleagues (docs/product.md §7): an existing user is added at once ('added to team'); anyone else gets an e-mailed
// link to sign up into the team.
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { RECOVERY_MESSAGES } from '../../../common/contracts/recovery';
import { TEAM_MESSAGES } from '../../../common/contracts/team';
import type { Config } from '../../config';
import { invitations, memberships, users } from '../../db/schema';
import { AUDIT, recordAudit } from '../../lib/audit';
import { emitEvents, eventActor } from '../../events/outbox';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { acceptInvitationTx, findPendingInvitation, memberJoined } from '../../lib/invitations';
import { isEmailThrottled } from '../../lib/throttle';
import { newToken } from '../../lib/tokens';
import type { Actor } from '../../lib/actor';
import type { Mailer } from '../../plugins/mail';
import { invitationEmail } from '../../lib/emails';
import type { TeamContext } from './service';

export interface InviteContext extends TeamContext {
  config: Config;
  mailer: Mailer;
  teamName: string;
  log: { error: (obj: unknown, msg: string) => void };
}

export async function inviteMember(
  ctx: InviteContext,
  input: { email: string; username: string | null },
): Promise<string> {
  const { db, actor, config } = ctx;
  const [existing] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  if (existing) {
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(memberships)
        .values({ userId: existing.id, teamId: actor.teamId, role: 'member' })
        .onConflictDoNothing()
        .returning({ userId: memberships.userId });
      if (inserted.length === 0) throw conflict(TEAM_MESSAGES.alreadyMember);
      await recordAudit(tx, {
        action: AUDIT.memberAdded,
        actorId: actor.userId,
        teamId: actor.teamId,
        target: input.email,
        ip: ctx.ip,
      });
      await emitEvents(
        tx,
        memberJoined(actor.teamId, eventActor(actor), { id: existing.id, name: existing.name }),
      );
    });
    return TEAM_MESSAGES.addedToTeam(input.email);
  }
  const ip = ctx.ip ?? 'unknown';
  if (await isEmailThrottled(db, config, AUDIT.invitationSent, input.email, ip)) {
    await recordAudit(db, {
      action: AUDIT.emailThrottled,
      actorId: actor.userId,
      teamId: actor.teamId,
      target: input.email,
      ip,
    });
    throw new AppError('too_many_requests', RECOVERY_MESSAGES.tooManyEmails);
  }
  const { token, hash } = newToken();
  // A new invitation to the same address replaces the pending one, so only the newest link works.
  const id = await db.transaction(async (tx) => {
    await tx
      .delete(invitations)
      .where(
        and(
          eq(invitations.teamId, actor.teamId),
          eq(invitations.email, input.email),
          isNull(invitations.acceptedAt),
        ),
      );
    const [row] = await tx
      .insert(invitations)
      .values({
        teamId: actor.teamId,
        email: input.email,
        inviteeUsername: input.username,
        tokenHash: hash,
        invitedBy: actor.userId,
        role: 'member',
        expiresAt: new Date(Date.now() + config.invitationTtlMs),
      })
      .returning({ id: invitations.id });
    return row!.id;
  });
  const days = Math.round(config.invitationTtlMs / 86_400_000);
  try {
    await ctx.mailer.send(
      invitationEmail(
        input.email,
        `${config.appUrl}/signup?invitation=${token}`,
        ctx.teamName,
        actor.name || actor.email,
        days,
      ),
    );
  } catch (error) {
    ctx.log.error({ err: error }, 'invitation e-mail failed');
    await db.delete(invitations).where(eq(invitations.id, id));
    throw new AppError('unavailable', TEAM_MESSAGES.inviteMailFailed);
  }
  await recordAudit(db, {
    action: AUDIT.invitationSent,
    actorId: actor.userId,
    teamId: actor.teamId,
    target: input.email,
    ip: ctx.ip,
  });
  return TEAM_MESSAGES.invitationSent;
}

export async function listPendingInvitations({ db, actor }: TeamContext) {
  const rows = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.teamId, actor.teamId),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(invitations.createdAt))
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    invitee_username: r.inviteeUsername,
    created_at: r.createdAt.toISOString(),
  }));
}

/** GET /api/team/accept-invitation: validates a token for the sign-up and accept screens. */
export async function checkInvitation(db: TeamContext['db'], token: string) {
  const invitation = await findPendingInvitation(db, token);
  return {
    teamName: invitation.teamName,
    email: invitation.email,
    invitee_username: invitation.inviteeUsername,
    message: `You've been invited to join ${invitation.teamName}`,
  };
}

/** POST /api/team/accept-invitation: a signed-in user whose e-mail the invitation names joins the team as member. */
export async function acceptInvitation(
  db: TeamContext['db'],
  actor: Actor,
  token: string,
  ip?: string,
): Promise<{ message: string; teamId: number }> {
  const invitation = await findPendingInvitation(db, token);
  if (invitation.email !== actor.email) throw badRequest(TEAM_MESSAGES.wrongInvitee);
  await db.transaction(async (tx) => {
    await acceptInvitationTx(tx, invitation, { id: actor.userId, name: actor.name || actor.email });
    await recordAudit(tx, {
      action: AUDIT.invitationAccepted,
      actorId: actor.userId,
      teamId: invitation.teamId,
      target: actor.email,
      ip,
    });
  });
  return { message: TEAM_MESSAGES.invitationAccepted(invitation.teamName), teamId: invitation.teamId };
}

// Leaving the team, removing someone from it and handing it over (decision 035). The user account stays: only the
// membership ends, with the access that came with it; incidents they logged keep their name.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { TEAM_MESSAGES, type Member } from '../../../common/contracts/team';
import { MEMBER_TEXTS, type OpenAction } from '../../../common/contracts/team-members';
import { idSlugOf } from '../../../common/domain/tags';
import type { Db } from '../../db/client';
import { memberships, oops, oopsActions, teams, users } from '../../db/schema';
import { AUDIT, recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { endTeamAccess } from '../../lib/member-access';
import { emitEvents, eventActor } from '../../events/outbox';
import { assertMayRemove } from './policy';
import { findMember, getCurrentTeam, type TeamContext } from './service';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Open follow-up actions of the user on this team's incidents, so that someone can take them over. */
async function openActionsOf(db: Db, teamId: number, userId: number): Promise<OpenAction[]> {
  const rows = await db
    .select({
      id: oopsActions.id,
      title: oopsActions.title,
      due_date: oopsActions.dueDate,
      oopsId: oops.id,
      slug: oops.slug,
      oopsTitle: oops.title,
      status: oops.status,
    })
    .from(oopsActions)
    .innerJoin(oops, eq(oops.id, oopsActions.oopsId))
    .where(and(eq(oops.teamId, teamId), eq(oopsActions.ownerId, userId), eq(oopsActions.status, 'open')))
    .orderBy(sql`${oopsActions.dueDate} asc nulls last`, asc(oopsActions.id))
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    due_date: r.due_date,
    oops: {
      id: r.oopsId,
      id_slug: idSlugOf({ id: r.oopsId, slug: r.slug }),
      title: r.oopsTitle,
      status: r.status,
    },
  }));
}

/**
 * Ends the membership inside a transaction: the team keeps at least one owner, its owner_id names a remaining owner,
 * and a user whose current team this was moves to another team of theirs (or to none).
 */
async function endMembership(tx: Tx, teamId: number, userId: number): Promise<void> {
  const gone = await tx
    .delete(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)))
    .returning({ role: memberships.role });
  // Another request removed them first.
  if (gone.length === 0) throw notFound(TEAM_MESSAGES.memberNotFound);
  const [owner] = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.role, 'owner')))
    .orderBy(asc(memberships.createdAt), asc(memberships.userId))
    .limit(1);
  if (!owner) throw conflict(MEMBER_TEXTS.lastOwnerLeave);
  await tx
    .update(teams)
    .set({ ownerId: owner.userId })
    .where(and(eq(teams.id, teamId), eq(teams.ownerId, userId)));
  const [next] = await tx
    .select({ teamId: memberships.teamId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), ne(memberships.teamId, teamId)))
    .orderBy(asc(memberships.createdAt), asc(memberships.teamId))
    .limit(1);
  await tx
    .update(users)
    .set({ currentTeamId: next?.teamId ?? null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.currentTeamId, teamId)));
}

/**
 * Removes another member: their sessions end and their API tokens for this team are revoked in the same
 * transaction, so their very next request is refused on every process. Answers their open actions for reassignment.
 */
export async function removeMember(ctx: TeamContext, userId: number) {
  const { db, actor } = ctx;
  const target = await findMember(db, actor.teamId, userId);
  assertMayRemove(actor, userId, target.role);
  await db.transaction(async (tx) => {
    await endMembership(tx, actor.teamId, userId);
    const ended = await endTeamAccess(tx, userId, actor.teamId, {
      actorId: actor.userId,
      ip: ctx.ip,
      reason: 'removed',
    });
    await recordAudit(tx, {
      action: AUDIT.memberRemoved,
      actorId: actor.userId,
      teamId: actor.teamId,
      target: String(userId),
      ip: ctx.ip,
      details: { role: target.role, sessions_ended: ended.sessions, tokens_revoked: ended.tokens },
    });
    await emitEvents(tx, {
      type: 'member.removed',
      teamId: actor.teamId,
      payload: { actor: eventActor(actor), member: { id: userId, name: target.name, role: null } },
    });
  });
  return {
    message: MEMBER_TEXTS.removed(target.name || target.email),
    member: target,
    open_actions: await openActionsOf(db, actor.teamId, userId),
  };
}

/** The actor leaves the current team (the only owner must hand it over first); they keep their sessions. */
export async function leaveTeam(ctx: TeamContext) {
  const { db, actor } = ctx;
  const team = await getCurrentTeam(ctx);
  await db.transaction(async (tx) => {
    await endMembership(tx, actor.teamId, actor.userId);
    const ended = await endTeamAccess(tx, actor.userId, actor.teamId, {
      actorId: actor.userId,
      ip: ctx.ip,
      reason: 'left',
    });
    await recordAudit(tx, {
      action: AUDIT.memberLeft,
      actorId: actor.userId,
      teamId: actor.teamId,
      target: String(actor.userId),
      ip: ctx.ip,
      details: { role: actor.role, tokens_revoked: ended.tokens },
    });
    await emitEvents(tx, {
      type: 'member.removed',
      teamId: actor.teamId,
      payload: { actor: eventActor(actor), member: { id: actor.userId, name: actor.name, role: null } },
    });
  });
  const [now] = await db
    .select({ id: teams.id, name: teams.name })
    .from(users)
    .innerJoin(teams, eq(teams.id, users.currentTeamId))
    .where(eq(users.id, actor.userId))
    .limit(1);
  return { message: MEMBER_TEXTS.left(team.name), current_team: now ?? null };
}

/** Hands the team to another member: they become an owner and the team's owner, the former owner an admin. */
export async function transferOwnership(ctx: TeamContext, userId: number) {
  const { db, actor } = ctx;
  if (userId === actor.userId) throw badRequest(MEMBER_TEXTS.transferToSelf);
  const target = await findMember(db, actor.teamId, userId);
  const setRole = (tx: Tx, id: number, role: Member['role']) =>
    tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.teamId, actor.teamId), eq(memberships.userId, id)));
  await db.transaction(async (tx) => {
    await setRole(tx, userId, 'owner');
    await setRole(tx, actor.userId, 'admin');
    await tx.update(teams).set({ ownerId: userId }).where(eq(teams.id, actor.teamId));
    await recordAudit(tx, {
      action: AUDIT.ownershipTransferred,
      actorId: actor.userId,
      teamId: actor.teamId,
      target: String(userId),
      ip: ctx.ip,
      details: { from_role: target.role },
    });
    const changed = (id: number, name: string, role: Member['role']) =>
      ({
        type: 'member.role_changed',
        teamId: actor.teamId,
        payload: { actor: eventActor(actor), member: { id, name, role } },
      }) as const;
    await emitEvents(tx, changed(userId, target.name, 'owner'), changed(actor.userId, actor.name, 'admin'));
  });
  return {
    message: MEMBER_TEXTS.transferred(target.name || target.email),
    owner: { ...target, role: 'owner' as const },
    former_owner: await findMember(db, actor.teamId, actor.userId),
  };
}

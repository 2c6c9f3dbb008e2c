// The current team: details, members, roles, departments, and switching between teams.
import { and, asc, eq, sql } from 'drizzle-orm';
import { TEAM_MESSAGES, type Member } from '../../../common/contracts/team';
import type { Role } from '../../../common/domain/options';
import type { Db } from '../../db/client';
import { memberships, teams, users } from '../../db/schema';
import { AUDIT, recordAudit } from '../../lib/audit';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/actor';
import { emitEvents, eventActor } from '../../events/outbox';
import { assertMayChangeRole } from './policy';
import type { TeamActor } from '../../lib/actor';

export interface TeamContext {
  db: Db;
  actor: TeamActor;
  ip?: string;
}

export async function getCurrentTeam({ db, actor }: TeamContext) {
  const [team] = await db.select().from(teams).where(eq(teams.id, actor.teamId)).limit(1);
  if (!team) throw notFound('Team not found.');
  return {
    id: team.id,
    name: team.name,
    industry: team.industry,
    owner_id: team.ownerId,
    created_at: team.createdAt.toISOString(),
    role: actor.role,
    time_zone: team.timeZone,
    confidential_near_misses: team.confidentialNearMisses,
    share_metrics: team.shareMetrics,
  };
}

/** The team's on/off settings that owners and admins change, by their name in the team's answer. */
const TEAM_SWITCHES = {
  /** Members may report near-misses confidentially (decision 024). */
  confidential_near_misses: 'confidentialNearMisses',
  /** The team's learning figures on the operators' /metrics (decision 053). */
  share_metrics: 'shareMetrics',
} as const satisfies Record<string, keyof typeof teams.$inferInsert>;
export type TeamSwitch = keyof typeof TEAM_SWITCHES;

/** Turns one of the team's settings on or off (owners and admins), with an audit record. */
export async function updateTeamSwitch(ctx: TeamContext, setting: TeamSwitch, enabled: boolean) {
  const { actor } = ctx;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(teams)
      .set({ [TEAM_SWITCHES[setting]]: enabled })
      .where(eq(teams.id, actor.teamId));
    await recordAudit(tx, {
      action: AUDIT.teamUpdated,
      actorId: actor.userId,
      teamId: actor.teamId,
      ip: ctx.ip,
      details: { [setting]: enabled },
    });
  });
  return getCurrentTeam(ctx);
}

/** Sets the zone of the weekly digest's schedule (owners and admins; the name was checked by the contract). */
export async function updateTeamTimeZone(ctx: TeamContext, timeZone: string) {
  const { actor } = ctx;
  await ctx.db.transaction(async (tx) => {
    await tx.update(teams).set({ timeZone }).where(eq(teams.id, actor.teamId));
    await recordAudit(tx, {
      action: AUDIT.teamUpdated,
      actorId: actor.userId,
      teamId: actor.teamId,
      ip: ctx.ip,
      details: { time_zone: timeZone },
    });
  });
  return getCurrentTeam(ctx);
}

export async function updateCurrentTeam(ctx: TeamContext, input: { name: string; industry: string }) {
  const { actor } = ctx;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(teams)
      .set({ name: input.name, industry: input.industry })
      .where(eq(teams.id, actor.teamId));
    await recordAudit(tx, {
      action: AUDIT.teamUpdated,
      actorId: actor.userId,
      teamId: actor.teamId,
      ip: ctx.ip,
    });
    await emitEvents(tx, {
      type: 'team.updated',
      teamId: actor.teamId,
      payload: { actor: eventActor(actor), team: { id: actor.teamId, name: input.name } },
    });
  });
  return getCurrentTeam(ctx);
}

export const memberColumns = {
  id: users.id,
  name: users.name,
  username: users.username,
  email: users.email,
  user_department: users.userDepartment,
  role: memberships.role,
};

/** Members of the current team, owners first. Bounded: teams larger than this page through the admin screens. */
export async function listMembers({ db, actor }: TeamContext): Promise<Member[]> {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.teamId, actor.teamId))
    .orderBy(
      sql`case ${memberships.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
      asc(users.name),
    )
    .limit(1000);
}

/** A member of the team, or 404. */
export async function findMember(db: Db, teamId: number, userId: number): Promise<Member> {
  const [member] = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)))
    .limit(1);
  if (!member) throw notFound(TEAM_MESSAGES.memberNotFound);
  return member;
}

/** Changes another member's role. Takes effect on that member's very next request (roles are read per request). */
export async function changeMemberRole(ctx: TeamContext, userId: number, role: Role): Promise<Member> {
  const { db, actor } = ctx;
  const target = await findMember(db, actor.teamId, userId);
  assertMayChangeRole(actor, userId, target.role, role);
  if (target.role === role) return target;
  await db.transaction(async (tx) => {
    await tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.teamId, actor.teamId), eq(memberships.userId, userId)));
    if (target.role === 'owner') {
      const [{ owners }] = (await tx
        .select({ owners: sql<number>`count(*)::int` })
        .from(memberships)
        .where(and(eq(memberships.teamId, actor.teamId), eq(memberships.role, 'owner')))) as [
        { owners: number },
      ];
      if (owners === 0) throw conflict(TEAM_MESSAGES.lastOwner);
    }
    await recordAudit(tx, {
      action: AUDIT.roleChanged,
      actorId: actor.userId,
      teamId: actor.teamId,
      target: String(userId),
      ip: ctx.ip,
      details: { from: target.role, to: role },
    });
    await emitEvents(tx, {
      type: 'member.role_changed',
      teamId: actor.teamId,
      payload: { actor: eventActor(actor), member: { id: userId, name: target.name, role } },
    });
  });
  return { ...target, role };
}

export async function changeMemberDepartment(
  ctx: TeamContext,
  userId: number,
  department: string | null,
): Promise<Member> {
  const { db, actor } = ctx;
  if (userId === actor.userId) throw forbidden(TEAM_MESSAGES.notYourself);
  const target = await findMember(db, actor.teamId, userId);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ userDepartment: department, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await recordAudit(tx, {
      action: AUDIT.departmentChanged,
      actorId: actor.userId,
      teamId: actor.teamId,
      target: String(userId),
      ip: ctx.ip,
    });
    // The member's own sessions carry their department; the team's member facts changed too.
    await emitEvents(
      tx,
      { type: 'user.updated', teamId: actor.teamId, payload: { user_id: userId } },
      {
        type: 'team.updated',
        teamId: actor.teamId,
        payload: { actor: eventActor(actor), team: { id: actor.teamId, name: actor.teamName ?? '' } },
      },
    );
  });
  return { ...target, user_department: department };
}

/** The teams the user belongs to (for the team switcher). */
export async function listMyTeams(db: Db, actor: Actor) {
  const rows = await db
    .select({ id: teams.id, name: teams.name, role: memberships.role })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(eq(memberships.userId, actor.userId))
    .orderBy(asc(teams.name))
    .limit(200);
  return rows.map((r) => ({ ...r, current: r.id === actor.teamId }));
}

export async function switchTeam(db: Db, actor: Actor, teamId: number, ip?: string): Promise<void> {
  const [membership] = await db
    .select({ teamId: memberships.teamId })
    .from(memberships)
    .where(and(eq(memberships.userId, actor.userId), eq(memberships.teamId, teamId)))
    .limit(1);
  if (!membership) throw badRequest(TEAM_MESSAGES.notAMember);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ currentTeamId: teamId }).where(eq(users.id, actor.userId));
    await recordAudit(tx, { action: AUDIT.teamSwitched, actorId: actor.userId, teamId, ip });
    await emitEvents(tx, { type: 'user.updated', teamId, payload: { user_id: actor.userId } });
  });
}

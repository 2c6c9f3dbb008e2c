// Platform administration: counts, users (enable/disable), teams and the audit log. Super admins see account data
// and counts, never other teams' incident contents.
import { and, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '../../../common/contracts/admin';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { auditEvents, teams, users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { setUserActive } from '../../lib/user-status';
import { isSuperAdmin, superAdminSql } from '../../lib/super-admin';
import type { Actor } from '../../lib/actor';
import { containsPattern } from '../../lib/sql-like';
import { queryRows } from '../../lib/sql-rows';
import { periodRows, sumRows } from '../../lib/stats-rollups';
import { DAY_MS } from '../../../common/domain/dashboard';

export interface AdminContext {
  db: Db;
  config: Config;
  actor: Actor;
  ip?: string;
}

export function requireSuperAdmin(actor: Actor): Actor {
  if (!actor.isSuperAdmin) throw forbidden(ADMIN_MESSAGES.superAdminOnly);
  return actor;
}

export async function getAdminStats({ db, config }: AdminContext) {
  const [u] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${users.isActive})::int`,
      supers: sql<number>`count(*) filter (where ${superAdminSql(config)})::int`,
    })
    .from(users);
  const [t] = await db.select({ n: count() }).from(teams);
  // From the statistics rollups (decision 016): the whole platform's counts without reading every record.
  const [totals, week] = await Promise.all([
    queryRows<{ n: number }>(db, sql`select coalesce(sum(records), 0)::int as n from oops_group_stats`),
    periodRows(db, 'all', new Date(Date.now() - 7 * DAY_MS)),
  ]);
  const o = { total: totals[0]!.n, week: sumRows(week, () => true, 'records') };
  return {
    total_users: u!.total,
    total_teams: t!.n,
    total_oops: o.total,
    super_admins: u!.supers,
    oops_last_7_days: o.week,
    active_users: u!.active,
    disabled_users: u!.total - u!.active,
  };
}

export async function listAdminUsers(
  { db, config }: AdminContext,
  query: { search?: string; limit: number; offset: number },
) {
  const where = query.search
    ? or(
        ilike(users.email, containsPattern(query.search)),
        ilike(users.name, containsPattern(query.search)),
        ilike(users.username, containsPattern(query.search)),
      )
    : undefined;
  const [rows, matched, stats] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        username: users.username,
        email: users.email,
        userDepartment: users.userDepartment,
        isActive: users.isActive,
        isSuperAdmin: users.isSuperAdmin,
        createdAt: users.createdAt,
        // Explicit table names: Drizzle leaves columns unqualified in single-table selects (see oops/mapper.ts).
        teamCount: sql<number>`(select count(*)::int from memberships m where m.user_id = "users"."id")`,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(users).where(where),
    getAdminStats({ db, config } as AdminContext),
  ]);
  return {
    users: rows.map((r) => ({
      id: r.id,
      name: r.name,
      username: r.username,
      email: r.email,
      user_department: r.userDepartment,
      is_active: r.isActive,
      is_super_admin: isSuperAdmin(config, r),
      created_at: r.createdAt.toISOString(),
      team_count: r.teamCount,
    })),
    matched: matched[0]!.n,
    totals: {
      total: stats.total_users,
      super_admins: stats.super_admins,
      active: stats.active_users,
      disabled: stats.disabled_users,
    },
  };
}

export async function listAdminTeams(
  { db }: AdminContext,
  query: { search?: string; limit: number; offset: number },
) {
  const search = query.search;
  const where = search
    ? or(
        ilike(teams.name, containsPattern(search)),
        /^\d+$/.test(search) ? eq(teams.ownerId, Number(search)) : undefined,
      )
    : undefined;
  const [rows, matched, total] = await Promise.all([
    db
      .select({
        id: teams.id,
        name: teams.name,
        ownerId: teams.ownerId,
        createdAt: teams.createdAt,
        members: sql<number>`(select count(*)::int from memberships m where m.team_id = "teams"."id")`,
        oopsCount: sql<number>`(select coalesce(sum(g.records), 0)::int from oops_group_stats g where g.team_id = "teams"."id")`,
      })
      .from(teams)
      .where(where)
      .orderBy(desc(teams.createdAt), desc(teams.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(teams).where(where),
    db.select({ n: count() }).from(teams),
  ]);
  return {
    teams: rows.map((r) => ({
      id: r.id,
      name: r.name || null,
      owner_id: r.ownerId,
      created_at: r.createdAt.toISOString(),
      member_count: r.members,
      oops_count: r.oopsCount,
    })),
    matched: matched[0]!.n,
    total: total[0]!.n,
  };
}

/** Enables or disables a user. Disabling ends their sessions and one-time tokens at once. */
export async function setUserStatus(ctx: AdminContext, userId: number, isActive: boolean) {
  const { db, actor } = ctx;
  if (userId === actor.userId && !isActive) throw badRequest(ADMIN_MESSAGES.notYourself);
  const user = await setUserActive(db, userId, isActive, { actorId: actor.userId, ip: ctx.ip });
  if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
  const result = await listAdminUsers(ctx, { search: user.email, limit: 1, offset: 0 });
  return result.users[0]!;
}

export async function listAuditEvents(
  { db }: AdminContext,
  query: {
    action?: string;
    actor_id?: number;
    team_id?: number;
    from?: string;
    to?: string;
    limit: number;
    offset: number;
  },
) {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditEvents.action, query.action));
  if (query.actor_id) filters.push(eq(auditEvents.actorId, query.actor_id));
  if (query.team_id) filters.push(eq(auditEvents.teamId, query.team_id));
  if (query.from) filters.push(gte(auditEvents.at, new Date(query.from)));
  if (query.to) filters.push(lte(auditEvents.at, new Date(query.to)));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, matched] = await Promise.all([
    db
      .select({ event: auditEvents, actorEmail: users.email })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return {
    events: rows.map(({ event: e, actorEmail }) => ({
      id: e.id,
      at: e.at.toISOString(),
      action: e.action,
      actor_id: e.actorId,
      actor_email: actorEmail,
      team_id: e.teamId,
      target: e.target,
      ip: e.ip,
      details: e.details,
    })),
    matched: matched[0]!.n,
  };
}

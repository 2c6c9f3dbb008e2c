// The team's follow-up actions across incidents (docs/decisions/018-follow-up-actions.md): "My actions"
// for everyone, the whole team's for owners and admins, and marking an action done from there.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { TeamAction, TeamActionsQuery, TeamActionsResponse } from '../../../common/contracts/actions';
import { actionToday, isOverdue } from '../../../common/domain/actions';
import { MANAGER_ROLES } from '../../../common/domain/options';
import { idSlugOf } from '../../../common/domain/tags';
import type { Db } from '../../db/client';
import { actionReminders, memberships, oops, oopsActions, users } from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import type { TeamActor } from '../../lib/actor';
import { overdueWhere } from '../../lib/overdue-sql';
import { actionColumns, toAction } from '../oops';
import { emitActionEvent, statusChange } from './actions';

export interface ActionsContext {
  db: Db;
  actor: TeamActor;
  /** The day due dates are compared with (common/domain/actions.ts); a parameter so tests can set it. */
  today?: string;
}

export const ACTIONS_MESSAGES = {
  teamViewForbidden: "Only team owners and admins can see the whole team's actions.",
  notFound: 'Action not found.',
} as const;

const overdueSql = (today: string) => overdueWhere(oopsActions.status, oopsActions.dueDate, today);
/** Done, pending and its day to check has come: "Did it hold?" is due (decision 048). */
const verificationDueSql = (today: string) =>
  sql`(${oopsActions.status} = 'done' and ${oopsActions.verificationState} = 'pending'
    and ${oopsActions.verifyOn} <= ${today}::date)`;

const selection = {
  ...actionColumns,
  oopsRow: {
    id: oops.id,
    slug: oops.slug,
    title: oops.title,
    status: oops.status,
    area: oops.areaDepartment,
  },
};

function toTeamAction(
  row: {
    oopsRow: { id: number; slug: string; title: string; status: string; area: string | null };
  } & Parameters<typeof toAction>[0],
  today: string,
): TeamAction {
  const action = toAction(row);
  const { oopsRow } = row;
  return {
    ...action,
    overdue: isOverdue(action, today),
    oops: {
      id: oopsRow.id,
      id_slug: idSlugOf(oopsRow),
      title: oopsRow.title,
      status: oopsRow.status,
      area_department: oopsRow.area,
    },
  };
}

const baseQuery = (db: Db) =>
  db
    .select(selection)
    .from(oopsActions)
    .innerJoin(oops, eq(oops.id, oopsActions.oopsId))
    .leftJoin(users, eq(users.id, oopsActions.ownerId));

export async function listTeamActions(
  { db, actor, today = actionToday() }: ActionsContext,
  query: TeamActionsQuery,
): Promise<TeamActionsResponse> {
  if (!query.mine && !MANAGER_ROLES.includes(actor.role)) throw forbidden(ACTIONS_MESSAGES.teamViewForbidden);
  // Who and where: the scope the counts describe.
  const scope: SQL[] = [eq(oops.teamId, actor.teamId)];
  if (query.mine) scope.push(eq(oopsActions.ownerId, actor.userId));
  if (query.owner_id !== undefined) scope.push(eq(oopsActions.ownerId, query.owner_id));
  if (query.department) scope.push(eq(oops.areaDepartment, query.department));
  // What: the list's own filters.
  const filters = [...scope];
  if (query.status) filters.push(eq(oopsActions.status, query.status));
  if (query.overdue) filters.push(overdueSql(today));
  if (query.verification_due) filters.push(verificationDueSql(today));

  const overdue = overdueSql(today);
  const [rows, [counts], [matched]] = await Promise.all([
    baseQuery(db)
      .where(and(...filters))
      // Open before done; among open ones the overdue first, then by due date (undated last); done ones newest first.
      .orderBy(
        sql`${oopsActions.status} = 'open' desc`,
        sql`${overdue} desc`,
        sql`${oopsActions.dueDate} asc nulls last`,
        sql`${oopsActions.completedAt} desc nulls last`,
        asc(oopsActions.id),
      )
      .limit(query.limit),
    db
      .select({
        open: sql<number>`count(*) filter (where ${oopsActions.status} = 'open')::int`,
        overdue: sql<number>`count(*) filter (where ${overdue})::int`,
      })
      .from(oopsActions)
      .innerJoin(oops, eq(oops.id, oopsActions.oopsId))
      .where(and(...scope)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(oopsActions)
      .innerJoin(oops, eq(oops.id, oopsActions.oopsId))
      .where(and(...filters)),
  ]);
  return {
    actions: rows.map((row) => toTeamAction(row, today)),
    matched: Number(matched?.n ?? 0),
    counts: { open: Number(counts?.open ?? 0), overdue: Number(counts?.overdue ?? 0) },
  };
}

/** One action of the actor's team with its incident, or 404. */
export async function readTeamAction(
  db: Db,
  actor: TeamActor,
  actionId: number,
  today: string,
): Promise<TeamAction> {
  const [row] = await baseQuery(db)
    .where(and(eq(oopsActions.id, actionId), eq(oops.teamId, actor.teamId)))
    .limit(1);
  // Another team's action is as unknown as a missing one.
  if (!row) throw notFound(ACTIONS_MESSAGES.notFound);
  return toTeamAction(row, today);
}

/**
 * Marks an action done. Unlike editing, this works on closed incidents too: the follow-up comes after the
 * postmortem, and the closed record itself is not changed (decision 018). Done already: answered as it is.
 */
export async function completeTeamAction(
  { db, actor, today = actionToday() }: ActionsContext,
  actionId: number,
): Promise<TeamAction> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ status: oopsActions.status, oopsId: oopsActions.oopsId })
      .from(oopsActions)
      .innerJoin(oops, eq(oops.id, oopsActions.oopsId))
      .where(and(eq(oopsActions.id, actionId), eq(oops.teamId, actor.teamId)))
      .for('update', { of: oopsActions });
    if (!found) throw notFound(ACTIONS_MESSAGES.notFound);
    if (found.status === 'done') return;
    await tx
      .update(oopsActions)
      .set({ ...statusChange('done'), updatedAt: new Date() })
      .where(eq(oopsActions.id, actionId));
    await emitActionEvent(tx, actor, 'action.completed', found.oopsId, actionId);
  });
  return readTeamAction(db, actor, actionId, today);
}

export const ACTION_LINK_MESSAGES = {
  invalid: 'This link is not valid. Open the action from My Actions instead.',
  used: 'This link was already used.',
  expired: 'This link has expired. Open the action from My Actions instead.',
  notAllowed: 'You can no longer change this action.',
} as const;

/**
 * The reminder e-mail's one-click "mark done" (no sign-in: the link is the credential). It works once, until it
 * expires, and only while its addressee is still an active member of the incident's team.
 */
export async function completeActionByLink(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<{ title: string; oops: { id_slug: string; title: string }; already_done: boolean }> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({
        id: actionReminders.id,
        actionId: actionReminders.actionId,
        usedAt: actionReminders.usedAt,
        expiresAt: actionReminders.expiresAt,
        user: { id: users.id, name: users.name, email: users.email, isActive: users.isActive },
      })
      .from(actionReminders)
      .innerJoin(users, eq(users.id, actionReminders.userId))
      .where(eq(actionReminders.tokenHash, hashToken(token)))
      .for('update', { of: actionReminders });
    if (!link) throw badRequest(ACTION_LINK_MESSAGES.invalid);
    if (link.usedAt) throw new AppError('gone', ACTION_LINK_MESSAGES.used);
    if (link.expiresAt.getTime() <= now.getTime()) throw new AppError('gone', ACTION_LINK_MESSAGES.expired);
    const [found] = await tx
      .select({
        status: oopsActions.status,
        oopsId: oops.id,
        teamId: oops.teamId,
        slug: oops.slug,
        oopsTitle: oops.title,
        title: oopsActions.title,
      })
      .from(oopsActions)
      .innerJoin(oops, eq(oops.id, oopsActions.oopsId))
      .innerJoin(memberships, and(eq(memberships.teamId, oops.teamId), eq(memberships.userId, link.user.id)))
      .where(eq(oopsActions.id, link.actionId))
      .for('update', { of: oopsActions });
    if (!found || !link.user.isActive) throw forbidden(ACTION_LINK_MESSAGES.notAllowed);
    await tx.update(actionReminders).set({ usedAt: now }).where(eq(actionReminders.id, link.id));
    const alreadyDone = found.status === 'done';
    if (!alreadyDone) {
      await tx
        .update(oopsActions)
        .set({ ...statusChange('done', now), updatedAt: now })
        .where(eq(oopsActions.id, link.actionId));
      const actor = {
        teamId: found.teamId,
        userId: link.user.id,
        name: link.user.name,
        email: link.user.email,
      };
      await emitActionEvent(tx, actor, 'action.completed', found.oopsId, link.actionId);
    }
    return {
      title: found.title,
      oops: { id_slug: idSlugOf({ id: found.oopsId, slug: found.slug }), title: found.oopsTitle },
      already_done: alreadyDone,
    };
  });
}

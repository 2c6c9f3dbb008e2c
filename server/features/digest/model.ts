// The weekly digest's content as a small typed model, computed here and only here (decision 021): the e-mail only
// renders it. Sections exist only for what happened.
import { sql } from 'drizzle-orm';
import type { RepeatChain } from '../../../common/contracts/links';
import { actionToday } from '../../../common/domain/actions';
import { DAY_MS, streakBadge } from '../../../common/domain/dashboard';
import type { Db } from '../../db/client';
import { overdueWhere } from '../../lib/overdue-sql';
import { repeatChains, repeatCounts } from '../../lib/recurrence-stats';
import { queryRows } from '../../lib/sql-rows';
import { bestGapDays } from '../../lib/stats-rollups';
import type { DigestWeek } from './week';

/** At most this many actions are named per list; the rest are counted. */
export const DIGEST_LIST_MAX = 5;

export interface DigestAction {
  title: string;
  dueDate: string | null;
  ownerName: string | null;
  /** The recipient's own action (listed first). */
  mine: boolean;
  incident: { idSlug: string; title: string };
}

export interface DigestActionList {
  count: number;
  /** The first DIGEST_LIST_MAX, the recipient's own first. */
  items: DigestAction[];
}

/** What the whole team sees alike: computed once per team and week. */
export interface TeamDigest {
  team: { id: number; name: string };
  week: { first: string; last: string };
  /** As the dashboard shows it: whole days since the newest incident (kind incident), null when there is none. */
  streak: { currentDays: number | null; badge: string | null; bestDays: number };
  logged: { incidents: number; nearMisses: number };
  /** Lessons adopted in the week (decision 020): what the team changed. */
  lessonsAdopted: { count: number; items: { text: string; whatChanged: string | null }[] };
  /** Incidents of the week that repeat an earlier one (decision 019), and the chains they end. */
  repeats: { count: number; despiteAction: number; chains: RepeatChain[] };
}

export interface DigestModel extends TeamDigest {
  recipient: { id: number; name: string; email: string };
  actions: { completed: DigestActionList; overdue: DigestActionList };
}

/** The team's part of the digest of `week`, as of `now`. */
export async function loadTeamDigest(
  db: Db,
  team: { id: number; name: string },
  week: DigestWeek,
  now: Date,
): Promise<TeamDigest> {
  const from = week.periodStart;
  const to = week.periodEnd;
  const [[last], [logged], best, adopted, repeats, chains] = await Promise.all([
    queryRows<{ last_at: Date | string | null }>(
      db,
      sql`select max(last_at) as last_at from oops_group_stats where team_id = ${team.id} and kind = 'incident'`,
    ),
    queryRows<{ incidents: number; near_misses: number }>(
      db,
      sql`select count(*) filter (where kind = 'incident')::int as incidents,
                 count(*) filter (where kind = 'near_miss')::int as near_misses
          from oops
          where team_id = ${team.id} and created_at >= ${week.periodStart.toISOString()}::timestamptz
            and created_at < ${week.periodEnd.toISOString()}::timestamptz`,
    ),
    bestGapDays(db, team.id),
    queryRows<{ text: string; what_changed: string | null; total: number }>(
      db,
      sql`select text, what_changed, count(*) over ()::int as total from lessons
          where team_id = ${team.id} and adopted_at >= ${from.toISOString()}::timestamptz
            and adopted_at < ${to.toISOString()}::timestamptz
          order by adopted_at desc, id limit ${DIGEST_LIST_MAX}`,
    ),
    repeatCounts(db, team.id, from, to),
    repeatChains(db, team.id, from, to),
  ]);
  const lastAt = last?.last_at ? new Date(last.last_at).getTime() : null;
  const current = lastAt === null ? null : Math.max(0, Math.floor((now.getTime() - lastAt) / DAY_MS));
  return {
    team,
    week: { first: week.firstDay, last: week.lastDay },
    streak: {
      currentDays: current,
      badge: current === null ? null : streakBadge(current),
      bestDays: Math.max(best, current ?? 0),
    },
    logged: { incidents: logged?.incidents ?? 0, nearMisses: logged?.near_misses ?? 0 },
    lessonsAdopted: {
      count: adopted[0]?.total ?? 0,
      items: adopted.map((l) => ({ text: l.text, whatChanged: l.what_changed })),
    },
    repeats: {
      count: repeats.repeats,
      despiteAction: repeats.despite,
      chains: chains.slice(0, DIGEST_LIST_MAX),
    },
  };
}

interface ActionRow {
  title: string;
  due_date: string | null;
  owner_name: string | null;
  mine: boolean;
  id_slug: string;
  oops_title: string;
  total: number;
}

function toList(rows: ActionRow[]): DigestActionList {
  return {
    count: rows[0]?.total ?? 0,
    items: rows.map((r) => ({
      title: r.title,
      dueDate: r.due_date,
      ownerName: r.owner_name,
      mine: r.mine,
      incident: { idSlug: r.id_slug, title: r.oops_title },
    })),
  };
}

/** Actions completed in the week and overdue now, the recipient's own first (overdue: UTC days, decision 018). */
async function loadActions(db: Db, teamId: number, userId: number, week: DigestWeek, now: Date) {
  const select = (where: ReturnType<typeof sql>, order: ReturnType<typeof sql>) =>
    queryRows<ActionRow>(
      db,
      sql`select a.title, a.due_date::text as due_date, coalesce(nullif(u.name, ''), u.email) as owner_name,
                 coalesce(a.owner_id = ${userId}, false) as mine, o.id || '-' || o.slug as id_slug,
                 o.title as oops_title, count(*) over ()::int as total
          from oops_actions a
          join oops o on o.id = a.oops_id
          left join users u on u.id = a.owner_id
          where o.team_id = ${teamId} and ${where}
          order by coalesce(a.owner_id = ${userId}, false) desc, ${order}, a.id
          limit ${DIGEST_LIST_MAX}`,
    );
  const [completed, overdue] = await Promise.all([
    select(
      sql`a.status = 'done' and a.completed_at >= ${week.periodStart.toISOString()}::timestamptz
          and a.completed_at < ${week.periodEnd.toISOString()}::timestamptz`,
      sql`a.completed_at desc`,
    ),
    select(overdueWhere(sql`a.status`, sql`a.due_date`, actionToday(now)), sql`a.due_date`),
  ]);
  return { completed: toList(completed), overdue: toList(overdue) };
}

/** The whole digest of one recipient: the team's part and their view of the actions. */
export async function loadDigest(
  db: Db,
  teamDigest: TeamDigest,
  recipient: DigestModel['recipient'],
  week: DigestWeek,
  now: Date,
): Promise<DigestModel> {
  const actions = await loadActions(db, teamDigest.team.id, recipient.id, week, now);
  return { ...teamDigest, recipient, actions };
}

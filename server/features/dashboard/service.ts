// Dashboard statistics (docs/product.md §3, §7), read from the statistics rollups (server/lib/stats-rollups.ts, decision 016). Only kind = 'incident' counts
// toward the timer, streaks, "last oops" and severity counts; near-misses and learning moments are counted apart.
import { sql } from 'drizzle-orm';
import type { OopsStats } from '../../../common/contracts/stats';
import { DAY_MS, RECENT_DAYS, reportTrend } from '../../../common/domain/dashboard';
import type { Db } from '../../db/client';
import { actionToday } from '../../../common/domain/actions';
import { notFound } from '../../lib/errors';
import { overdueWhere } from '../../lib/overdue-sql';
import { queryRows, queryRowsPrepared, rowRead, rowsRead, runReads } from '../../lib/sql-rows';
import type { TeamActor } from '../../lib/actor';
import { impactPointsSql } from './impact-sql';
import { buildRecommendations, recommendationSignalsQuery, type RecommendationRow } from './recommendations';
import {
  repeatChainsOf,
  repeatChainsQuery,
  repeatCountsOf,
  repeatCountsQuery,
  type RepeatChainRow,
  type RepeatCountsRow,
} from '../../lib/recurrence-stats';
import { triageFiguresOf, triageFiguresQuery, type TriageFiguresRow } from '../triage';
import { bestGapQuery, periodRows, periodRowsQuery, sumRows, type PeriodRow } from '../../lib/stats-rollups';

export interface StatsContext {
  db: Db;
  actor: TeamActor;
}

const toIso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const isIncident = (r: PeriodRow) => r.kind === 'incident';

/** The period's figures the recommendations also word. */
function periodSignals(rows: PeriodRow[]) {
  const records = sumRows(rows, () => true, 'records');
  return {
    records,
    recent: sumRows(rows, isIncident, 'records'),
    nearMisses: sumRows(rows, (r) => r.kind === 'near_miss', 'records'),
    avgCompleteness: records ? sumRows(rows, () => true, 'completeness_sum') / records : null,
  };
}

/** All-time incident count and the newest incident, from the per-group rollup. */
const incidentTotalsQuery = (team: number) =>
  sql`select coalesce(sum(records), 0)::int as total, max(last_at) as last_at
      from oops_group_stats where team_id = ${team} and kind = 'incident'`;

/** The team's open follow-up actions and how many of them are overdue (decision 018), across all its incidents. */
const actionCountsQuery = (team: number) =>
  sql`select count(*)::int as open,
             count(*) filter (where ${overdueWhere(sql`a.status`, sql`a.due_date`, actionToday())})::int as overdue
      from oops_actions a join oops o on o.id = a.oops_id
      where o.team_id = ${team} and a.status = 'open'`;

/**
 * The follow-through of the period: of the actions created in it, the share done now; and of the
 * actions completed in it, how many and the median days from creation to completion; the verifications of the
 * period (decision 048). In SQL for any period.
 */
function actionFollowThroughQuery(team: number, since: Date) {
  const from = since.toISOString();
  return sql`select count(*) filter (where a.created_at >= ${from}::timestamptz)::int as created,
             count(*) filter (where a.created_at >= ${from}::timestamptz and a.status = 'done')::int as created_done,
             count(*) filter (where a.completed_at >= ${from}::timestamptz)::int as completed,
             (percentile_cont(0.5) within group (order by extract(epoch from a.completed_at - a.created_at) / 86400)
               filter (where a.completed_at >= ${from}::timestamptz))::float8 as median_days,
             count(*) filter (where a.verification_state = 'verified'
               and a.verification_answered_at >= ${from}::timestamptz)::int as verified,
             count(*) filter (where a.verification_state = 'failed'
               and a.verification_answered_at >= ${from}::timestamptz)::int as failed_verification,
             count(*) filter (where a.completed_at >= ${from}::timestamptz and a.status = 'done'
               and a.verification_state is distinct from 'verified'
               and a.verification_state is distinct from 'failed')::int as unverified
      from oops_actions a join oops o on o.id = a.oops_id
      where o.team_id = ${team} and (a.created_at >= ${from}::timestamptz or a.completed_at >= ${from}::timestamptz
        or a.verification_answered_at >= ${from}::timestamptz)`;
}

function followThroughOf(
  row: {
    created: number;
    created_done: number;
    completed: number;
    median_days: number | null;
    verified: number;
    failed_verification: number;
    unverified: number;
  } | null,
) {
  const created = row?.created ?? 0;
  const median = row?.median_days;
  return {
    completed: row?.completed ?? 0,
    verified: row?.verified ?? 0,
    failedVerification: row?.failed_verification ?? 0,
    unverified: row?.unverified ?? 0,
    completionRate: created ? Math.round(((row?.created_done ?? 0) / created) * 1000) / 10 : null,
    medianDays: median === null || median === undefined ? null : Math.round(Number(median) * 10) / 10,
  };
}

/** Lessons adopted in the period (decision 020): adopted_at is cleared when an adoption is undone. */
const lessonsAdoptedQuery = (team: number, since: Date) =>
  sql`select count(*)::int as n from lessons where team_id = ${team} and adopted_at >= ${since.toISOString()}::timestamptz`;

/**
 * GET /api/oops/stats: counts for the period (default 30 days), severity breakdown, MTTR, trend, streaks. Read from
 * the rollups (server/lib/stats-rollups.ts); "this month" is the UTC calendar month, as the rollup's days are UTC days.
 * Every part is read in one statement: as separate statements they were 12 round trips, which crowded writes out
 * of the pool while many teams' dashboards were recomputed (docs/performance.md).
 */
export async function getOopsStats({ db, actor }: StatsContext, days = RECENT_DAYS): Promise<OopsStats> {
  const team = actor.teamId;
  const now = Date.now();
  const period = new Date(now - days * DAY_MS);
  const before = new Date(now - 2 * days * DAY_MS);
  const today = new Date(now);
  const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  const read = await runReads(
    db,
    {
      recent: rowsRead<PeriodRow>(periodRowsQuery(team, period)),
      previous: rowsRead<PeriodRow>(periodRowsQuery(team, before, period)),
      month: rowsRead<PeriodRow>(periodRowsQuery(team, monthStart)),
      totals: rowRead<{ total: number; last_at: string | null }>(incidentTotalsQuery(team)),
      best: rowRead<{ best: number | null }>(bestGapQuery(team)),
      recommendations: rowRead<RecommendationRow>(recommendationSignalsQuery(team, period)),
      actions: rowRead<{ open: number; overdue: number }>(actionCountsQuery(team)),
      followThrough: rowRead<Parameters<typeof followThroughOf>[0] & object>(
        actionFollowThroughQuery(team, period),
      ),
      adopted: rowRead<{ n: number }>(lessonsAdoptedQuery(team, period)),
      repeats: rowRead<RepeatCountsRow>(repeatCountsQuery(team, period)),
      chains: rowsRead<RepeatChainRow>(repeatChainsQuery(team, period)),
      triage: rowRead<TriageFiguresRow>(triageFiguresQuery(team, period, today)),
    },
    // Prepared: planning this statement cost PostgreSQL twice what running it does (decision 027).
    { prepared: true },
  );
  const recentRows = read.recent;
  const totals = { total: read.totals?.total ?? 0, lastAt: toIso(read.totals?.last_at ?? null) };
  const best = read.best?.best ?? 0;
  const actions = { open: read.actions?.open ?? 0, overdue: read.actions?.overdue ?? 0 };
  const followThrough = followThroughOf(read.followThrough);
  const adopted = read.adopted?.n ?? 0;
  const repeats = repeatCountsOf(read.repeats);
  const chains = repeatChainsOf(read.chains);
  const signals = periodSignals(recentRows);
  const recommendations = buildRecommendations(read.recommendations, signals);
  const { recent, nearMisses, avgCompleteness } = signals;
  const previous = sumRows(read.previous, isIncident, 'records');
  const bySeverity = (severity: string) =>
    sumRows(recentRows, (r) => isIncident(r) && r.severity === severity, 'records');
  const sample = sumRows(recentRows, isIncident, 'resolved');
  const high = bySeverity('High');
  const critical = bySeverity('Critical');
  const current = totals.lastAt ? Math.floor((now - Date.parse(totals.lastAt)) / DAY_MS) : null;
  return {
    period_days: days,
    total_oops: totals.total,
    recent_oops: recent,
    this_month: sumRows(read.month, isIncident, 'records'),
    high_critical: high + critical,
    severity_breakdown: {
      Low: bySeverity('Low'),
      Medium: bySeverity('Medium'),
      High: high,
      Critical: critical,
    },
    mttr_minutes: sample
      ? Math.round(sumRows(recentRows, isIncident, 'resolution_seconds') / sample / 60)
      : null,
    resolved_count: sumRows(recentRows, isIncident, 'closed'),
    avg_completeness: avgCompleteness === null ? null : Math.round(avgCompleteness),
    trend: reportTrend(recent, previous),
    previous_period_oops: previous,
    near_misses: nearMisses,
    learning_moments: sumRows(recentRows, (r) => r.kind === 'learning_moment', 'records'),
    best_streak_days: Math.max(best, current ?? 0),
    current_streak_days: current,
    last_oops_at: totals.lastAt,
    open_actions: actions.open,
    overdue_actions: actions.overdue,
    actions_completed: followThrough.completed,
    action_completion_rate: followThrough.completionRate,
    median_days_to_complete: followThrough.medianDays,
    actions_verified: followThrough.verified,
    actions_failed_verification: followThrough.failedVerification,
    actions_unverified: followThrough.unverified,
    lessons_adopted: adopted,
    repeats: repeats.repeats,
    repeat_rate: recent ? Math.round((repeats.repeats / recent) * 1000) / 10 : null,
    repeated_despite_action: repeats.despite,
    near_miss_ratio: recent ? Math.round((nearMisses / recent) * 100) / 100 : null,
    repeat_chains: chains,
    recommendations,
    ...triageFiguresOf(read.triage),
  };
}

/** GET /api/oops/last: the newest incident (kind incident), or 404 when there is none. */
export async function getLastOops({ db, actor }: StatsContext) {
  // Prepared (sql-rows.ts): planning it cost PostgreSQL four times what running it does (pg_stat_statements under
  // `npm run bench:load`, decision 027); so too the department statistics, twice.
  const [row] = await queryRowsPrepared<{
    id: number;
    slug: string;
    title: string;
    severity: string;
    area_department: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select id, slug, title, severity, area_department, created_at from oops
        where team_id = ${actor.teamId} and kind = 'incident' order by created_at desc, id desc limit 1`,
  );
  if (!row) throw notFound('No incidents yet.');
  return {
    id: row.id,
    id_slug: `${row.id}-${row.slug}`,
    title: row.title,
    severity: row.severity,
    area_department: row.area_department,
    created_at: toIso(row.created_at)!,
  };
}

interface DepartmentRow {
  department: string;
  total: number;
  last_at: Date | string;
  avg_impact: number | null;
}

/** Per department: days since last, last date, total and average impact points (docs/product.md §5), from the rollup. */
export async function getDepartmentStats({ db, actor }: StatsContext) {
  const rows = await queryRowsPrepared<DepartmentRow>(
    db,
    sql`select coalesce(nullif(department, ''), 'General') as department, sum(records)::int as total,
           max(last_at) as last_at, sum(records * ${impactPointsSql(sql`severity`)})::float8 / sum(records) as avg_impact
        from oops_group_stats where team_id = ${actor.teamId} and kind = 'incident'
        group by 1 order by max(last_at) desc limit 100`,
  );
  return rows.map((r) => {
    const last = toIso(r.last_at)!;
    const avg = r.avg_impact === null ? null : Math.round(r.avg_impact * 100) / 100;
    return {
      department: r.department,
      days_since_last: Math.floor((Date.now() - Date.parse(last)) / DAY_MS),
      last_oops_date: last,
      total_oops: r.total,
      avg_impact: avg,
      impact: avg,
    };
  });
}

export async function getLastByDepartment(ctx: StatsContext) {
  return (await getDepartmentStats(ctx)).map((d) => ({
    department: d.department,
    last_oops: d.last_oops_date,
  }));
}

/** GET /api/teams/stats: one row per team the user belongs to, from the rollups. */
export async function getTeamStats(db: Db, userId: number) {
  const teams = await queryRows<{
    team_id: number;
    team_name: string;
    member_count: number;
    total: number;
    high: number;
    medium: number;
    low: number;
    last_at: Date | string | null;
  }>(
    db,
    sql`select t.id as team_id, t.name as team_name,
           (select count(*)::int from memberships m where m.team_id = t.id) as member_count,
           coalesce(g.total, 0) as total, coalesce(g.high, 0) as high, coalesce(g.medium, 0) as medium,
           coalesce(g.low, 0) as low, g.last_at
        from memberships me
        join teams t on t.id = me.team_id
        left join lateral (select sum(records)::int as total,
            (sum(records) filter (where severity in ('High', 'Critical')))::int as high,
            (sum(records) filter (where severity = 'Medium'))::int as medium,
            (sum(records) filter (where severity = 'Low'))::int as low, max(last_at) as last_at
          from oops_group_stats where team_id = t.id and kind = 'incident') g on true
        where me.user_id = ${userId}
        order by t.name limit 200`,
  );
  const recent = await periodRows(
    db,
    teams.map((t) => t.team_id),
    new Date(Date.now() - RECENT_DAYS * DAY_MS),
  );
  return teams.map((r) => ({
    team_id: r.team_id,
    team_name: r.team_name,
    member_count: r.member_count,
    total_oops: r.total,
    recent_oops: sumRows(recent, (p) => p.team_id === r.team_id && isIncident(p), 'records'),
    high_severity_oops: r.high,
    medium_severity_oops: r.medium,
    low_severity_oops: r.low,
    last_oops_date: toIso(r.last_at),
  }));
}

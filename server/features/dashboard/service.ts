// Dashboard statistics (spec §3, §7), all computed in SQL over the team's indexes. Only kind = 'incident' counts
// toward the timer, streaks, "last oops" and severity counts; near-misses and learning moments are counted apart.
import { sql } from 'drizzle-orm';
import type { OopsStats } from '../../../common/contracts/stats';
import { DAY_MS, RECENT_DAYS, reportTrend } from '../../../common/domain/dashboard';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { queryRows } from '../../lib/sql-rows';
import type { TeamActor } from '../../plugins/auth';
import { impactPointsSql } from './impact-sql';
import { buildRecommendations } from './recommendations';

export interface StatsContext {
  db: Db;
  actor: TeamActor;
}

interface CountsRow {
  total: number;
  recent: number;
  previous: number;
  this_month: number;
  low: number;
  medium: number;
  high: number;
  critical: number;
  mttr_minutes: number | null;
  resolved: number;
  avg_completeness: number | null;
  near_misses: number;
  learning_moments: number;
  last_at: Date | string | null;
}

const toIso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** GET /api/oops/stats: counts for the period (default 30 days), severity breakdown, MTTR, trend, streaks. */
export async function getOopsStats({ db, actor }: StatsContext, days = RECENT_DAYS): Promise<OopsStats> {
  const team = actor.teamId;
  const period = sql`now() - make_interval(days => ${days})`;
  const before = sql`now() - make_interval(days => ${days * 2})`;
  const inc = sql`kind = 'incident'`;
  const inPeriod = sql`created_at >= ${period}`;
  const [counts] = await queryRows<CountsRow>(
    db,
    sql`select
      count(*) filter (where ${inc})::int as total,
      count(*) filter (where ${inc} and ${inPeriod})::int as recent,
      count(*) filter (where ${inc} and created_at >= ${before} and created_at < ${period})::int as previous,
      count(*) filter (where ${inc} and created_at >= date_trunc('month', now()))::int as this_month,
      count(*) filter (where ${inc} and ${inPeriod} and severity = 'Low')::int as low,
      count(*) filter (where ${inc} and ${inPeriod} and severity = 'Medium')::int as medium,
      count(*) filter (where ${inc} and ${inPeriod} and severity = 'High')::int as high,
      count(*) filter (where ${inc} and ${inPeriod} and severity = 'Critical')::int as critical,
      (avg(extract(epoch from resolved_at - coalesce(occurred_at, created_at)) / 60)
        filter (where ${inc} and ${inPeriod} and status = 'Closed' and resolved_at is not null))::float8 as mttr_minutes,
      count(*) filter (where ${inc} and ${inPeriod} and status = 'Closed')::int as resolved,
      (avg(completeness) filter (where ${inPeriod}))::float8 as avg_completeness,
      count(*) filter (where kind = 'near_miss' and ${inPeriod})::int as near_misses,
      count(*) filter (where kind = 'learning_moment' and ${inPeriod})::int as learning_moments,
      max(created_at) filter (where ${inc}) as last_at
    from oops where team_id = ${team}`,
  );
  const c = counts!;
  const best = await bestStreakDays(db, team);
  const lastAt = toIso(c.last_at);
  const current = lastAt ? Math.floor((Date.now() - Date.parse(lastAt)) / DAY_MS) : null;
  return {
    period_days: days,
    total_oops: c.total,
    recent_oops: c.recent,
    this_month: c.this_month,
    high_critical: c.high + c.critical,
    severity_breakdown: { Low: c.low, Medium: c.medium, High: c.high, Critical: c.critical },
    mttr_minutes: c.mttr_minutes === null ? null : Math.round(c.mttr_minutes),
    resolved_count: c.resolved,
    avg_completeness: c.avg_completeness === null ? null : Math.round(c.avg_completeness),
    trend: reportTrend(c.recent, c.previous),
    previous_period_oops: c.previous,
    near_misses: c.near_misses,
    learning_moments: c.learning_moments,
    best_streak_days: Math.max(best, current ?? 0),
    current_streak_days: current,
    last_oops_at: lastAt,
    recommendations: await buildRecommendations(db, team, days, {
      avgCompleteness: c.avg_completeness,
      nearMisses: c.near_misses,
      recent: c.recent,
    }),
  };
}

/** The longest gap in whole days between consecutive incidents (the running streak is added by the caller). */
async function bestStreakDays(db: Db, team: number): Promise<number> {
  const [row] = await queryRows<{ best: number | null }>(
    db,
    sql`select floor(max(extract(epoch from created_at - prev)) / 86400)::int as best from (
      select created_at, lag(created_at) over (order by created_at) as prev
      from oops where team_id = ${team} and kind = 'incident') gaps`,
  );
  return row?.best ?? 0;
}

/** GET /api/oops/last: the newest incident (kind incident), or 404 when there is none. */
export async function getLastOops({ db, actor }: StatsContext) {
  const [row] = await queryRows<{
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

/** Per department: days since last, last date, total and average impact points (spec §5). */
export async function getDepartmentStats({ db, actor }: StatsContext) {
  const rows = await queryRows<DepartmentRow>(
    db,
    sql`select coalesce(nullif(area_department, ''), 'General') as department, count(*)::int as total,
           max(created_at) as last_at, avg(${impactPointsSql(sql`severity`)})::float8 as avg_impact
        from oops where team_id = ${actor.teamId} and kind = 'incident'
        group by 1 order by max(created_at) desc limit 100`,
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

/** GET /api/teams/stats: one row per team the user belongs to. */
export async function getTeamStats(db: Db, userId: number) {
  const rows = await queryRows<{
    team_id: number;
    team_name: string;
    member_count: number;
    total: number;
    recent: number;
    high: number;
    medium: number;
    low: number;
    last_at: Date | string | null;
  }>(
    db,
    sql`select t.id as team_id, t.name as team_name,
           (select count(*)::int from memberships m where m.team_id = t.id) as member_count,
           count(o.id)::int as total,
           count(o.id) filter (where o.created_at >= now() - make_interval(days => ${RECENT_DAYS}))::int as recent,
           count(o.id) filter (where o.severity in ('High', 'Critical'))::int as high,
           count(o.id) filter (where o.severity = 'Medium')::int as medium,
           count(o.id) filter (where o.severity = 'Low')::int as low,
           max(o.created_at) as last_at
        from memberships me
        join teams t on t.id = me.team_id
        left join oops o on o.team_id = t.id and o.kind = 'incident'
        where me.user_id = ${userId}
        group by t.id, t.name order by t.name limit 200`,
  );
  return rows.map((r) => ({
    team_id: r.team_id,
    team_name: r.team_name,
    member_count: r.member_count,
    total_oops: r.total,
    recent_oops: r.recent,
    high_severity_oops: r.high,
    medium_severity_oops: r.medium,
    low_severity_oops: r.low,
    last_oops_date: toIso(r.last_at),
  }));
}

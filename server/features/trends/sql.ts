// The SQL of trends and distributions (decision 051). Periods are whole UTC days. Counts come from the daily rollup
// (decision 016) unless a department is asked for, which the daily rollup does not keep: then from the raw rows
// through the team's created_at index. Medians, percentiles and histograms need each record's duration, so they
// read the period's rows through the same index.
import { sql, type SQL } from 'drizzle-orm';
import { DURATION_BINS, DURATION_MEASURES, type DurationMeasure } from '../../../common/domain/trends';
import type { OopsKind } from '../../../common/domain/oops-options';
import type { Severity } from '../../../common/domain/options';

export interface TrendFilters {
  kind?: OopsKind;
  severity?: Severity;
  department?: string;
}

/** Where the counts are read: the rollup, or the raw rows (what a department needs; tests compare the two). */
export type CountSource = 'rollup' | 'raw';

/** Records of the team created in the days [from, to] (UTC dates, both included), with the filters. */
export function inPeriod(team: number, from: string, to: string, f: TrendFilters, alias = 'o'): SQL {
  const col = (name: string) => sql.raw(`${alias}.${name}`);
  return sql`${col('team_id')} = ${team}
    and ${col('created_at')} >= oops_stats_day_start(${from}::date)
    and ${col('created_at')} < oops_stats_day_start(${to}::date + 1)
    ${f.kind ? sql`and ${col('kind')} = ${f.kind}` : sql``}
    ${f.severity ? sql`and ${col('severity')} = ${f.severity}` : sql``}
    ${f.department ? sql`and ${col('area_department')} = ${f.department}` : sql``}`;
}

/** Per UTC day, kind and severity, the records created (columns day, kind, severity, records). */
export function dailyCounts(
  team: number,
  from: string,
  to: string,
  f: TrendFilters,
  source: CountSource,
): SQL {
  if (source === 'rollup' && !f.department) {
    return sql`select day, kind::text as kind, severity, records from oops_daily_stats
      where team_id = ${team} and day >= ${from}::date and day <= ${to}::date
        ${f.kind ? sql`and kind = ${f.kind}` : sql``} ${f.severity ? sql`and severity = ${f.severity}` : sql``}`;
  }
  return sql`select (o.created_at at time zone 'UTC')::date as day, o.kind::text as kind, o.severity,
      count(*)::int as records
    from oops o where ${inPeriod(team, from, to, f)} group by 1, 2, 3`;
}

/**
 * The time to resolve of a record, in seconds, as the rollups count it (oops_stats_change_of). Durations are float8
 * (date_part), not extract's numeric: percentiles sort every sample, and numeric sorts several times slower.
 */
const RESOLVE_SECONDS = sql`date_part('epoch', o.resolved_at - coalesce(o.occurred_at, o.created_at))`;

/** Durations are read for the kind asked for, else for incidents, as the MTTR is. */
const durationFilters = (f: TrendFilters): TrendFilters => ({ ...f, kind: f.kind ?? 'incident' });

const monthOf = (column: SQL) => sql`date_trunc('month', ${column})::date`;

/** One row per week (Monday, UTC) of the period, empty weeks included, with its counts by kind and severity. */
export function weeksQuery(
  team: number,
  from: string,
  to: string,
  f: TrendFilters,
  source: CountSource,
): SQL {
  return sql`with c as (${dailyCounts(team, from, to, f, source)})
    select w.start::date::text as start,
      coalesce(sum(c.records) filter (where c.kind = 'incident' and c.severity = 'Low'), 0)::int as low,
      coalesce(sum(c.records) filter (where c.kind = 'incident' and c.severity = 'Medium'), 0)::int as medium,
      coalesce(sum(c.records) filter (where c.kind = 'incident' and c.severity = 'High'), 0)::int as high,
      coalesce(sum(c.records) filter (where c.kind = 'incident' and c.severity = 'Critical'), 0)::int as critical,
      coalesce(sum(c.records) filter (where c.kind = 'near_miss'), 0)::int as near_misses,
      coalesce(sum(c.records) filter (where c.kind = 'learning_moment'), 0)::int as learning_moments
    from generate_series(date_trunc('week', ${from}::date::timestamp), ${to}::date::timestamp, interval '1 week')
      as w(start)
    left join c on date_trunc('week', c.day::timestamp) = w.start
    group by w.start order by w.start`;
}

/** One row per calendar month (UTC) of the period: counts, time to resolve, repeats and action follow-through. */
export function monthsQuery(
  team: number,
  from: string,
  to: string,
  f: TrendFilters,
  source: CountSource,
): SQL {
  const d = durationFilters(f);
  const incidents = { ...f, kind: 'incident' as const };
  return sql`with c as (${dailyCounts(team, from, to, f, source)}),
    counts as (select ${monthOf(sql`c.day::timestamp`)} as m,
        sum(records) filter (where kind = 'incident')::int as incidents,
        sum(records) filter (where kind = 'near_miss')::int as near_misses
      from c group by 1),
    res as (select ${monthOf(sql`o.created_at at time zone 'UTC'`)} as m, count(*)::int as resolved,
        percentile_cont(0.5) within group (order by ${RESOLVE_SECONDS}) / 60 as median,
        percentile_cont(0.9) within group (order by ${RESOLVE_SECONDS}) / 60 as p90
      from oops o where ${inPeriod(team, from, to, d)} and o.resolved_at is not null group by 1),
    rep as (select ${monthOf(sql`o.created_at at time zone 'UTC'`)} as m, count(distinct l.oops_id)::int as repeats
      from oops_links l join oops o on o.id = l.oops_id
      where l.team_id = ${team} and l.is_repeat and ${inPeriod(team, from, to, incidents)} group by 1),
    act as (select ${monthOf(sql`a.created_at at time zone 'UTC'`)} as m,
        count(*) filter (where a.status = 'done'
          and (a.due_date is null or (a.completed_at at time zone 'UTC')::date <= a.due_date))::int as on_time,
        count(*) filter (where a.status = 'done'
          and a.due_date is not null and (a.completed_at at time zone 'UTC')::date > a.due_date)::int as late,
        count(*) filter (where a.status = 'open')::int as open
      from oops_actions a join oops o on o.id = a.oops_id
      where o.team_id = ${team} and a.created_at >= oops_stats_day_start(${from}::date)
        and a.created_at < oops_stats_day_start(${to}::date + 1)
        ${f.kind ? sql`and o.kind = ${f.kind}` : sql``} ${f.severity ? sql`and o.severity = ${f.severity}` : sql``}
        ${f.department ? sql`and o.area_department = ${f.department}` : sql``}
      group by 1)
    select m.start::date::text as start, coalesce(counts.incidents, 0) as incidents,
      coalesce(counts.near_misses, 0) as near_misses, coalesce(res.resolved, 0) as resolved,
      res.median::float8 as median, res.p90::float8 as p90, coalesce(rep.repeats, 0) as repeats,
      coalesce(act.on_time, 0) as on_time, coalesce(act.late, 0) as late, coalesce(act.open, 0) as open
    from generate_series(date_trunc('month', ${from}::date::timestamp), ${to}::date::timestamp, interval '1 month')
      as m(start)
    left join counts on counts.m = m.start::date left join res on res.m = m.start::date
    left join rep on rep.m = m.start::date left join act on act.m = m.start::date
    order by m.start`;
}

/** The period's totals for the KPI tiles' change: counts, and the time to resolve's sample and median. */
export function totalsQuery(
  team: number,
  from: string,
  to: string,
  f: TrendFilters,
  source: CountSource,
): SQL {
  // The sample is read once (a CTE named twice is computed once), not once for its size and again for its median.
  return sql`with c as (${dailyCounts(team, from, to, f, source)}),
    r as (select count(*)::int as resolved,
        (percentile_cont(0.5) within group (order by ${RESOLVE_SECONDS}) / 60)::float8 as median
      from oops o where ${inPeriod(team, from, to, durationFilters(f))} and o.resolved_at is not null)
    select coalesce(sum(records) filter (where kind = 'incident'), 0)::int as incidents,
      coalesce(sum(records) filter (where kind = 'near_miss'), 0)::int as near_misses,
      coalesce(sum(records) filter (where kind = 'incident' and severity in ('High', 'Critical')), 0)::int
        as high_critical,
      (select resolved from r) as resolved, (select median from r) as median
    from c`;
}

/**
 * Each measure's durations in seconds (column secs). Review runs from the resolution to the closing of an incident
 * closed with a lesson: a closed incident is read-only, so its last update is when it was closed (decision 051).
 */
function samplesOf(measure: DurationMeasure, team: number, from: string, to: string, f: TrendFilters): SQL {
  const where = inPeriod(team, from, to, f);
  switch (measure) {
    case 'detect':
      return sql`select date_part('epoch', o.created_at - o.occurred_at) as secs
        from oops o where ${where} and o.occurred_at is not null`;
    case 'resolve':
      return sql`select ${RESOLVE_SECONDS} as secs from oops o where ${where} and o.resolved_at is not null`;
    case 'review':
      return sql`select date_part('epoch', o.updated_at - o.resolved_at) as secs from oops o
        where ${where} and o.status = 'Closed' and o.resolved_at is not null
          and btrim(coalesce(o.lesson_learned, '')) <> ''`;
  }
}

/**
 * Per measure with samples: count, median, p90 and mean in minutes, and the count in each of DURATION_BINS (b0, b1,
 * …). Durations below zero (older records with odd times) are left out. Each measure is summed up on its own (no
 * sort of all samples by measure first); HAVING leaves out a measure without samples. OFFSET 0 keeps the samples
 * a subquery, so each duration is computed once, not once for every aggregate that reads it.
 */
export function distributionsQuery(team: number, from: string, to: string, f: TrendFilters): SQL {
  let lower = 0;
  const bins = DURATION_BINS.map((bin, i) => {
    const cond = bin.below === null ? sql`secs >= ${lower}` : sql`secs >= ${lower} and secs < ${bin.below}`;
    lower = bin.below ?? lower;
    return sql`count(*) filter (where ${cond})::int as ${sql.identifier(`b${i}`)}`;
  });
  const summary = (
    measure: DurationMeasure,
  ) => sql`select ${measure}::text as measure, count(*)::int as count,
      (percentile_cont(0.5) within group (order by secs) / 60)::float8 as median,
      (percentile_cont(0.9) within group (order by secs) / 60)::float8 as p90,
      (avg(secs) / 60)::float8 as mean, ${sql.join(bins, sql`, `)}
    from (${samplesOf(measure, team, from, to, durationFilters(f))} offset 0) s
    where secs >= 0 having count(*) > 0`;
  return sql.join(
    DURATION_MEASURES.map((m) => sql`(${summary(m)})`),
    sql` union all `,
  );
}

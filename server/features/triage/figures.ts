// The report's triage figures (decision 049), in SQL for any period: the median time from a report being logged to
// its triage, and the share of reports triaged within TRIAGE_TARGET_DAYS.
import { sql } from 'drizzle-orm';
import { DAY_MS } from '../../../common/domain/dashboard';
import { TRIAGE_KINDS, TRIAGE_TARGET_DAYS } from '../../../common/domain/triage';

export interface TriageFiguresRow {
  median_hours: number | string | null;
  within_target: number;
  decided: number;
}

const kinds = sql.join(
  TRIAGE_KINDS.map((k) => sql`${k}::oops_kind`),
  sql`, `,
);

/**
 * The median is over the reports triaged in the period (hours from logging to triage). The share is over the reports
 * logged in the period whose target has passed or that met it: one logged yesterday and not yet triaged is still
 * undecided and counts on neither side.
 */
export function triageFiguresQuery(team: number, since: Date, now: Date) {
  const from = since.toISOString();
  const targetPassed = new Date(now.getTime() - TRIAGE_TARGET_DAYS * DAY_MS).toISOString();
  const inTarget = sql`t.triaged_at <= o.created_at + make_interval(days => ${TRIAGE_TARGET_DAYS})`;
  // Two reads, each through its own index (triaged_at; kind and created_at): one statement over "logged or
  // triaged in the period" had to read every report the team ever had.
  return sql`select
        (select percentile_cont(0.5) within group (order by extract(epoch from t.triaged_at - o.created_at) / 3600)
           from oops_triage t join oops o on o.id = t.oops_id
           where t.team_id = ${team} and t.triaged_at >= ${from}::timestamptz and o.kind in (${kinds}))::float8
          as median_hours,
        logged.within_target, logged.decided
      from (select count(*) filter (where ${inTarget})::int as within_target,
                   count(*) filter (where o.created_at <= ${targetPassed}::timestamptz or ${inTarget})::int as decided
              from oops o left join oops_triage t on t.oops_id = o.id
              where o.team_id = ${team} and o.kind in (${kinds}) and o.created_at >= ${from}::timestamptz) logged`;
}

/** The figures as the report shows them: hours and percent to one decimal, null for a period without any. */
export function triageFiguresOf(row: TriageFiguresRow | null) {
  const median = row?.median_hours;
  const decided = row?.decided ?? 0;
  return {
    triage_median_hours:
      median === null || median === undefined ? null : Math.round(Number(median) * 10) / 10,
    triaged_within_7_days_rate: decided
      ? Math.round(((row?.within_target ?? 0) / decided) * 1000) / 10
      : null,
  };
}

// Reads the statistics rollups of migration 0007 (decision 016). A period [from, to) is answered from the daily
// rollup for its whole UTC days and from the raw rows (through the team's created_at index) for the partial days at
// its ends, so every answer is exact to the instant while its cost depends on the number of days, not of records.
import { sql, type SQL } from 'drizzle-orm';
import { DAY_MS } from '../../common/domain/dashboard';
import type { Db } from '../db/client';
import { queryRows } from './sql-rows';

/** Which teams a question is about: one, several, or every team (the platform admin's counts). */
export type TeamScope = number | readonly number[] | 'all';

function teamFilter(column: string, scope: TeamScope): SQL {
  const col = sql.raw(column);
  if (scope === 'all') return sql`true`;
  if (typeof scope === 'number') return sql`${col} = ${scope}`;
  if (scope.length === 0) return sql`false`;
  return sql`${col} in (${sql.join(
    scope.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

const dayStart = (day: number) => new Date(day * DAY_MS);
const isoDay = (day: number) => dayStart(day).toISOString().slice(0, 10);

/** Per team, kind and severity, the period's sums. `resolution_seconds` sums the MTTR sample (`resolved`). */
export interface PeriodRow {
  team_id: number;
  kind: 'incident' | 'near_miss' | 'learning_moment';
  severity: string;
  records: number;
  closed: number;
  completeness_sum: number;
  resolved: number;
  resolution_seconds: number;
}

/** Raw rows in [a, b), shaped like daily rollup rows (the facts come from the same SQL function). */
function rawPart(scope: TeamScope, a: Date, b: Date): SQL {
  return sql`select c.team_id, c.kind, c.severity, count(*)::int as records,
      count(*) filter (where c.closed)::int as closed, sum(c.completeness)::bigint as completeness_sum,
      count(c.resolution_seconds)::int as resolved, coalesce(sum(c.resolution_seconds), 0) as resolution_seconds
    from oops o, lateral (select (oops_stats_change_of(1, o)).*) c
    where ${teamFilter('o.team_id', scope)} and o.created_at >= ${a.toISOString()}::timestamptz
      and o.created_at < ${b.toISOString()}::timestamptz
    group by c.team_id, c.kind, c.severity`;
}

/** The sums for records created in [from, to) (to = null: no end), per team, kind and severity. */
export async function periodRows(
  db: Db,
  scope: TeamScope,
  from: Date,
  to: Date | null = null,
): Promise<PeriodRow[]> {
  return queryRows<PeriodRow>(db, periodRowsQuery(scope, from, to));
}

/**
 * How a period [from, to) (to = null: no end) is read: its whole UTC days from a daily rollup, and the partial days
 * at its ends (at most two ranges) from the raw rows through the team's created_at index.
 */
function periodParts(from: Date, to: Date | null) {
  const fromDay = Math.floor(from.getTime() / DAY_MS);
  // The first whole day: the day of `from` when it starts at midnight, else the next one.
  const fullStart = from.getTime() === fromDay * DAY_MS ? fromDay : fromDay + 1;
  const toDay = to === null ? null : Math.floor(to.getTime() / DAY_MS);
  const raw: [Date, Date][] = [];
  const leadEnd = dayStart(fullStart);
  if (from < leadEnd) raw.push([from, to && to < leadEnd ? to : leadEnd]);
  const days =
    toDay === null || toDay > fullStart
      ? { from: isoDay(fullStart), to: toDay === null ? null : isoDay(toDay) }
      : null;
  if (to !== null && toDay !== null) {
    const tailStart = dayStart(Math.max(toDay, fullStart));
    if (to > tailStart) raw.push([tailStart, to]);
  }
  return { raw, days };
}

/** The condition on a daily rollup's rows for the period's whole days (`days` of periodParts). */
const wholeDays = (scope: TeamScope, days: { from: string; to: string | null }) =>
  sql`${teamFilter('team_id', scope)} and day >= ${days.from}::date
      ${days.to === null ? sql`` : sql`and day < ${days.to}::date`}`;

/** The query of `periodRows`, to run with other reads (server/lib/sql-rows.ts, `rowsRead`). */
export function periodRowsQuery(scope: TeamScope, from: Date, to: Date | null = null): SQL {
  const { raw, days } = periodParts(from, to);
  const parts: SQL[] = raw.map(([a, b]) => rawPart(scope, a, b));
  if (days) {
    parts.push(sql`select team_id, kind, severity, records, closed, completeness_sum, resolved, resolution_seconds
      from oops_daily_stats where ${wholeDays(scope, days)}`);
  }
  return sql`select team_id, kind, severity, sum(records)::int as records, sum(closed)::int as closed,
      sum(completeness_sum)::float8 as completeness_sum, sum(resolved)::int as resolved,
      sum(resolution_seconds)::float8 as resolution_seconds
    from (${sql.join(parts, sql` union all `)}) p group by team_id, kind, severity`;
}

/**
 * The recommendations' counts of one team's records created since `from` (oops_daily_signals, migration 0019), one
 * row per signal and value with its count: `department`, `type`, `cause` and `lesson` (see the table).
 */
export function periodSignalsQuery(team: number, from: Date): SQL {
  const { raw, days } = periodParts(from, null);
  const parts: SQL[] = raw.map(
    ([a, b]) => sql`select c.signal, c.value, count(*)::int as records
      from oops o, lateral oops_signals_of(1, o) c
      where o.team_id = ${team} and o.created_at >= ${a.toISOString()}::timestamptz
        and o.created_at < ${b.toISOString()}::timestamptz
      group by c.signal, c.value`,
  );
  if (days) {
    parts.push(sql`select signal, value, records from oops_daily_signals
      where ${wholeDays(team, days)}`);
  }
  return sql`select signal, value, sum(records)::int as n from (${sql.join(parts, sql` union all `)}) p
    group by signal, value`;
}

export function sumRows(
  rows: readonly PeriodRow[],
  pick: (r: PeriodRow) => boolean,
  field: keyof Pick<PeriodRow, 'records' | 'closed' | 'completeness_sum' | 'resolved' | 'resolution_seconds'>,
): number {
  return rows.reduce((n, r) => (pick(r) ? n + Number(r[field]) : n), 0);
}

/** The longest gap between consecutive incidents, in whole days, from the first and last incident of each day. */
export async function bestGapDays(db: Db, team: number): Promise<number> {
  const [row] = await queryRows<{ best: number | null }>(db, bestGapQuery(team));
  return row?.best ?? 0;
}

/** The query of `bestGapDays`: one row, `best` (null without two incident days). */
export const bestGapQuery = (team: number): SQL =>
  sql`select floor(max(extract(epoch from first_at - prev_last)) / 86400)::int as best from (
    select first_at, lag(last_at) over (order by day) as prev_last
    from oops_incident_days where team_id = ${team}) gaps`;

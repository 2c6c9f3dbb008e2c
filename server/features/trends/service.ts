// Trends and distributions of a team's records over a period of whole UTC days (decision 051), all in SQL
// (./sql.ts), each call one statement.
import type {
  DistributionsResponse,
  DurationSummary,
  TrendsQuery,
  TrendsResponse,
} from '../../../common/contracts/trends';
import {
  DURATION_BINS,
  DURATION_MEASURES,
  TRENDS_DEFAULT_DAYS,
  shiftDate,
  spanDays,
} from '../../../common/domain/trends';
import { rowRead, rowsRead, runReads } from '../../lib/sql-rows';
import type { Db } from '../../db/client';
import type { TeamActor } from '../../lib/actor';
import {
  distributionsQuery,
  monthsQuery,
  totalsQuery,
  weeksQuery,
  type CountSource,
  type TrendFilters,
} from './sql';

// Prepared: for a team of 1,000 planning was most of the work (the trends call took half the time prepared, in
// `npm run bench:load`'s cost table); the period and filters are parameters, one statement per filter shape.
const PREPARED = { prepared: true };

export interface TrendsContext {
  db: Db;
  actor: TeamActor;
}

export interface Period {
  from: string;
  to: string;
}

/** The period asked for: `to` defaults to today (UTC), `from` to TRENDS_DEFAULT_DAYS days before `to`. */
export function periodOf(query: Pick<TrendsQuery, 'from' | 'to'>, now = new Date()): Period {
  const to = query.to ?? now.toISOString().slice(0, 10);
  return { from: query.from ?? shiftDate(to, 1 - TRENDS_DEFAULT_DAYS), to };
}

/** The period of the same length just before `period`. */
export function previousOf({ from, to }: Period): Period {
  return { from: shiftDate(from, -spanDays(from, to)), to: shiftDate(from, -1) };
}

const filtersOf = ({ kind, severity, department }: TrendsQuery): TrendFilters => ({
  kind,
  severity,
  department,
});
const rounded = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
const share = (part: number, whole: number, scale = 1) =>
  whole === 0 ? null : Math.round((part / whole) * scale * 100) / 100;

interface WeekRow {
  start: string;
  low: number;
  medium: number;
  high: number;
  critical: number;
  near_misses: number;
  learning_moments: number;
}
interface MonthRow {
  start: string;
  incidents: number;
  near_misses: number;
  resolved: number;
  median: number | null;
  p90: number | null;
  repeats: number;
  on_time: number;
  late: number;
  open: number;
}
interface TotalsRow {
  incidents: number;
  near_misses: number;
  high_critical: number;
  resolved: number;
  median: number | null;
}

const totalsOf = (row: TotalsRow | null) => ({
  incidents: row?.incidents ?? 0,
  near_misses: row?.near_misses ?? 0,
  high_critical: row?.high_critical ?? 0,
  resolved: row?.resolved ?? 0,
  resolve_median_minutes: rounded(row?.median ?? null),
});

/** GET /api/team/current/trends: weekly counts, monthly figures, and the totals of this and the previous period. */
export async function getTrends(
  { db, actor }: TrendsContext,
  query: TrendsQuery,
  { now = new Date(), source = 'rollup' }: { now?: Date; source?: CountSource } = {},
): Promise<TrendsResponse> {
  const team = actor.teamId;
  const period = periodOf(query, now);
  const previous = previousOf(period);
  const f = filtersOf(query);
  const read = await runReads(
    db,
    {
      weeks: rowsRead<WeekRow>(weeksQuery(team, period.from, period.to, f, source)),
      months: rowsRead<MonthRow>(monthsQuery(team, period.from, period.to, f, source)),
      current: rowRead<TotalsRow>(totalsQuery(team, period.from, period.to, f, source)),
      previous: rowRead<TotalsRow>(totalsQuery(team, previous.from, previous.to, f, source)),
    },
    PREPARED,
  );
  return {
    period,
    previous,
    weeks: read.weeks.map((w) => ({
      start: w.start,
      incidents: { Low: w.low, Medium: w.medium, High: w.high, Critical: w.critical },
      near_misses: w.near_misses,
      learning_moments: w.learning_moments,
    })),
    months: read.months.map((m) => ({
      start: m.start,
      incidents: m.incidents,
      near_misses: m.near_misses,
      near_miss_ratio: share(m.near_misses, m.incidents),
      resolved: m.resolved,
      resolve_median_minutes: rounded(m.median),
      resolve_p90_minutes: rounded(m.p90),
      repeats: m.repeats,
      repeat_rate: share(m.repeats, m.incidents, 100),
      actions_on_time: m.on_time,
      actions_late: m.late,
      actions_open: m.open,
    })),
    totals: { current: totalsOf(read.current), previous: totalsOf(read.previous) },
  };
}

interface DistributionRow {
  measure: string;
  count: number;
  median: number | null;
  p90: number | null;
  mean: number | null;
  [bin: `b${number}`]: number;
}

function summaryOf(row: DistributionRow | undefined): DurationSummary {
  return {
    count: row?.count ?? 0,
    median_minutes: rounded(row?.median ?? null),
    p90_minutes: rounded(row?.p90 ?? null),
    mean_minutes: rounded(row?.mean ?? null),
    histogram: DURATION_BINS.map((bin, i) => ({ bin: bin.label, count: row?.[`b${i}`] ?? 0 })),
  };
}

/** GET /api/team/current/distributions: time to detect, resolve and review as median, p90, mean and histogram. */
export async function getDistributions(
  { db, actor }: TrendsContext,
  query: TrendsQuery,
  now = new Date(),
): Promise<DistributionsResponse> {
  const period = periodOf(query, now);
  const read = await runReads(
    db,
    {
      rows: rowsRead<DistributionRow>(
        distributionsQuery(actor.teamId, period.from, period.to, filtersOf(query)),
      ),
    },
    PREPARED,
  );
  const by = new Map(read.rows.map((r) => [r.measure, r]));
  const [detect, resolve, review] = DURATION_MEASURES.map((m) => summaryOf(by.get(m)));
  return { period, detect: detect!, resolve: resolve!, review: review! };
}

// The learning figures of the teams that share them (teams.share_metrics, decision 053) on /metrics: records by
// kind and severity, and how long incidents took to resolve as a Prometheus histogram. Labelled by team id only: no
// names, titles or people. Read from the database at most every REFRESH_MS, so a scraper's rate costs nothing more.
import { sql } from 'drizzle-orm';
import type { Registry } from 'prom-client';
import type { Db } from '../db/client';
import { queryRows } from '../lib/sql-rows';

const REFRESH_MS = 30_000;
/** Upper bounds of the time-to-resolve buckets, in seconds: 1 h, 4 h, 1 d, 3 d, 7 d, 28 d (then +Inf). */
export const RESOLVE_BUCKETS_S = [3_600, 14_400, 86_400, 259_200, 604_800, 2_419_200] as const;

interface Sample {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

interface RecordsRow {
  team_id: number;
  kind: string;
  severity: string;
  records: number;
}

type ResolveRow = { team_id: number; n: number; total: number } & Record<`b${number}`, number>;

const recordsQuery = sql`
  select g.team_id, g.kind::text as kind, g.severity, sum(g.records)::int as records
  from oops_group_stats g join teams t on t.id = g.team_id and t.share_metrics
  group by g.team_id, g.kind, g.severity order by 1, 2, 3`;

// Occurred (or, without it, logged) to resolved, for incidents; a resolution dated before the occurrence counts as 0.
const resolveQuery = sql`
  select x.team_id, count(*)::int as n, coalesce(sum(x.s), 0)::float8 as total,
    ${sql.join(
      RESOLVE_BUCKETS_S.map((le, i) => sql`count(*) filter (where x.s <= ${le})::int as ${sql.raw(`b${i}`)}`),
      sql`, `,
    )}
  from (
    select o.team_id, greatest(0, extract(epoch from o.resolved_at - coalesce(o.occurred_at, o.created_at))) as s
    from oops o join teams t on t.id = o.team_id and t.share_metrics
    where o.kind = 'incident' and o.resolved_at is not null
  ) x
  group by x.team_id order by 1`;

/**
 * A metric whose samples are read from the database. prom-client's registry only asks a metric for `get()`, but its
 * types name its own classes, none of which can take a histogram's bucket counts as they are: hence the casts below.
 */
function tableMetric(
  name: string,
  help: string,
  type: 'gauge' | 'histogram',
  samples: () => Promise<Sample[]>,
) {
  return {
    name,
    help,
    type,
    aggregator: 'sum' as const,
    reset: () => undefined,
    get: async () => ({ name, help, type, aggregator: 'sum' as const, values: await samples() }),
  };
}

/** Registers the shared teams' figures; a failed read leaves them out of that scrape rather than failing it. */
export function registerTeamMetrics(
  registry: Registry,
  db: () => Db,
  onError: (error: unknown) => void,
): void {
  type Figures = { at: number; records: RecordsRow[]; resolve: ResolveRow[] };
  let cached: Figures | null = null;
  let pending: Promise<Figures | null> | null = null;
  const read = async () => {
    if (cached && Date.now() - cached.at < REFRESH_MS) return cached;
    pending ??= (async () => {
      try {
        const [records, resolve] = await Promise.all([
          queryRows<RecordsRow>(db(), recordsQuery),
          queryRows<ResolveRow>(db(), resolveQuery),
        ]);
        cached = { at: Date.now(), records, resolve };
      } catch (error) {
        onError(error);
      } finally {
        pending = null;
      }
      return cached;
    })();
    return pending;
  };

  registry.registerMetric(
    tableMetric(
      'oopsboard_team_records',
      'Records of a sharing team, by kind and severity',
      'gauge',
      async () =>
        ((await read())?.records ?? []).map((r) => ({
          labels: { team_id: r.team_id, kind: r.kind, severity: r.severity },
          value: r.records,
        })),
    ) as never,
  );
  const histogram = 'oopsboard_team_time_to_resolve_seconds';
  registry.registerMetric(
    tableMetric(
      histogram,
      "Time from an incident's occurrence to its resolution, by sharing team",
      'histogram',
      async () =>
        ((await read())?.resolve ?? []).flatMap((r): Sample[] => [
          ...RESOLVE_BUCKETS_S.map((le, i) => ({
            metricName: `${histogram}_bucket`,
            labels: { team_id: r.team_id, le },
            value: r[`b${i}`]!,
          })),
          { metricName: `${histogram}_bucket`, labels: { team_id: r.team_id, le: '+Inf' }, value: r.n },
          { metricName: `${histogram}_sum`, labels: { team_id: r.team_id }, value: r.total },
          { metricName: `${histogram}_count`, labels: { team_id: r.team_id }, value: r.n },
        ]),
    ) as never,
  );
}

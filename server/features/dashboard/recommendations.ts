// Strategic recommendations for the report (docs/product.md §2): computed from the team's data, with defaults when data is thin.
import { sql } from 'drizzle-orm';
import { periodSignalsQuery } from '../../lib/stats-rollups';

export const DEFAULT_FOCUS_AREAS = [
  'Review every High and Critical incident in a blameless postmortem within a week.',
  'Record a root cause and a lesson for each incident so patterns become visible.',
];
export const DEFAULT_GROWTH_OPPORTUNITIES = [
  'Log near-misses too: they show risks before they become incidents.',
  'Turn lessons into follow-up actions with an owner and a due date.',
];

interface Signals {
  avgCompleteness: number | null;
  nearMisses: number;
  recent: number;
  /** Records of every kind in the period. */
  records: number;
}

/** What the recommendations read from the period's records, in one row (`recommendationSignalsQuery`). */
export interface RecommendationRow {
  departments: { name: string; n: number }[] | null;
  types: { name: string; n: number }[] | null;
  causes: { name: string; n: number }[] | null;
  with_lesson: number;
  overdue: number;
}

/**
 * The period's signals from their daily rollup (periodSignalsQuery, decision 016), so the cost follows the number of
 * days and distinct values, not of records; ties go to the first name in order.
 */
export function recommendationSignalsQuery(team: number, since: Date) {
  return sql`with g as (${periodSignalsQuery(team, since)})
      select
        (select json_agg(d) from (select value as name, n from g where signal = 'department'
          order by n desc, value limit 2) d) as departments,
        (select json_agg(t) from (select value as name, n from g where signal = 'type'
          order by n desc, value limit 1) t) as types,
        (select json_agg(c) from (select min(value) as name, sum(n)::int as n from g where signal = 'cause'
          group by lower(value) having sum(n) >= 2 order by 2 desc, 1 limit 1) c) as causes,
        (select coalesce(sum(n), 0)::int from g where signal = 'lesson') as with_lesson,
        (select count(*)::int from oops_actions a join oops o on o.id = a.oops_id
          where o.team_id = ${team} and a.status = 'open' and a.due_date < current_date) as overdue`;
}

/** The recommendations worded from the period's signals and its figures. */
export function buildRecommendations(signalsRow: RecommendationRow | null, signals: Signals) {
  const departments = signalsRow?.departments ?? [];
  const types = signalsRow?.types ?? [];
  const causes = signalsRow?.causes ?? [];
  const lessons = [{ with_lesson: signalsRow?.with_lesson ?? 0, total: signals.records }];
  const overdue = [{ n: signalsRow?.overdue ?? 0 }];

  const focus: string[] = [];
  for (const d of departments)
    focus.push(`${d.name}: ${d.n} high-severity incident${d.n === 1 ? '' : 's'} this period.`);
  if (types[0] && types[0].n >= 2) focus.push(`Most common type: ${types[0].name} (${types[0].n}).`);
  if (causes[0]) focus.push(`Recurring root cause: "${causes[0].name}" (${causes[0].n} times).`);
  if (signals.avgCompleteness !== null && signals.avgCompleteness < 60) {
    focus.push(`Improve incident records: average completeness is ${Math.round(signals.avgCompleteness)}%.`);
  }

  const growth: string[] = [];
  if (signals.nearMisses === 0) growth.push(DEFAULT_GROWTH_OPPORTUNITIES[0]!);
  else
    growth.push(
      `${signals.nearMisses} near-miss${signals.nearMisses === 1 ? '' : 'es'} reported: keep the habit going.`,
    );
  const l = lessons[0];
  if (l && l.total > 0 && l.with_lesson / l.total < 0.5) {
    growth.push(
      `Capture lessons: only ${Math.round((l.with_lesson / l.total) * 100)}% of this period's records have one.`,
    );
  }
  if (overdue[0] && overdue[0].n > 0)
    growth.push(`${overdue[0].n} follow-up action${overdue[0].n === 1 ? ' is' : 's are'} overdue.`);

  return {
    focus_areas: focus.length ? focus : DEFAULT_FOCUS_AREAS,
    growth_opportunities: growth.length ? growth : DEFAULT_GROWTH_OPPORTUNITIES,
  };
}

// Strategic recommendations for the report (spec §2): computed from the team's data, with defaults when data is thin.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../lib/sql-rows';

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
}

export async function buildRecommendations(db: Db, team: number, days: number, signals: Signals) {
  const period = sql`now() - make_interval(days => ${days})`;
  const [departments, types, causes, lessons, overdue] = await Promise.all([
    queryRows<{ name: string; n: number }>(
      db,
      sql`select area_department as name, count(*)::int as n from oops
          where team_id = ${team} and kind = 'incident' and created_at >= ${period} and severity in ('High', 'Critical')
            and area_department is not null
          group by 1 order by 2 desc, 1 limit 2`,
    ),
    queryRows<{ name: string; n: number }>(
      db,
      sql`select oops_type as name, count(*)::int as n from oops
          where team_id = ${team} and kind = 'incident' and created_at >= ${period} and oops_type is not null
          group by 1 order by 2 desc, 1 limit 1`,
    ),
    queryRows<{ name: string; n: number }>(
      db,
      sql`select min(root_cause) as name, count(*)::int as n from oops
          where team_id = ${team} and created_at >= ${period} and root_cause is not null
          group by lower(root_cause) having count(*) >= 2 order by 2 desc limit 1`,
    ),
    queryRows<{ with_lesson: number; total: number }>(
      db,
      sql`select count(*) filter (where lesson_learned is not null)::int as with_lesson, count(*)::int as total
          from oops where team_id = ${team} and created_at >= ${period}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from oops_actions a join oops o on o.id = a.oops_id
          where o.team_id = ${team} and a.status = 'open' and a.due_date < current_date`,
    ),
  ]);

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

// The spec's impact points as a SQL expression, generated from common/domain/impact.ts so the numbers exist once.
import { sql, type SQL } from 'drizzle-orm';
import { IMPACT_POINTS } from '../../../common/domain/impact';

export function impactPointsSql(severity: SQL): SQL {
  const cases = Object.entries(IMPACT_POINTS)
    .filter(([key]) => key !== 'unknown')
    .map(([key, points]) => sql`when ${key} then ${sql.raw(String(points))}`);
  return sql`(case lower(${severity}) ${sql.join(cases, sql` `)} else ${sql.raw(String(IMPACT_POINTS.unknown))} end)`;
}

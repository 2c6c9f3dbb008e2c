// Compares the statistics rollups (decision 016) with a recomputation from the raw rows: the `*_expected` views of
// migrations 0007 and 0019 hold the from-scratch answer. Used by `npm run admin -- check-stats` and by the tests.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from './sql-rows';

/** Each rollup table with its key columns and the columns that must match. */
const ROLLUPS = [
  {
    table: 'oops_daily_stats',
    key: ['team_id', 'day', 'kind', 'severity'],
    values: ['records', 'closed', 'completeness_sum', 'resolved', 'resolution_seconds'],
  },
  {
    table: 'oops_incident_days',
    key: ['team_id', 'day'],
    values: ['incidents', 'first_at', 'last_at'],
  },
  {
    table: 'oops_group_stats',
    key: ['team_id', 'department', 'kind', 'severity'],
    values: ['records', 'last_at'],
  },
  {
    table: 'oops_daily_signals',
    key: ['team_id', 'day', 'signal', 'value'],
    values: ['records'],
  },
] as const;

export interface StatsDifference {
  table: string;
  key: Record<string, unknown>;
  stored: Record<string, unknown> | null;
  expected: Record<string, unknown> | null;
}

/** Every row where a rollup and the raw rows disagree (missing on either side, or a different value). */
export async function checkStats(db: Db, teamId?: number): Promise<StatsDifference[]> {
  const differences: StatsDifference[] = [];
  for (const { table, key, values } of ROLLUPS) {
    const cols = (alias: string, names: readonly string[]) =>
      sql.join(
        names.map((n) => sql.raw(`${alias}.${n} as ${alias}_${n}`)),
        sql`, `,
      );
    const join = sql.raw(key.map((k) => `s.${k} = e.${k}`).join(' and '));
    const differs = sql.raw(values.map((v) => `s.${v} is distinct from e.${v}`).join(' or '));
    const team: SQL = teamId === undefined ? sql`true` : sql`coalesce(s.team_id, e.team_id) = ${teamId}`;
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select ${cols('s', key)}, ${cols('s', values)}, ${cols('e', key)}, ${cols('e', values)}
          from ${sql.raw(table)} s full join (select * from ${sql.raw(`${table}_expected`)}
            ${teamId === undefined ? sql`` : sql`where team_id = ${teamId}`}) e on ${join}
          where ${team} and (s.team_id is null or e.team_id is null or ${differs})
          limit 100`,
    );
    for (const row of rows) {
      const side = (alias: 's' | 'e') =>
        row[`${alias}_team_id`] === null
          ? null
          : Object.fromEntries([...key, ...values].map((n) => [n, row[`${alias}_${n}`]]));
      const stored = side('s');
      const expected = side('e');
      differences.push({
        table,
        key: Object.fromEntries(key.map((k) => [k, (stored ?? expected)![k]])),
        stored,
        expected,
      });
    }
  }
  return differences;
}

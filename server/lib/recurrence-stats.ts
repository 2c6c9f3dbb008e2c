// Recurrence figures of a period (issue 13, decision 019): repeats, "repeated despite action" and the chains of
// repeats. Not in the rollups: read from the links table, which holds only the team's few links (its partial index on
// repeat links), joined to the repeating incidents by primary key.
import { sql } from 'drizzle-orm';
import type { RepeatChain } from '../../common/contracts/recurrence';
import type { Db } from '../db/client';
import { actionsAllDoneSql } from './recurrence-sql';
import { queryRows } from './sql-rows';

/** Chains listed at most, and the longest walked back. */
export const REPEAT_CHAINS_MAX = 10;
const CHAIN_DEPTH_MAX = 20;

const inPeriod = (column: string, from: Date, to: Date | null) =>
  sql`${sql.raw(column)} >= ${from.toISOString()}::timestamptz
      ${to ? sql`and ${sql.raw(column)} < ${to.toISOString()}::timestamptz` : sql``}`;

/** Incidents (kind incident) created in the period that repeat an earlier one, and those repeated despite action. */
export async function repeatCounts(db: Db, team: number, from: Date, to: Date | null = null) {
  const [row] = await queryRows<{ repeats: number; despite: number }>(
    db,
    sql`select count(distinct l.oops_id)::int as repeats,
               count(distinct l.oops_id) filter (where ${actionsAllDoneSql(sql`l.other_id`)})::int as despite
        from oops_links l join oops o on o.id = l.oops_id
        where l.team_id = ${team} and l.is_repeat and o.kind = 'incident' and ${inPeriod('o.created_at', from, to)}`,
  );
  return { repeats: row?.repeats ?? 0, despite: row?.despite ?? 0 };
}

/**
 * The chains of repeats that end in the period, earliest first (A → B → C): from each incident of the period that
 * repeats an earlier one and is not itself repeated within the period, walked back to the first occurrence.
 */
export async function repeatChains(
  db: Db,
  team: number,
  from: Date,
  to: Date | null = null,
): Promise<RepeatChain[]> {
  const paths = await queryRows<{ path: number[] }>(
    db,
    sql`with recursive tips as (
          select distinct l.oops_id as id from oops_links l join oops o on o.id = l.oops_id
          where l.team_id = ${team} and l.is_repeat and ${inPeriod('o.created_at', from, to)}
            and not exists (
              select 1 from oops_links n join oops later on later.id = n.oops_id
              where n.other_id = l.oops_id and n.is_repeat and ${inPeriod('later.created_at', from, to)})
        ), walk(tip, node, path, depth) as (
          select id, id, array[id], 0 from tips
          union all
          select w.tip, l.other_id, l.other_id || w.path, w.depth + 1
          from walk w join oops_links l on l.oops_id = w.node and l.is_repeat
          where w.depth < ${CHAIN_DEPTH_MAX} and not l.other_id = any(w.path)
        )
        select w.path from walk w
        where w.depth > 0 and (w.depth = ${CHAIN_DEPTH_MAX}
          or not exists (select 1 from oops_links l where l.oops_id = w.node and l.is_repeat))
        order by w.tip desc, w.path
        limit ${REPEAT_CHAINS_MAX}`,
  );
  if (paths.length === 0) return [];
  const ids = [...new Set(paths.flatMap((p) => p.path.map(Number)))];
  const rows = await queryRows<{ id: number; slug: string; title: string }>(
    db,
    sql`select id, slug, title from oops where team_id = ${team}
        and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return paths.map((p) => ({
    incidents: p.path.flatMap((raw) => {
      const r = byId.get(Number(raw));
      return r ? [{ id: r.id, id_slug: `${r.id}-${r.slug}`, title: r.title }] : [];
    }),
  }));
}

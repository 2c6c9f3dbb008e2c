// Recurrence figures of a period (decision 019): repeats, "repeated despite action" and the chains of
// repeats. Not in the rollups: read from the links table, which holds only the team's few links (its partial index on
// repeat links), joined to the repeating incidents by primary key.
import { sql } from 'drizzle-orm';
import type { RepeatChain } from '../../common/contracts/links';
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
  const [row] = await queryRows<RepeatCountsRow>(db, repeatCountsQuery(team, from, to));
  return repeatCountsOf(row);
}

export interface RepeatCountsRow {
  repeats: number;
  despite: number;
}

/** The query of `repeatCounts` (one row), to run with other reads; `repeatCountsOf` reads its row. */
export const repeatCountsQuery = (team: number, from: Date, to: Date | null = null) =>
  sql`select count(distinct l.oops_id)::int as repeats,
             count(distinct l.oops_id) filter (where ${actionsAllDoneSql(sql`l.other_id`)})::int as despite
      from oops_links l join oops o on o.id = l.oops_id
      where l.team_id = ${team} and l.is_repeat and o.kind = 'incident' and ${inPeriod('o.created_at', from, to)}`;

export const repeatCountsOf = (row: RepeatCountsRow | null | undefined) => ({
  repeats: row?.repeats ?? 0,
  despite: row?.despite ?? 0,
});

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
  return repeatChainsOf(await queryRows<RepeatChainRow>(db, repeatChainsQuery(team, from, to)));
}

export interface RepeatChainRow {
  incidents: { id: number; slug: string; title: string }[] | null;
}

/** The query of `repeatChains`: a row per chain with its incidents, in one statement. */
export const repeatChainsQuery = (team: number, from: Date, to: Date | null = null) =>
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
      ), chains as (
        select w.path, w.tip from walk w
        where w.depth > 0 and (w.depth = ${CHAIN_DEPTH_MAX}
          or not exists (select 1 from oops_links l where l.oops_id = w.node and l.is_repeat))
        order by w.tip desc, w.path
        limit ${REPEAT_CHAINS_MAX}
      )
      select (select json_agg(json_build_object('id', o.id, 'slug', o.slug, 'title', o.title) order by u.n)
              from unnest(c.path) with ordinality u(id, n) join oops o on o.id = u.id and o.team_id = ${team})
             as incidents
      from chains c order by c.tip desc, c.path`;

export const repeatChainsOf = (rows: readonly RepeatChainRow[]): RepeatChain[] =>
  rows.map((row) => ({
    incidents: (row.incidents ?? []).map((r) => ({ id: r.id, id_slug: `${r.id}-${r.slug}`, title: r.title })),
  }));

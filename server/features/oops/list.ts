// The incident list (docs/product.md §2 /oops, §7 GET /api/oops): newest first, filtered, counted up to a cap, paged by a
// keyset cursor (decision 017). Every query is scoped to the actor's team.
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { ListOopsQuery, OopsSummary } from '../../../common/contracts/oops';
import { encodeOopsCursor, type OopsCursor } from '../../../common/contracts/oops-cursor';
import { MATCHED_COUNT_CAP, SEARCH_MATCHED_COUNT_CAP } from '../../../common/domain/oops-options';
import type { Db } from '../../db/client';
import { oops } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { fullTextCondition, searchParams } from '../../lib/full-text';
import { toSummary } from './mapper';
import { teamCached } from '../../cache/team-reads';
import type { OopsContext } from './service';
import { actionToday } from '../../../common/domain/actions';
import { cursorAt, preparedReads, selectSummaries, teamRowsNewestFirst } from './summary-reads';
import { queryRowsPrepared } from '../../lib/sql-rows';
import { customFilterConditions, customFilterParams } from './custom-filter';
import { tableFilterConditions, tableFilterKey } from './list-filters';
import { afterCursor, isDefaultSort, positionOf, sortOrder, sortValueColumn, type SortQuery } from './list-sorts';
import type { ListFilterParams } from '../../../common/contracts/oops-list-filters';

export interface OopsListPage {
  oops: OopsSummary[];
  total: number;
  matched: number;
  matched_capped: boolean;
  next_cursor: string | null;
}

type Filters = Pick<ListOopsQuery, 'search' | 'status' | 'kind'> & ListFilterParams;
type PageQuery = Pick<ListOopsQuery, 'limit' | 'offset' | 'cursor'> & Filters & SortQuery;

/** The filter's conditions after the team's. A search is full text or a substring (server/lib/full-text.ts). */
export function filterConditions(query: Filters): SQL[] {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(oops.status, query.status));
  if (query.kind) conditions.push(eq(oops.kind, query.kind));
  if (query.search) conditions.push(fullTextCondition(query.search));
  conditions.push(...tableFilterConditions(query));
  return conditions;
}

interface ReadPage {
  rows: OopsSummary[];
  /** Each row's place in the list's order: the cursor of a page that ends with it. */
  positions: OopsCursor[];
  /** Rows follow the page's last. */
  more: boolean;
}

/** The cursor of the page after `page`: null when it is the last. */
export const nextOf = (page: ReadPage): OopsCursor | null =>
  page.more ? (page.positions.at(-1) ?? null) : null;
/** The same as a page's `next_cursor`. */
const nextCursorOf = (page: ReadPage): string | null => {
  const next = nextOf(page);
  return next && encodeOopsCursor(next);
};

/** One page of the filter's rows, with their places and whether more follow. */
export async function readPage(
  db: Db,
  teamId: number,
  query: PageQuery,
  custom: SQL[],
  /** The team has at most STEERED_COUNT_ABOVE incidents: a search reads its rows (searchedRows). */
  smallTeam = false,
): Promise<ReadPage> {
  const conditions = [eq(oops.teamId, teamId), ...filterConditions(query), ...custom];
  // Rows after the cursor's row in the page's order (list-sorts.ts); newest first, one range of the team's index.
  if (query.cursor) conditions.push(afterCursor(query, query.cursor));
  const sorted = !isDefaultSort(query);
  // One row more than the page tells whether a next page exists, without a count and without an empty last page.
  // Without a filter or a cursor, the prepared page (summary-reads.ts); so too a small team's search alone.
  const page = { team: teamId, today: actionToday(), limit: query.limit + 1, offset: query.offset };
  const found =
    conditions.length === 1 && !sorted
      ? await preparedReads(db).page.execute(page)
      : isSearchAlone(query, custom, smallTeam) && !query.cursor && !sorted
        ? await preparedReads(db).searchPage.execute({ ...page, ...searchParams(query.search!) })
        : await selectSummaries(
            db,
            { cursorAt, ...sortValueColumn(query) },
            undefined,
            searchedRows(teamId, query, smallTeam),
          )
            .where(and(...conditions))
            .orderBy(...sortOrder(query))
            .limit(query.limit + 1)
            .offset(query.cursor ? 0 : query.offset);
  const rows = found.slice(0, query.limit);
  return {
    rows: rows.map(toSummary),
    positions: rows.map((found) => positionOf(query, found)),
    more: found.length > query.limit,
  };
}

/**
 * A team with at most this many incidents searches its own rows, read through the team's index (summary-reads.ts,
 * teamRowsNewestFirst), and pages a search alone with a prepared statement: its rows cost a few milliseconds whatever
 * the plan, so the steering's transaction (three more round trips) and planning each search would cost more than they
 * can save (decision 017).
 */
export const STEERED_COUNT_ABOVE = 2000;

/** A small team's search without another filter: its page and count are prepared statements (summary-reads.ts). */
const isSearchAlone = (query: Filters, custom: SQL[], smallTeam: boolean) =>
  Boolean(query.search) && smallTeam && custom.length === 0 && filterConditions(query).length === 1;

/** What a filter's rows are read from: a small team's search, its own rows; anything else, the table. */
const searchedRows = (teamId: number, query: Filters, smallTeam: boolean) =>
  query.search && smallTeam ? teamRowsNewestFirst(teamId) : oops;

interface Matches {
  matched: number;
  capped: boolean;
}

/** How far a filter's matches are counted: a search's less far (decision 047). */
const countCap = (query: Filters) => (query.search ? SEARCH_MATCHED_COUNT_CAP : MATCHED_COUNT_CAP);

/** A count of at most the cap plus one, as the page tells it. */
const capped = (n: number, cap: number): Matches =>
  n > cap ? { matched: cap, capped: true } : { matched: n, capped: false };

/**
 * Counts the rows of `where` in `rows`, but never more than the cap plus one: a broad filter of a large team stays
 * cheap. With `steered`, the count is steered towards the trigram indexes (why: below).
 */
async function countMatches(
  db: Db,
  rows: typeof oops,
  where: SQL | undefined,
  steered: boolean,
  cap: number,
): Promise<Matches> {
  const countUpToCap = async (tx: Db) => {
    const limited = tx
      .select({ one: sql`1` })
      .from(rows)
      .where(where)
      .limit(cap + 1)
      .as('limited');
    const [row] = await tx.select({ n: count() }).from(limited);
    return row?.n ?? 0;
  };
  // PostgreSQL prices ILIKE like any other operator, but in a UTF-8 database it lowercases each row's whole text
  // first (about 1 µs a row here), which the planner does not know: for a term in 5-20 % of a large team it counted
  // by reading half the team's rows (100-300 ms) rather than through the trigram indexes (40-110 ms). For this one
  // statement (set_config's `true` is SET LOCAL) operators cost 10 times the server's setting: enough to tip those
  // plans, while a small team's count still reads its own rows through the team's index (2-3 ms). Decision 017.
  const n = steered
    ? await db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('cpu_operator_cost', (current_setting('cpu_operator_cost')::float8 * 10)::text, true)`,
        );
        return countUpToCap(tx);
      })
    : await countUpToCap(db);
  return capped(n, cap);
}

/** countMatches for a small team's search alone (its prepared count). */
async function countSearchAlone(db: Db, teamId: number, search: string): Promise<Matches> {
  const [row] = await preparedReads(db).searchCount.execute({ team: teamId, ...searchParams(search) });
  return capped(row?.n ?? 0, SEARCH_MATCHED_COUNT_CAP);
}

/** The team's number of incidents, from the statistics rollup (decision 016): a few rows per team, not one each. */
export async function teamTotal(ctx: OopsContext): Promise<number> {
  const rows = await teamCached('total', () =>
    queryRowsPrepared<{ n: number }>(
      ctx.db,
      sql`select coalesce(sum(records), 0)::int as n from oops_group_stats where team_id = ${ctx.actor.teamId}`,
    ),
  );
  return rows[0]?.n ?? 0;
}

/**
 * A page of the team's incidents, newest first, with the team's total and the filter's match count (exact up to
 * MATCHED_COUNT_CAP, a search's up to SEARCH_MATCHED_COUNT_CAP). Pages follow `cursor`; `offset` still works for the spec's callers, not with a cursor.
 */
export async function listOops(ctx: OopsContext, query: ListOopsQuery): Promise<OopsListPage> {
  const { db, actor } = ctx;
  if (query.cursor && query.offset > 0) {
    throw badRequest('Send either cursor or offset, not both: cursor continues where the last page ended.');
  }
  const team = eq(oops.teamId, actor.teamId);
  const customParams = customFilterParams(query);
  const custom = await customFilterConditions(db, actor.teamId, customParams);
  const conditions = [...filterConditions(query), ...custom];
  const customKey = customParams.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  const totalRead = teamTotal(ctx);
  // A search needs the team's size (cached) to choose its page's statement and its count's plan.
  const smallTeam = query.search ? (await totalRead) <= STEERED_COUNT_ABOVE : false;
  const [page, total, matches] = await Promise.all([
    readPage(db, actor.teamId, query, custom, smallTeam),
    totalRead,
    // A filter's count holds until the team's next change (the team cache): paging through a search, or several
    // people searching for the same thing, counts once. The team's size (cached too) says whether to steer it.
    conditions.length
      ? teamCached(
          `matched:${query.status ?? ''}:${query.kind ?? ''}:${tableFilterKey(query)}:${customKey}:${query.search ?? ''}`,
          async () =>
            isSearchAlone(query, custom, smallTeam)
              ? countSearchAlone(db, actor.teamId, query.search!)
              : countMatches(
                  db,
                  searchedRows(actor.teamId, query, smallTeam),
                  and(team, ...conditions),
                  Boolean(query.search) && !smallTeam,
                  countCap(query),
                ),
        )
      : null,
  ]);
  return {
    oops: page.rows,
    total,
    // Without a filter every incident matches, and the team's total is already known exactly.
    matched: matches ? matches.matched : total,
    matched_capped: matches?.capped ?? false,
    next_cursor: nextCursorOf(page),
  };
}

/** Rows per query of an export: each read stays bounded however many rows the export holds. */
const EXPORT_BATCH = 1000;

/**
 * The first `max` incidents of the filter in its sort (newest first by default), read page by page along the cursor
 * (an export, not a screen).
 */
export async function listOopsForExport(
  { db, actor }: OopsContext,
  filters: Filters & SortQuery,
  max: number,
): Promise<OopsSummary[]> {
  const custom = await customFilterConditions(db, actor.teamId, customFilterParams(filters));
  const rows: OopsSummary[] = [];
  let cursor: OopsCursor | undefined;
  while (rows.length < max) {
    const limit = Math.min(EXPORT_BATCH, max - rows.length);
    const page = await readPage(db, actor.teamId, { ...filters, limit, offset: 0, cursor }, custom);
    rows.push(...page.rows);
    const next = nextOf(page);
    if (!next) break;
    cursor = next;
  }
  return rows;
}

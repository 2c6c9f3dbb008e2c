// The log's sorts (decision 041): each column an expression that is never null, ordered with the id as the tiebreak,
// so that a page's last row is a sound keyset cursor for every sort: (value, id) after the cursor's (value, id).
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { OOPS_CURSOR_MESSAGE, type OopsCursor } from '../../../common/contracts/oops-cursor';
import type { OopsSortDir, OopsSortKey } from '../../../common/contracts/oops-list-filters';
import { OOPS_KINDS, OOPS_STATUSES } from '../../../common/domain/oops-options';
import { actionToday } from '../../../common/domain/actions';
import { oops, severityRank } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { overdueWhere } from '../../lib/overdue-sql';

export interface SortQuery {
  sort?: OopsSortKey;
  dir?: OopsSortDir;
}

/** A sort's expression and the SQL type its cursor value is read back as. */
interface SortColumn {
  expr: SQL;
  type: 'timestamptz' | 'int' | 'bigint' | 'text' | 'oops_status' | 'oops_kind';
}

const text = (column: SQL | typeof oops.areaDepartment | typeof oops.oopsType | typeof oops.ownerName) =>
  sql`coalesce(${column}, '')`;
const actionCount = (where: SQL) =>
  sql`(select count(*)::int from oops_actions a where a.oops_id = "oops"."id" and ${where})`;
/** Seconds from when it happened (or was logged) to when it was closed; an open incident sorts as the longest. */
const secondsToResolve = sql`coalesce(floor(extract(epoch from ${oops.resolvedAt} - coalesce(${oops.occurredAt}, ${oops.createdAt})))::bigint, 9223372036854775807)`;
const COLUMNS: Record<OopsSortKey, () => SortColumn> = {
  created: () => ({ expr: sql`${oops.createdAt}`, type: 'timestamptz' }),
  // An incident without a time it happened sorts by when it was logged.
  occurred: () => ({ expr: sql`coalesce(${oops.occurredAt}, ${oops.createdAt})`, type: 'timestamptz' }),
  severity: () => ({ expr: severityRank(oops.severity), type: 'int' }),
  status: () => ({ expr: sql`${oops.status}`, type: 'oops_status' }),
  kind: () => ({ expr: sql`${oops.kind}`, type: 'oops_kind' }),
  department: () => ({ expr: text(oops.areaDepartment), type: 'text' }),
  type: () => ({ expr: text(oops.oopsType), type: 'text' }),
  owner: () => ({ expr: text(oops.ownerName), type: 'text' }),
  time_to_resolve: () => ({ expr: secondsToResolve, type: 'bigint' }),
  completeness: () => ({ expr: sql`${oops.completeness}`, type: 'int' }),
  open_actions: () => ({ expr: actionCount(sql`a.status = 'open'`), type: 'int' }),
  overdue_actions: () => ({
    expr: actionCount(overdueWhere(sql`a.status`, sql`a.due_date`, actionToday())),
    type: 'int',
  }),
};

/** The spec's order (created, newest first), which the prepared pages, the head and the old cursor serve. */
export const isDefaultSort = (query: SortQuery) =>
  (query.sort ?? 'created') === 'created' && (query.dir ?? 'desc') === 'desc';

const sortName = (query: SortQuery) => `${query.sort ?? 'created'}.${query.dir ?? 'desc'}`;

/** ORDER BY of the page: the column, then the id in the same direction. */
export function sortOrder(query: SortQuery): SQL[] {
  const { expr } = COLUMNS[query.sort ?? 'created']();
  const by = query.dir === 'asc' ? asc : desc;
  return [by(expr), by(oops.id)];
}

/** The extra column a sorted page selects: each row's value of its sort, as its cursor carries it. */
export function sortValueColumn(query: SortQuery): { sortValue: SQL<string> } | Record<string, never> {
  if (isDefaultSort(query)) return {};
  const column = COLUMNS[query.sort ?? 'created']();
  // Timestamps to the microsecond in UTC whatever the session's time zone (cursorAt); the rest as text.
  const value = column.type === 'timestamptz' ? sql`to_char((${column.expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : sql`(${column.expr})::text`;
  return { sortValue: value as SQL<string> };
}

/**
 * The rows after the cursor's row in the page's order; 400 when the cursor was made for another sort (its value
 * would mean nothing in this one).
 */
export function afterCursor(query: SortQuery, cursor: OopsCursor): SQL {
  if ((cursor.sort?.by ?? 'created.desc') !== sortName(query)) {
    throw badRequest('cursor belongs to another sort: send the next_cursor of a page with the same sort and dir.');
  }
  if (!cursor.sort) {
    return sql`(${oops.createdAt}, ${oops.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::integer)`;
  }
  const { expr, type } = COLUMNS[query.sort ?? 'created']();
  if (!VALID[type](cursor.sort.value)) throw badRequest(OOPS_CURSOR_MESSAGE);
  const op = query.dir === 'asc' ? sql`>` : sql`<`;
  return sql`(${expr}, ${oops.id}) ${op} (${cursor.sort.value}::${sql.raw(type)}, ${cursor.id}::integer)`;
}

const INTEGER = /^-?\d{1,19}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
/** Whether a cursor's value can be read back as its sort's type: a forged one is a 400, not a database error. */
const VALID: Record<SortColumn['type'], (value: string) => boolean> = {
  timestamptz: (v) => INSTANT.test(v) && Number.isFinite(Date.parse(v)),
  int: (v) => INTEGER.test(v) && Math.abs(Number(v)) <= 2 ** 31 - 1,
  bigint: (v) => INTEGER.test(v) && BigInt(v) <= 9223372036854775807n && BigInt(v) >= -9223372036854775808n,
  text: () => true,
  oops_status: (v) => (OOPS_STATUSES as readonly string[]).includes(v),
  oops_kind: (v) => (OOPS_KINDS as readonly string[]).includes(v),
};

/** A row's place in the page's order, as the next page's cursor carries it. */
export function positionOf(
  query: SortQuery,
  found: { cursorAt: string; sortValue?: string; row: { id: number } },
): OopsCursor {
  const position: OopsCursor = { createdAt: found.cursorAt, id: found.row.id };
  if (isDefaultSort(query)) return position;
  return { ...position, sort: { by: sortName(query), value: String(found.sortValue) } };
}

// The log's table filters (decision 041) as SQL conditions after the team's, and the key of their count in the team
// cache: every filter a page depends on is in it, so two filters never share a count.
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListFilterParams } from '../../../common/contracts/oops-list-filters';
import { actionToday } from '../../../common/domain/actions';
import { oops } from '../../db/schema';
import { overdueWhere } from '../../lib/overdue-sql';

/** Open follow-up actions past their due date (common/domain/actions.ts), as the list's overdue count reads them. */
const overdueActionExists = () =>
  sql`exists (select 1 from oops_actions a where a.oops_id = "oops"."id" and ${overdueWhere(sql`a.status`, sql`a.due_date`, actionToday())})`;

/** The conditions of the table's filters; the period is whole UTC days, both ends included. */
export function tableFilterConditions(query: ListFilterParams): SQL[] {
  const conditions: SQL[] = [];
  if (query.severity?.length) conditions.push(inArray(oops.severity, query.severity));
  if (query.department) conditions.push(eq(oops.areaDepartment, query.department));
  if (query.type) conditions.push(eq(oops.oopsType, query.type));
  // Owners are typed by hand: "dana" finds "Dana".
  if (query.owner) conditions.push(sql`lower(${oops.ownerName}) = lower(${query.owner})`);
  // Tags are stored lowercased (common/domain/tags.ts), and the parameter is lowercased by the contract.
  if (query.tag) conditions.push(sql`${oops.tags} @> array[${query.tag}]::text[]`);
  if (query.occurred_from) {
    conditions.push(sql`${oops.occurredAt} >= ${`${query.occurred_from}T00:00:00Z`}::timestamptz`);
  }
  if (query.occurred_to) {
    conditions.push(
      sql`${oops.occurredAt} < (${`${query.occurred_to}T00:00:00Z`}::timestamptz + interval '1 day')`,
    );
  }
  if (query.overdue === 'true') conditions.push(overdueActionExists());
  if (query.overdue === 'false') conditions.push(sql`not ${overdueActionExists()}`);
  return conditions;
}

/** The filters as a stable key of their count (the team cache): each parameter by name, in one order. */
export function tableFilterKey(query: ListFilterParams): string {
  return JSON.stringify([
    query.severity ?? null,
    query.department ?? null,
    query.type ?? null,
    query.owner ?? null,
    query.tag ?? null,
    query.occurred_from ?? null,
    query.occurred_to ?? null,
    query.overdue ?? null,
  ]);
}

// The overdue rule of common/domain/actions.ts (isOverdue) as SQL, for the queries that count or filter by it.
import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * `status` and `dueDate` are the action's columns as the query names them; `today` comes from actionToday(), or is a
 * placeholder in a prepared statement.
 */
export function overdueWhere(status: SQL | object, dueDate: SQL | object, today: string | Placeholder): SQL {
  // Never null (an undated action is simply not overdue), so it sorts and counts as a plain boolean.
  return sql`(${status} = 'open' and ${dueDate} is not null and ${dueDate} < ${today}::date)`;
}

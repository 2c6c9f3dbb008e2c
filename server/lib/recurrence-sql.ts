// The "repeated despite action" rule (decision 019) in SQL, shared by the incident answers, the related list and the
// statistics: computed when read, so it follows every change of the earlier incident's actions at once.
import { sql, type SQL } from 'drizzle-orm';

/** True when the incident `earlier` (an SQL id) had follow-up actions and all of them are done. */
export const actionsAllDoneSql = (earlier: SQL) =>
  sql`(exists (select 1 from oops_actions a where a.oops_id = ${earlier})
       and not exists (select 1 from oops_actions a where a.oops_id = ${earlier} and a.status = 'open'))`;

/** True when the incident `id` (an SQL id) repeats an earlier one whose actions were all done. */
export const repeatedDespiteActionSql = (id: SQL) =>
  sql`exists (select 1 from oops_links l where l.oops_id = ${id} and l.is_repeat
              and ${actionsAllDoneSql(sql`l.other_id`)})`;

// The list's custom field filters `cf.<key>=<value>` (decision 026): each checked against the team's field, then
// one SQL condition. Exact values are jsonb containment (@>, served by oops_custom_fields_idx); text is a
// case-insensitive substring like the list's search.
import { sql, type SQL } from 'drizzle-orm';
import { parseCustomFieldFilter } from '../../../common/contracts/custom-fields';
import { CUSTOM_FIELD_FILTER_PREFIX } from '../../../common/domain/custom-field-limits';
import { CUSTOM_FIELD_TEXTS as T } from '../../../common/domain/custom-field-texts';
import type { Db } from '../../db/client';
import { oops } from '../../db/schema';
import { teamCustomFieldList } from '../../lib/custom-fields';
import { badRequest } from '../../lib/errors';
import { containsPattern } from '../../lib/sql-like';

/** The `cf.<key>` entries of a parsed list query, sorted by key (the count's cache key depends on them). */
export function customFilterParams(query: object): [string, string][] {
  return Object.entries(query)
    .filter(
      (entry): entry is [string, string] =>
        entry[0].startsWith(CUSTOM_FIELD_FILTER_PREFIX) && typeof entry[1] === 'string',
    )
    .map(([name, value]): [string, string] => [name.slice(CUSTOM_FIELD_FILTER_PREFIX.length), value])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The filters' conditions; 400 for a key the team has no field of, or a value its field cannot hold. */
export async function customFilterConditions(
  db: Db,
  teamId: number,
  params: readonly [string, string][],
): Promise<SQL[]> {
  if (params.length === 0) return [];
  const fields = new Map((await teamCustomFieldList(db, teamId)).map((f) => [f.key, f]));
  return params.map(([key, text]) => {
    const field = fields.get(key);
    if (!field) throw badRequest(T.filterInvalid(key.slice(0, 40)));
    const parsed = parseCustomFieldFilter(field, text);
    if (!parsed.ok) throw badRequest(parsed.error);
    if (field.type === 'text') {
      return sql`(${oops.customFields} ->> ${key}) ilike ${containsPattern(String(parsed.value))}`;
    }
    // A multi select holds a list: containment of a one-item list means "contains the option".
    const wanted = field.type === 'multi_select' ? [parsed.value] : parsed.value;
    return sql`${oops.customFields} @> ${JSON.stringify({ [key]: wanted })}::jsonb`;
  });
}

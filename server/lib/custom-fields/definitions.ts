// A team's custom fields (decision 026) as the incident features use them: the definitions, the values a
// body sends merged into the stored ones through the one common validator, and the "required for this type" rule.
// Shared by the team's editor (features/team) and the incident code (features/oops), so both read the same rows.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  checkCustomFieldValue,
  customFieldValueOf,
  requiredCustomFields,
  type CustomFieldValues,
  type CustomFieldValuesInput,
  type CustomFieldView,
} from '../../../common/contracts/custom-fields';
import { CUSTOM_FIELD_LIMITS } from '../../../common/domain/custom-field-limits';
import { CUSTOM_FIELD_TEXTS as T } from '../../../common/domain/custom-field-texts';
import type { Db } from '../../db/client';
import { memberships, teamCustomFields, teamIncidentTypes, users } from '../../db/schema';
import { badRequest } from '../errors';
import { queryRows } from '../sql-rows';

type Row = typeof teamCustomFields.$inferSelect;

export function customFieldView(row: Row): CustomFieldView {
  return {
    id: row.id,
    key: row.key,
    label: row.label,
    type: row.type,
    options: row.options,
    required_for: row.requiredFor,
    position: row.position,
    archived: row.archivedAt !== null,
  };
}

/**
 * The team's fields in order, archived ones included (a team has few: at most 30 active), as views: for `queryRows`,
 * or as one read of a batch.
 */
export const customFieldListQuery = (teamId: number): SQL =>
  sql`select ${teamCustomFields.id} as id, ${teamCustomFields.key} as key, ${teamCustomFields.label} as label,
        ${teamCustomFields.type} as type, ${teamCustomFields.options} as options,
        ${teamCustomFields.requiredFor} as required_for, ${teamCustomFields.position} as position,
        ${teamCustomFields.archivedAt} is not null as archived
      from ${teamCustomFields} where ${teamCustomFields.teamId} = ${teamId}
      order by ${teamCustomFields.position}, ${teamCustomFields.id} limit 500`;

export function teamCustomFieldList(db: Db, teamId: number): Promise<CustomFieldView[]> {
  return queryRows<CustomFieldView>(db, customFieldListQuery(teamId));
}

/** Ids of the team's current members (what a user field may hold). */
export async function teamMemberIds(db: Db, teamId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(eq(memberships.teamId, teamId));
  return new Set(rows.map((r) => r.id));
}

/** Display names (name, else e-mail) of these users, for exports. */
export async function userNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})` })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The stored values with the sent ones merged in (only sent keys change; null clears), each checked by the common
 * validator. An unchanged value always passes, so a removed select option or an archived field does not block a
 * client that sends the whole object back. 400 names the key or the field's label.
 */
export async function mergeCustomFieldValues(
  db: Db,
  teamId: number,
  fields: readonly CustomFieldView[],
  stored: CustomFieldValues,
  sent: CustomFieldValuesInput,
): Promise<CustomFieldValues> {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const next: CustomFieldValues = { ...stored };
  let members: Set<number> | undefined;
  for (const [key, raw] of Object.entries(sent)) {
    // A Map, not an object lookup: a key such as __proto__ or constructor is just an unknown field.
    const field = byKey.get(key);
    if (!field) throw badRequest(T.unknownField(key.slice(0, CUSTOM_FIELD_LIMITS.keyMax)));
    if (same(customFieldValueOf(stored, key), raw)) continue;
    if (field.archived) throw badRequest(T.archivedField(field.label));
    if (field.type === 'user' && raw !== null && members === undefined)
      members = await teamMemberIds(db, teamId);
    const check = checkCustomFieldValue(field, raw, { memberIds: members });
    if (!check.ok) throw badRequest(check.error);
    if (check.value === null) delete next[key];
    else next[key] = check.value;
  }
  return next;
}

/** The id of the team's incident type of this name (any case), or null (no such row, or no type). */
export async function incidentTypeIdOf(db: Db, teamId: number, name: string | null | undefined) {
  if (!name) return null;
  const [row] = await db
    .select({ id: teamIncidentTypes.id })
    .from(teamIncidentTypes)
    .where(and(eq(teamIncidentTypes.teamId, teamId), sql`lower(${teamIncidentTypes.name}) = lower(${name})`))
    .limit(1);
  return row?.id ?? null;
}

/** The first active field required for this type that has no value, or undefined. */
export function missingRequired(
  fields: readonly CustomFieldView[],
  typeId: number | null,
  values: CustomFieldValues,
): CustomFieldView | undefined {
  return requiredCustomFields(fields, typeId).find(
    (field) => customFieldValueOf(values, field.key) === undefined,
  );
}

/** 400 `<Label> is required for <type> incidents.` when a field required for the type has no value. */
export async function assertRequiredCustomFields(
  db: Db,
  teamId: number,
  fields: readonly CustomFieldView[],
  typeName: string | null | undefined,
  values: CustomFieldValues,
): Promise<void> {
  if (!typeName || !fields.some((f) => !f.archived && f.required_for.length > 0)) return;
  const missing = missingRequired(fields, await incidentTypeIdOf(db, teamId, typeName), values);
  if (missing) throw badRequest(T.required(missing.label, typeName));
}

// Custom field values of an incident on create and edit (decision 026): the sent values merged and checked by the
// common validator (server/lib/custom-fields.ts), and the "required for this type" rule.
import {
  customFieldValueOf,
  type CustomFieldValues,
  type CustomFieldValuesInput,
} from '../../../common/contracts/custom-fields';
import { CUSTOM_FIELD_TEXTS as T } from '../../../common/domain/custom-field-texts';
import type { Db } from '../../db/client';
import {
  assertRequiredCustomFields,
  incidentTypeIdOf,
  mergeCustomFieldValues,
  teamCustomFieldList,
  userNames,
} from '../../lib/custom-fields';
import { badRequest } from '../../lib/errors';
import type { ExportCustomFields } from './export';
import type { OopsRow } from './mapper';

/**
 * The values of a new incident. `enforceRequired` is off only for monitoring alerts, which cannot know the team's
 * fields (an alert must never be lost to a form rule; people fill the fields in afterwards).
 */
export async function customValuesOnCreate(
  tx: Db,
  teamId: number,
  typeName: string | null | undefined,
  sent: CustomFieldValuesInput | undefined,
  enforceRequired = true,
): Promise<CustomFieldValues> {
  const fields = await teamCustomFieldList(tx, teamId);
  if (fields.length === 0) {
    const key = Object.keys(sent ?? {})[0];
    if (key !== undefined) throw badRequest(T.unknownField(key.slice(0, 40)));
    return {};
  }
  const values = sent ? await mergeCustomFieldValues(tx, teamId, fields, {}, sent) : {};
  if (enforceRequired) await assertRequiredCustomFields(tx, teamId, fields, typeName, values);
  return values;
}

/**
 * The incident's values after an edit, and the labels of the fields that changed (the event's `changed` list names
 * them "Custom field <label>"); null when neither the values nor the type change. A field required for the type
 * blocks an edit that clears it, or a type change to a type that needs a missing value; other edits of an older
 * incident that lacks a value still pass.
 */
export async function customValuesOnUpdate(
  tx: Db,
  teamId: number,
  row: OopsRow,
  sent: CustomFieldValuesInput | undefined,
  nextType: string | null | undefined,
): Promise<{ values: CustomFieldValues; changedLabels: string[] } | null> {
  const typeChanges = nextType !== undefined && nextType !== row.oopsType;
  if (sent === undefined && !typeChanges) return null;
  const fields = await teamCustomFieldList(tx, teamId);
  const stored = row.customFields ?? {};
  const values = sent ? await mergeCustomFieldValues(tx, teamId, fields, stored, sent) : stored;
  const type = typeChanges ? nextType : row.oopsType;
  if (typeChanges) await assertRequiredCustomFields(tx, teamId, fields, type, values);
  else if (type) {
    const cleared = fields.filter(
      (f) => Object.hasOwn(sent ?? {}, f.key) && customFieldValueOf(values, f.key) === undefined,
    );
    if (cleared.some((f) => f.required_for.length > 0 && !f.archived)) {
      const typeId = await incidentTypeIdOf(tx, teamId, type);
      const blocked = cleared.find((f) => !f.archived && typeId !== null && f.required_for.includes(typeId));
      if (blocked) throw badRequest(T.required(blocked.label, type));
    }
  }
  const changedLabels = fields
    .filter(
      (f) =>
        JSON.stringify(customFieldValueOf(stored, f.key) ?? null) !==
        JSON.stringify(customFieldValueOf(values, f.key) ?? null),
    )
    .map((f) => T.historyLabel(f.label));
  return { values, changedLabels };
}

/** The team's fields for an export of these incidents, with the names of the users their user fields hold. */
export async function customFieldsForExport(
  db: Db,
  teamId: number,
  incidents: readonly { custom_fields: CustomFieldValues }[],
): Promise<ExportCustomFields> {
  const fields = await teamCustomFieldList(db, teamId);
  const userKeys = fields.filter((f) => f.type === 'user').map((f) => f.key);
  const ids = incidents.flatMap((o) =>
    userKeys
      .map((key) => customFieldValueOf(o.custom_fields, key))
      .filter((v): v is number => typeof v === 'number'),
  );
  const names = await userNames(db, ids);
  return { fields, userName: (id) => names.get(id) };
}

// Custom field values of an incident on create and edit (decision 026): the sent values merged and checked by the
// common validator (server/lib/custom-fields), and the "required for this type" rule.
import {
  customFieldValueOf,
  type CustomFieldValues,
  type CustomFieldValuesInput,
  type CustomFieldView,
} from '../../../common/contracts/custom-fields';
import { CUSTOM_FIELD_TEXTS as T } from '../../../common/domain/custom-field-texts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  assertRequiredCustomFields,
  customFieldListQuery,
  incidentTypeIdOf,
  mergeCustomFieldValues,
  teamCustomFieldList,
  userNames,
} from '../../lib/custom-fields';
import { badRequest } from '../../lib/errors';
import { typeRowsQuery, type TypeRow } from '../../lib/incident-types';
import { rowsRead, runReads } from '../../lib/sql-rows';
import type { ExportCustomFields } from './export';
import type { OopsRow } from './mapper';

/** What the checks of an incident's type and custom values read of its team. */
export interface IncidentSetup {
  types: TypeRow[];
  fields: CustomFieldView[];
  /** With `newOopsId`: an id drawn for the incident a create is about to insert. */
  newOopsId?: number;
}

/**
 * The team's types and custom fields, read in one statement the first time a check asks for either, and not at
 * all when none does: a write's round trips are what it costs under load (decision 027). A create also draws its
 * incident's id with them (`newOopsId`), so that its event is known before its insert and written by the same
 * statement (outbox.ts, writeWithEvents).
 */
export function incidentSetupOf(
  tx: Db,
  teamId: number,
  { newOopsId = false } = {},
): () => Promise<IncidentSetup> {
  let read: Promise<IncidentSetup> | undefined;
  return () =>
    (read ??= runReads(
      tx,
      {
        types: rowsRead<TypeRow>(typeRowsQuery(teamId)),
        fields: rowsRead<CustomFieldView>(customFieldListQuery(teamId)),
        ...(newOopsId ? { newOopsId: { sql: sql`nextval(pg_get_serial_sequence('oops', 'id'))::int` } } : {}),
      },
      // Every write reads it first: planned once per connection, not each time (it planned in three times as long
      // as it ran).
      { prepared: true },
    ));
}

/**
 * The values of a new incident, and the fields required for its type. (An alert from monitoring carries no type,
 * so nothing is ever required of it.)
 */
export async function customValuesOnCreate(
  tx: Db,
  teamId: number,
  setup: () => Promise<IncidentSetup>,
  typeName: string | null | undefined,
  sent: CustomFieldValuesInput | undefined,
): Promise<CustomFieldValues> {
  const { fields } = await setup();
  const values = sent ? await mergeCustomFieldValues(tx, teamId, fields, {}, sent) : {};
  await assertRequiredCustomFields(tx, teamId, fields, typeName, values);
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
  setup: () => Promise<IncidentSetup>,
  row: OopsRow,
  sent: CustomFieldValuesInput | undefined,
  nextType: string | null | undefined,
): Promise<{ values: CustomFieldValues; changedLabels: string[] } | null> {
  const typeChanges = nextType !== undefined && nextType !== row.oopsType;
  if (sent === undefined && !typeChanges) return null;
  const { fields } = await setup();
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

// CSV import: preview and import (docs/decisions/023-csv-import.md). Every row is checked before anything is written;
// then all rows go in with batch inserts in one transaction, or none do. Statistics rollups, lessons and links follow
// by the oops table's triggers (migration 0007 and later), so rows inserted in bulk keep them exact.
import {
  IMPORT_TARGETS,
  importTargetLabel,
  type ImportError,
  type ImportPreview,
  type ImportTarget,
} from '../../../common/contracts/import';
import { IMPORT_LIMITS, IMPORT_TEXTS } from '../../../common/domain/import-texts';
import { MANAGER_ROLES } from '../../../common/domain/options';
import { SEVERE_USERS_AFFECTED_DEFAULT } from '../../../common/domain/oops-options';
import { suggestTags } from '../../../common/domain/tags';
import { memberships, oops, teamIncidentTypes, users } from '../../db/schema';
import { AUDIT, recordAudit } from '../../lib/audit';
import { forbidden } from '../../lib/errors';
import { emitEvents, eventActor } from '../../events/outbox';
import type { TeamActor } from '../../lib/actor';
import {
  completenessOf,
  loggedStatesAt,
  systemFieldChanges,
  toColumnValues,
  type Insert,
  type OopsContext,
} from '../oops';
import { checkMapping, parseCsv, previewRows, readRows, suggestMapping, type ImportRow } from './import';
import { knownTypes } from '../../lib/incident-types';
import { eq } from 'drizzle-orm';
import { teamCustomFieldList } from '../../lib/custom-fields';
import { customTarget, missingRequiredText, NO_CUSTOM_IMPORT, type CustomImport } from './import-custom';

/** Rows per insert statement: ~40 columns each stays far below PostgreSQL's 65,535 parameters. */
const INSERT_BATCH = 500;

interface ImportInput {
  csv: string;
  mapping?: (ImportTarget | null)[] | undefined;
  day_first: boolean;
}

/** Row problems that stop an import: the 400 lists them. */
export class ImportRowsError extends Error {
  constructor(
    readonly errors: ImportError[],
    readonly errorCount: number,
  ) {
    super(IMPORT_TEXTS.rowsInvalid(errorCount));
  }
}

function assertCanImport(actor: TeamActor): void {
  if (!MANAGER_ROLES.includes(actor.role)) throw forbidden(IMPORT_TEXTS.managersOnly);
}

/** The team's active custom fields and its members (a user field's cell names one by e-mail or name). */
async function customImportOf(db: OopsContext['db'], teamId: number): Promise<CustomImport> {
  const fields = (await teamCustomFieldList(db, teamId)).filter((f) => !f.archived);
  if (fields.length === 0) return NO_CUSTOM_IMPORT;
  const members = fields.some((f) => f.type === 'user')
    ? await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.teamId, teamId))
    : [];
  return { fields, members };
}

function readFile(input: ImportInput, custom: CustomImport) {
  const parsed = parseCsv(input.csv);
  const mapping = input.mapping ?? suggestMapping(parsed.columns, custom);
  checkMapping(parsed.columns, mapping, custom);
  return { parsed, mapping, ...readRows(parsed, mapping, input.day_first, custom) };
}

/** The file's columns, the suggested (or sent) mapping, its first rows mapped, and every row problem. */
export async function previewImport({ db, actor }: OopsContext, input: ImportInput): Promise<ImportPreview> {
  assertCanImport(actor);
  const custom = await customImportOf(db, actor.teamId);
  const { parsed, mapping, errors, errorCount } = readFile(input, custom);
  return {
    columns: parsed.columns,
    mapping,
    targets: [
      ...IMPORT_TARGETS.map((value) => ({ value, label: importTargetLabel(value) })),
      ...custom.fields.map((field) => ({ value: customTarget(field), label: field.label })),
    ],
    row_count: parsed.rows.length,
    rows: previewRows(parsed, mapping),
    errors,
    error_count: errorCount,
  };
}

const actorName = (actor: TeamActor) => actor.name || actor.email;

/** The columns of one row, as insertOops (service.ts) would set them, dated as the file says. */
function toInsert(
  actor: TeamActor,
  { fields, customFields, createdAt, resolvedAt }: ImportRow,
  now: Date,
): typeof oops.$inferInsert {
  const { status: sent, repeat_of: _repeatOf, ...rest } = fields;
  const values = toColumnValues(rest);
  if (!values.tags?.length) values.tags = suggestTags(fields.title, values.description ?? '');
  if ((fields.severity === 'High' || fields.severity === 'Critical') && !values.usersAffected) {
    values.usersAffected = SEVERE_USERS_AFFECTED_DEFAULT;
  }
  // A row with a resolution date and no status was closed.
  const status = sent ?? (resolvedAt ? 'Closed' : 'Open');
  const at = createdAt ?? now;
  const system = systemFieldChanges(
    {},
    { ...values, status },
    actorName(actor),
    loggedStatesAt(at, resolvedAt),
  );
  const row: Insert = {
    ...values,
    ...system,
    teamId: actor.teamId,
    createdById: actor.userId,
    status,
    createdAt: at,
    updatedAt: now,
    title: fields.title,
    severity: fields.severity,
    description: values.description!,
    slug: system.slug!,
    customFields,
  };
  if (status === 'Closed') row.resolvedAt = resolvedAt ?? at;
  return { ...row, completeness: completenessOf(row) };
}

/**
 * The contract takes any type name (decision 025): each row's type must be one of the team's, archived ones
 * included (history may carry them); a name in another case is stored in the team's spelling.
 */
async function checkImportTypes(
  db: OopsContext['db'],
  teamId: number,
  rows: ImportRow[],
  columns: string[],
  mapping: (ImportTarget | null)[],
): Promise<ImportError[]> {
  const known = await knownTypes(db, teamId);
  const i = mapping.indexOf('oops_type');
  const errors: ImportError[] = [];
  for (const row of rows) {
    const type = row.fields.oops_type;
    if (!type) continue;
    const name = known.get(type.toLowerCase());
    if (name) row.fields.oops_type = name;
    else
      errors.push({
        line: row.line,
        column: i === -1 ? null : i + 1,
        column_name: i === -1 ? null : columns[i]!,
        field: 'oops_type',
        message: `Incident Type must be one of: ${[...new Set(known.values())].join(', ')}.`,
      });
  }
  return errors;
}

/**
 * A custom field required for a row's type must have a value in that row (decision 026), as on the log call. Runs
 * after checkImportTypes, so each type is in the team's spelling.
 */
async function checkImportRequired(
  db: OopsContext['db'],
  teamId: number,
  rows: ImportRow[],
  columns: string[],
  mapping: (ImportTarget | null)[],
  custom: CustomImport,
): Promise<ImportError[]> {
  if (!custom.fields.some((f) => f.required_for.length > 0)) return [];
  const types = await db
    .select({ id: teamIncidentTypes.id, name: teamIncidentTypes.name })
    .from(teamIncidentTypes)
    .where(eq(teamIncidentTypes.teamId, teamId));
  const idOf = new Map(types.map((t) => [t.name.toLowerCase(), t.id]));
  const errors: ImportError[] = [];
  for (const row of rows) {
    const type = row.fields.oops_type;
    if (!type) continue;
    const missing = missingRequiredText(custom.fields, idOf.get(type.toLowerCase()), type, row.customFields);
    if (!missing) continue;
    const i = mapping.indexOf(customTarget(missing.field));
    errors.push({
      line: row.line,
      column: i === -1 ? null : i + 1,
      column_name: i === -1 ? null : columns[i]!,
      field: customTarget(missing.field),
      message: missing.message,
    });
  }
  return errors;
}

/** Imports every row of the file in one transaction, or none when any row has a problem (ImportRowsError). */
export async function importOops(
  { db, actor }: OopsContext,
  input: ImportInput,
  ip: string,
): Promise<{ imported: number }> {
  assertCanImport(actor);
  const custom = await customImportOf(db, actor.teamId);
  const { rows, errors, errorCount, parsed, mapping } = readFile(input, custom);
  const typeErrors = await checkImportTypes(db, actor.teamId, rows, parsed.columns, mapping);
  typeErrors.push(...(await checkImportRequired(db, actor.teamId, rows, parsed.columns, mapping, custom)));
  if (errorCount + typeErrors.length > 0) {
    const listed = [...errors, ...typeErrors].slice(0, IMPORT_LIMITS.maxErrors);
    throw new ImportRowsError(listed, errorCount + typeErrors.length);
  }
  const now = new Date();
  const values = rows.map((row) => toInsert(actor, row, now));
  await db.transaction(async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < values.length; i += INSERT_BATCH) {
      const inserted = await tx
        .insert(oops)
        .values(values.slice(i, i + INSERT_BATCH))
        .returning({ id: oops.id });
      ids.push(...inserted.map((r) => r.id));
    }
    // One event for the file: caches and live dashboards refresh once, webhooks get one summary, not 10,000 calls.
    await emitEvents(tx, {
      type: 'oops.imported',
      teamId: actor.teamId,
      payload: {
        actor: eventActor(actor),
        import: { count: ids.length, first_id: Math.min(...ids), last_id: Math.max(...ids) },
      },
    });
    await recordAudit(tx, {
      action: AUDIT.oopsImported,
      actorId: actor.userId,
      teamId: actor.teamId,
      ip,
      details: { count: ids.length },
    });
  });
  return { imported: rows.length };
}

// Contracts of the CSV import (docs/decisions/023-csv-import.md): a preview and the import itself
// take the same body; the rows are checked with the log call's own contract (createOopsBody in ./oops).
import { z } from 'zod';
import { fieldLabel, fieldsWhere, type OopsFieldName } from '../domain/oops-fields';
import { IMPORT_LIMITS, IMPORT_TEXTS } from '../domain/import-texts';
import { CUSTOM_FIELD_IMPORT_PREFIX } from '../domain/custom-field-limits';

/** Fields an import fills that the log call does not take: the file's own dates of logging and resolution. */
export const IMPORT_EXTRA_TARGETS = ['created_at', 'resolved_at'] as const;
const EXTRA_LABELS: Record<(typeof IMPORT_EXTRA_TARGETS)[number], string> = {
  created_at: 'Logged at',
  resolved_at: 'Resolved at',
};
/**
 * Built-in fields a column may fill: what the log call takes, less what a row cannot say (links to other incidents,
 * the timeline's events) and the second name of the description. The team's custom fields join as `custom:<key>`.
 */
export const IMPORT_FIELD_TARGETS = fieldsWhere(
  (spec, name) => !spec.notOnCreate && !spec.sameAs && name !== 'department' && name !== 'related_incidents',
) as Exclude<OopsFieldName, 'what_happened' | 'department' | 'related_incidents' | 'timeline_events'>[];
export const IMPORT_TARGETS = [...IMPORT_FIELD_TARGETS, ...IMPORT_EXTRA_TARGETS] as const;
export type BuiltInImportTarget = (typeof IMPORT_TARGETS)[number];
/** A custom field of the team (decision 026); the server checks that the key is one of its active fields. */
export type CustomImportTarget = `custom:${string}`;
export type ImportTarget = BuiltInImportTarget | CustomImportTarget;

export const isCustomImportTarget = (target: string): target is CustomImportTarget =>
  target.startsWith(CUSTOM_FIELD_IMPORT_PREFIX);

/**
 * A target's label. A custom field's label is the team's (the preview's `targets` carry it); without it, the key.
 */
export function importTargetLabel(target: ImportTarget): string {
  if (isCustomImportTarget(target)) return target.slice(CUSTOM_FIELD_IMPORT_PREFIX.length);
  return target === 'created_at' || target === 'resolved_at' ? EXTRA_LABELS[target] : fieldLabel(target);
}

const UNKNOWN_TARGET = IMPORT_TEXTS.unknownTarget;
export const importTargetSchema = z.union(
  [
    z.enum(IMPORT_TARGETS, { error: UNKNOWN_TARGET }),
    z.templateLiteral([CUSTOM_FIELD_IMPORT_PREFIX, z.string().regex(/^[a-z][a-z0-9_]{0,39}$/)], {
      error: UNKNOWN_TARGET,
    }),
  ],
  { error: UNKNOWN_TARGET },
);

/** POST /api/oops/import/preview and POST /api/oops/import. */
export const importBody = z.strictObject({
  /** The file's text (UTF-8; a byte-order mark is skipped). */
  csv: z
    .string({ error: 'Send the file as text in csv.' })
    .max(IMPORT_LIMITS.maxBytes, IMPORT_TEXTS.tooLarge),
  /** One entry per column of the file, in order: the field it fills, or null to ignore it. Omitted: suggested. */
  mapping: z.array(importTargetSchema.nullable()).max(IMPORT_LIMITS.maxColumns).optional(),
  /** How to read 03/04/2026: day first (3 April) when true, month first (March 4) otherwise. */
  day_first: z.boolean().default(false),
});
export type ImportBody = z.input<typeof importBody>;

/** A problem with one cell or row: the file's line (1 is the header) and column (1-based, with its header). */
export const importErrorSchema = z.object({
  line: z.number(),
  column: z.number().nullable(),
  column_name: z.string().nullable(),
  field: z.string().nullable(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importPreviewResponse = z.object({
  columns: z.array(z.string()),
  mapping: z.array(importTargetSchema.nullable()),
  targets: z.array(z.object({ value: importTargetSchema, label: z.string() })),
  row_count: z.number(),
  /** The first rows as the mapping reads them: line, and the cell of each mapped column by field. */
  rows: z.array(z.object({ line: z.number(), values: z.record(z.string(), z.string()) })),
  errors: z.array(importErrorSchema),
  error_count: z.number(),
});
export type ImportPreview = z.infer<typeof importPreviewResponse>;

export const importResultResponse = z.object({ imported: z.number() });
export type ImportResult = z.infer<typeof importResultResponse>;

/** A 400 of the import: the message, and every row problem found (up to the cap; the count is exact). */
export const importErrorBody = z.object({
  error: z.string(),
  code: z.string().optional(),
  errors: z.array(importErrorSchema).optional(),
  error_count: z.number().optional(),
});

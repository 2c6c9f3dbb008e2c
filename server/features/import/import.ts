// CSV import, the part without a database (docs/decisions/023-csv-import.md): parse the file with csv-parse, suggest
// a mapping from the headers, and turn each row into what the log call takes, checked by the log call's own contract
// (createOopsBody), so imported incidents obey the same rules as logged ones. Errors name the file's line and column.
import { CsvError, parse } from 'csv-parse/sync';
import {
  IMPORT_TARGETS,
  importTargetLabel,
  isCustomImportTarget,
  type BuiltInImportTarget,
  type ImportError,
  type ImportTarget,
} from '../../../common/contracts/import';
import { createOopsBody, type CreateOopsBody } from '../../../common/contracts/oops';
import { IMPORT_LIMITS, IMPORT_TEXTS } from '../../../common/domain/import-texts';
import { fieldOptions, fieldSpec, type OopsFieldName } from '../../../common/domain/oops-fields';
import { badRequest } from '../../lib/errors';
import { parseImportDate } from './import-dates';
import {
  customCellValue,
  customTargetOfHeader,
  fieldOfTarget,
  NO_CUSTOM_IMPORT,
  type CustomImport,
} from './import-custom';
import type { CustomFieldValues } from '../../../common/contracts/custom-fields';

/** A file as parsed: its header and its rows with the line each starts on. */
export interface ParsedCsv {
  columns: string[];
  rows: { line: number; cells: string[] }[];
}

/** A fatal problem with the file as a whole (not CSV, empty, too big): a 400 carrying the line and column. */
export class ImportFileError extends Error {
  constructor(
    message: string,
    readonly errors: ImportError[] = [],
  ) {
    super(message);
  }
}

export function parseCsv(text: string): ParsedCsv {
  let records: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      raw: true,
      // Spreadsheets drop trailing empty cells; too many cells is checked per row below, with its line.
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: IMPORT_LIMITS.maxBytes,
      to: IMPORT_LIMITS.maxRows + 2,
    }) as unknown as typeof records;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const { lines, column } = error as CsvError & { lines?: number; column?: number };
    throw new ImportFileError(IMPORT_TEXTS.parse(error.message), [
      {
        line: lines ?? 0,
        column: typeof column === 'number' ? column + 1 : null,
        column_name: null,
        field: null,
        message: error.message,
      },
    ]);
  }
  const [header, ...body] = records;
  if (!header || body.length === 0) throw new ImportFileError(IMPORT_TEXTS.empty);
  if (body.length > IMPORT_LIMITS.maxRows)
    throw new ImportFileError(IMPORT_TEXTS.tooManyRows(IMPORT_LIMITS.maxRows));
  if (header.record.length > IMPORT_LIMITS.maxColumns) {
    throw new ImportFileError(IMPORT_TEXTS.tooManyColumns(IMPORT_LIMITS.maxColumns));
  }
  // A record ends on info.lines; it started as many lines earlier as it holds line breaks.
  const startLine = (r: (typeof records)[number]) =>
    r.info.lines - (r.raw.replace(/[\r\n]+$/, '').match(/\n/g)?.length ?? 0);
  return {
    columns: header.record.map((c) => c.trim()),
    rows: body.map((r) => ({ line: startLine(r), cells: r.record })),
  };
}

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
/** Header names other than a target's own name and label that mean it (the export's headers are the names). */
const SYNONYMS: Partial<Record<ImportTarget, string[]>> = {
  description: ['what_happened', 'what happened', 'summary', 'details'],
  oops_type: ['type', 'incident type', 'oops type', 'category'],
  area_department: ['department', 'area', 'team area'],
  created_at: ['created', 'logged', 'logged at', 'created at', 'date logged'],
  occurred_at: ['occurred', 'occurred at', 'date', 'when', 'incident date'],
  resolved_at: ['resolved', 'closed at', 'resolved at', 'date resolved'],
  downtime_hours: ['downtime', 'downtime hours'],
  owner_name: ['owner'],
};
const NAMES = new Map<string, ImportTarget>();
for (const target of IMPORT_TARGETS) {
  for (const name of [target, importTargetLabel(target), ...(SYNONYMS[target] ?? [])]) {
    if (!NAMES.has(squash(name))) NAMES.set(squash(name), target);
  }
}

/**
 * A field for each column whose header names one (case, spaces and punctuation aside), else a custom field whose
 * label or key it is (in any case); each field once.
 */
export function suggestMapping(
  columns: string[],
  custom: CustomImport = NO_CUSTOM_IMPORT,
): (ImportTarget | null)[] {
  const taken = new Set<ImportTarget>();
  return columns.map((column) => {
    // A custom field labelled like a built-in one still gets its column when the built-in is already mapped.
    const target = [NAMES.get(squash(column)), customTargetOfHeader(custom, column)].find(
      (t) => t !== undefined && !taken.has(t),
    );
    if (!target) return null;
    taken.add(target);
    return target;
  });
}

/**
 * Checks a sent mapping against the file: one entry per column, each field at most once, custom fields only of the
 * team's active ones.
 */
export function checkMapping(
  columns: string[],
  mapping: (ImportTarget | null)[],
  custom: CustomImport = NO_CUSTOM_IMPORT,
): void {
  if (mapping.length !== columns.length) throw badRequest(IMPORT_TEXTS.mappingLength);
  const seen = new Set<ImportTarget>();
  for (const target of mapping) {
    if (target === null) continue;
    const field = fieldOfTarget(custom, target);
    if (isCustomImportTarget(target) && !field) throw badRequest(IMPORT_TEXTS.unknownTarget);
    if (seen.has(target)) {
      throw badRequest(IMPORT_TEXTS.mappedTwice(field ? field.label : importTargetLabel(target)));
    }
    seen.add(target);
  }
}

/** A row ready to insert: the log call's fields, and the file's own dates of logging and resolution. */
export interface ImportRow {
  line: number;
  fields: CreateOopsBody;
  /** The row's custom field values (decision 026), checked by the common validator. */
  customFields: CustomFieldValues;
  createdAt: Date | null;
  resolvedAt: Date | null;
}

const BOOLEANS: Record<string, boolean> = {
  yes: true,
  y: true,
  true: true,
  '1': true,
  no: false,
  n: false,
  false: false,
  '0': false,
};

/** A choice cell as the option it names: its value or label in any case, or an alias; else the cell (the contract refuses it). */
function choiceValue(name: OopsFieldName, cell: string): string {
  const lower = cell.toLowerCase();
  const option = fieldOptions(name).find(
    (o) => o.value.toLowerCase() === lower || o.label.toLowerCase() === lower,
  );
  if (option) return option.value;
  const aliases = fieldSpec(name).aliases ?? {};
  const alias = Object.keys(aliases).find((a) => a.toLowerCase() === lower);
  return alias ? aliases[alias]! : cell;
}

type CellResult = { value: unknown } | { error: string };

function cellValue(
  target: Exclude<BuiltInImportTarget, 'created_at' | 'resolved_at'>,
  cell: string,
  dayFirst: boolean,
): CellResult {
  const spec = fieldSpec(target);
  switch (spec.kind) {
    case 'choice':
      return { value: choiceValue(target, cell) };
    case 'number':
    case 'rating': {
      const n = Number(cell.replace(',', '.'));
      if (!Number.isFinite(n)) return { error: IMPORT_TEXTS.badNumber(spec.label) };
      return { value: n };
    }
    case 'boolean': {
      const b = BOOLEANS[cell.toLowerCase()];
      return b === undefined ? { error: IMPORT_TEXTS.badBoolean(spec.label) } : { value: b };
    }
    case 'tags':
    case 'list':
      // The export joins tags with spaces; files from elsewhere often use commas or semicolons.
      return { value: cell.split(/[\s,;]+/).filter(Boolean) };
    case 'datetime': {
      const date = parseImportDate(cell, dayFirst);
      return date ? { value: date.toISOString() } : { error: IMPORT_TEXTS.badDate(spec.label) };
    }
    default:
      // Text as written: a cell like =HYPERLINK(…) is stored as this text; the CSV export escapes it again.
      return { value: cell };
  }
}

/** Reads every row through the mapping: the rows ready to insert, and every problem with its line and column. */
export function readRows(
  parsed: ParsedCsv,
  mapping: (ImportTarget | null)[],
  dayFirst: boolean,
  custom: CustomImport = NO_CUSTOM_IMPORT,
): { rows: ImportRow[]; errors: ImportError[]; errorCount: number } {
  const columnOf = new Map<string, number>();
  mapping.forEach((target, i) => target && columnOf.set(target, i));
  const at = (line: number, field: string | null, message: string): ImportError => {
    const i = field === null ? undefined : columnOf.get(field === 'what_happened' ? 'description' : field);
    return {
      line,
      column: i === undefined ? null : i + 1,
      column_name: i === undefined ? null : parsed.columns[i]!,
      field,
      message,
    };
  };
  const rows: ImportRow[] = [];
  const errors: ImportError[] = [];
  let errorCount = 0;
  const report = (error: ImportError) => {
    errorCount += 1;
    if (errors.length < IMPORT_LIMITS.maxErrors) errors.push(error);
  };
  for (const { line, cells } of parsed.rows) {
    if (cells.length > parsed.columns.length) {
      report({
        line,
        column: parsed.columns.length + 1,
        column_name: null,
        field: null,
        message: `This row has ${cells.length} cells; the header has ${parsed.columns.length}.`,
      });
      continue;
    }
    const fields: Record<string, unknown> = {};
    const customFields: CustomFieldValues = {};
    const dates: Record<string, Date | null> = { created_at: null, resolved_at: null };
    let bad = false;
    mapping.forEach((target, i) => {
      const cell = (cells[i] ?? '').trim();
      if (!target || cell === '') return;
      const customField = fieldOfTarget(custom, target);
      if (customField) {
        const result = customCellValue(customField, cell, dayFirst, custom);
        if ('error' in result) {
          report(at(line, target, result.error));
          bad = true;
        } else if (result.value !== null) customFields[customField.key] = result.value;
        return;
      }
      if (isCustomImportTarget(target)) return;
      if (target === 'created_at' || target === 'resolved_at') {
        dates[target] = parseImportDate(cell, dayFirst);
        if (!dates[target]) {
          report(at(line, target, IMPORT_TEXTS.badDate(importTargetLabel(target))));
          bad = true;
        }
        return;
      }
      const result = cellValue(target, cell, dayFirst);
      if ('error' in result) {
        report(at(line, target, result.error));
        bad = true;
      } else fields[target] = result.value;
    });
    const checked = createOopsBody.safeParse(fields);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        report(at(line, typeof field === 'string' ? field : null, issue.message));
      }
      continue;
    }
    if (!bad)
      rows.push({
        line,
        fields: checked.data,
        customFields,
        createdAt: dates.created_at ?? null,
        resolvedAt: dates.resolved_at ?? null,
      });
  }
  return { rows, errors, errorCount };
}

/** The first rows as the mapping reads them, for the preview: each mapped field's cell. */
export function previewRows(parsed: ParsedCsv, mapping: (ImportTarget | null)[]) {
  return parsed.rows.slice(0, IMPORT_LIMITS.previewRows).map(({ line, cells }) => ({
    line,
    values: Object.fromEntries(mapping.flatMap((target, i) => (target ? [[target, cells[i] ?? '']] : []))),
  }));
}

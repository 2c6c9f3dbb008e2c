// CSV import of past incidents (docs/decisions/023-csv-import.md): limits and texts, one source
// for the server and the web.

/** The largest CSV an import takes: the body limit of the import calls and the row cap. */
export const IMPORT_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxRows: 10_000,
  /** Rows shown mapped in a preview. */
  previewRows: 10,
  /** Row errors returned at most (the total is always given). */
  maxErrors: 200,
  /** Columns a file may have. */
  maxColumns: 100,
} as const;

export const IMPORT_TEXTS = {
  pageTitle: 'Import incidents from CSV',
  intro:
    'Bring past incidents from a spreadsheet. Pick a CSV file, check how its columns map to incident fields, then import. Either every row is imported or none is.',
  templateLink: 'Download the template CSV',
  fileLabel: 'CSV file',
  dayFirstLabel: 'Dates like 03/04/2026 are day first (3 April)',
  dayFirstHelp: 'Otherwise they are read month first (March 4). ISO dates (2026-04-03) are always clear.',
  mappingTitle: 'Columns',
  ignore: 'Ignore this column',
  previewTitle: 'Preview',
  errorsTitle: 'Problems to fix',
  noRows: 'The file has no rows to import.',
  importButton: (n: number) => `Import ${n} ${n === 1 ? 'incident' : 'incidents'}`,
  imported: (n: number) => `Imported ${n} ${n === 1 ? 'incident' : 'incidents'}.`,
  toList: 'See them in the incident list',
  managersOnly: 'Only team owners and admins can import incidents.',
  empty: 'The file is empty: it needs a header row and at least one row.',
  tooManyRows: (max: number) =>
    `The file has more than ${max.toLocaleString('en')} rows; split it into smaller files.`,
  tooManyColumns: (max: number) => `The file has more than ${max} columns.`,
  tooLarge: 'The file is larger than 5 MB; split it into smaller files.',
  mappingLength: 'The mapping must name a field (or null to ignore) for each column of the file.',
  unknownTarget: 'Unknown field in the mapping.',
  mappedTwice: (field: string) => `Two columns are mapped to ${field}; map one.`,
  rowsInvalid: (n: number) =>
    `${n} ${n === 1 ? 'problem was' : 'problems were'} found; nothing was imported. Fix the file and try again.`,
  parse: (message: string) => `The file is not valid CSV: ${message}`,
  badNumber: (label: string) => `${label} must be a number.`,
  badRating: (label: string) => `${label} must be a whole number from 1 to 5.`,
  badBoolean: (label: string) => `${label} must be yes or no.`,
  badDate: (label: string) =>
    `${label} is not a date this import reads: use 2026-04-03, 2026-04-03T09:30:00Z or 03/04/2026.`,
  errorAt: (line: number, column: string | null) =>
    column ? `Line ${line}, column ${column}` : `Line ${line}`,
} as const;

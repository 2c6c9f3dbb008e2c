// Dates in an imported CSV (docs/decisions/023-csv-import.md): ISO 8601 (with or without a time and offset),
// YYYY/MM/DD, and DD/MM/YYYY or MM/DD/YYYY (slashes, dots or dashes) as the import's day_first option says, each
// with an optional HH:MM[:SS] time. Times without an offset are read as UTC, so a file reads the same on any server.

const ISO_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const YMD = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const DMY = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:[T ,]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

function utc(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): Date | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // 31/02 rolls over into March in Date.UTC: refuse it instead.
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date : null;
}

const num = (v: string | undefined) => (v === undefined ? 0 : Number(v));

/** The instant a cell names, or null when it is not a date this import reads. */
export function parseImportDate(cell: string, dayFirst: boolean): Date | null {
  const text = cell.trim();
  if (ISO_OFFSET.test(text)) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? null : new Date(ms);
  }
  const ymd = YMD.exec(text);
  if (ymd) return utc(num(ymd[1]), num(ymd[2]), num(ymd[3]), num(ymd[4]), num(ymd[5]), num(ymd[6]));
  const dmy = DMY.exec(text);
  if (dmy) {
    const [a, b] = [num(dmy[1]), num(dmy[2])];
    const [day, month] = dayFirst ? [a, b] : [b, a];
    return utc(num(dmy[3]), month, day, num(dmy[4]), num(dmy[5]), num(dmy[6]));
  }
  return null;
}

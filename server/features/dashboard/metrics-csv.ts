// The team's learning metrics as CSV: the executive report's figures for its period, one per row, for people who
// chart them elsewhere (a spreadsheet, a BI tool). Built from the report's own answer so the two never disagree.
import type { OopsStats } from '../../../common/contracts/stats';
import { DAY_MS } from '../../../common/domain/dashboard';
import { csvCell } from '../oops';

/** Parts of the report that are lists or sentences rather than figures. */
const NOT_FIGURES = new Set<keyof OopsStats>(['repeat_chains', 'recommendations']);

type Figure = number | string | boolean | null;

/** `metric,value` rows: nested figures get a dotted name (`severity_breakdown.High`); an absent figure is empty. */
export function metricsRows(stats: OopsStats): [string, Figure][] {
  const rows: [string, Figure][] = [];
  const add = (name: string, value: unknown) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) add(`${name}.${key}`, inner);
    } else if (!Array.isArray(value)) {
      rows.push([name, (value ?? null) as Figure]);
    }
  };
  for (const [key, value] of Object.entries(stats)) {
    if (!NOT_FIGURES.has(key as keyof OopsStats)) add(key, value);
  }
  return rows;
}

/** RFC 4180 CSV with a header; numbers as they are (a negative figure must stay a number). */
export function metricsCsv(stats: OopsStats, periodEnd: Date): string {
  const start = new Date(periodEnd.getTime() - stats.period_days * DAY_MS);
  const rows: [string, Figure][] = [
    ['period_start', start.toISOString()],
    ['period_end', periodEnd.toISOString()],
    ...metricsRows(stats),
  ];
  const cell = (value: Figure) => (typeof value === 'number' ? String(value) : csvCell(value));
  return (
    ['metric,value', ...rows.map(([name, value]) => `${csvCell(name)},${cell(value)}`)].join('\r\n') + '\r\n'
  );
}

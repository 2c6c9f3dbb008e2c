// The date formats an import reads (decision 023); pure, but beside its code in the api project.
import { describe, expect, it } from 'vitest';
import { parseImportDate } from './import-dates';

const iso = (cell: string, dayFirst = false) => parseImportDate(cell, dayFirst)?.toISOString() ?? null;

describe('parseImportDate', () => {
  it('reads ISO 8601 with an offset, and dates and times without one as UTC', () => {
    expect(iso('2026-04-03T09:30:00+02:00')).toBe('2026-04-03T07:30:00.000Z');
    expect(iso('2026-04-03T09:30Z')).toBe('2026-04-03T09:30:00.000Z');
    expect(iso('2026-04-03')).toBe('2026-04-03T00:00:00.000Z');
    expect(iso('2026-04-03 09:30')).toBe('2026-04-03T09:30:00.000Z');
    expect(iso('2026/4/3')).toBe('2026-04-03T00:00:00.000Z');
  });

  it('reads NN/NN/YYYY month first unless day first is chosen, never guessing per row', () => {
    expect(iso('03/04/2026')).toBe('2026-03-04T00:00:00.000Z');
    expect(iso('03/04/2026', true)).toBe('2026-04-03T00:00:00.000Z');
    expect(iso('03.04.2026 18:05:09', true)).toBe('2026-04-03T18:05:09.000Z');
    expect(iso('14/03/2026')).toBeNull();
    expect(iso('14/03/2026', true)).toBe('2026-03-14T00:00:00.000Z');
  });

  it('refuses impossible and unknown dates', () => {
    for (const cell of [
      '31/02/2026',
      '2026-02-30',
      '2026-13-01',
      '2026-01-01 25:00',
      'yesterday',
      '',
      '44927',
    ]) {
      expect(iso(cell, true), cell).toBeNull();
    }
  });
});

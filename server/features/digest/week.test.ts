// The digest's week in a team's zone: ISO week, the Monday 09:00 local start and the reported week, across zones far
// from UTC and a daylight-saving change.
import { describe, expect, it } from 'vitest';
import { digestWeek } from './week';

describe('digestWeek', () => {
  it('Pacific/Auckland: Monday 09:00 local is Sunday 20:00 UTC (NZDT, +13)', () => {
    // 2026-11-29 20:00 UTC = Monday 2026-11-30 09:00 NZDT.
    const before = digestWeek(new Date('2026-11-29T19:59:00Z'), 'Pacific/Auckland');
    const at = digestWeek(new Date('2026-11-29T20:00:00Z'), 'Pacific/Auckland');
    expect(before).toMatchObject({ week: '2026-W49', due: false });
    expect(at).toMatchObject({ week: '2026-W49', due: true, firstDay: '2026-11-23', lastDay: '2026-11-29' });
    expect(at.sendFrom.toISOString()).toBe('2026-11-29T20:00:00.000Z');
    expect(at.periodStart.toISOString()).toBe('2026-11-22T11:00:00.000Z');
    expect(at.periodEnd.toISOString()).toBe('2026-11-29T11:00:00.000Z');
    // Still UTC's Sunday, so UTC's week is the one before.
    expect(digestWeek(new Date('2026-11-29T20:00:00Z'), 'UTC')).toMatchObject({
      week: '2026-W48',
      due: true,
    });
  });

  it('America/Los_Angeles: Monday 09:00 local is 17:00 UTC (PST, -8); due all week after it', () => {
    expect(digestWeek(new Date('2026-11-30T16:59:00Z'), 'America/Los_Angeles')).toMatchObject({
      week: '2026-W49',
      due: false,
    });
    const at = digestWeek(new Date('2026-11-30T17:00:00Z'), 'America/Los_Angeles');
    expect(at).toMatchObject({ week: '2026-W49', due: true, lastDay: '2026-11-29' });
    expect(at.periodEnd.toISOString()).toBe('2026-11-30T08:00:00.000Z');
    // Sunday night local is still W49 and still due (a late retry), Monday 00:00 local starts W50, not yet due.
    expect(digestWeek(new Date('2026-12-07T07:59:00Z'), 'America/Los_Angeles')).toMatchObject({
      week: '2026-W49',
      due: true,
    });
    expect(digestWeek(new Date('2026-12-07T08:00:00Z'), 'America/Los_Angeles')).toMatchObject({
      week: '2026-W50',
      due: false,
    });
  });

  it('follows daylight saving: the week after Europe/Berlin moves to summer time starts an hour earlier in UTC', () => {
    // Clocks go forward on Sunday 2026-03-29: Monday 03-30 09:00 CEST is 07:00 UTC, and that week began at 23:00 UTC
    // on 03-22 (CET, +1) while the reported week ends at 22:00 UTC on 03-29 (CEST, +2).
    const at = digestWeek(new Date('2026-03-30T07:00:00Z'), 'Europe/Berlin');
    expect(at).toMatchObject({ week: '2026-W14', due: true });
    expect(at.sendFrom.toISOString()).toBe('2026-03-30T07:00:00.000Z');
    expect(at.periodStart.toISOString()).toBe('2026-03-22T23:00:00.000Z');
    expect(at.periodEnd.toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('names ISO weeks across a year end', () => {
    expect(digestWeek(new Date('2027-01-01T12:00:00Z'), 'UTC').week).toBe('2026-W53');
    expect(digestWeek(new Date('2026-01-01T12:00:00Z'), 'UTC').week).toBe('2026-W01');
  });
});

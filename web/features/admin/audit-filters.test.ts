import { describe, expect, it } from 'vitest';
import { auditFiltersToParams, detailsText, EMPTY_AUDIT_FILTERS } from './audit-filters';

describe('auditFiltersToParams', () => {
  it('filters nothing when the form is empty', () => {
    expect(auditFiltersToParams(EMPTY_AUDIT_FILTERS)).toEqual({
      ok: true,
      filters: { action: undefined, actorId: undefined, teamId: undefined, from: undefined, to: undefined },
    });
  });

  it('turns ids into numbers and local days into the start and end of those days', () => {
    const result = auditFiltersToParams({
      action: 'auth.login_failed',
      actorId: ' 12 ',
      teamId: '7',
      from: '2026-03-01',
      to: '2026-03-02',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.filters).toMatchObject({ action: 'auth.login_failed', actorId: 12, teamId: 7 });
    expect(result.filters.from).toBe(new Date(2026, 2, 1, 0, 0, 0, 0).toISOString());
    expect(result.filters.to).toBe(new Date(2026, 2, 2, 23, 59, 59, 999).toISOString());
  });

  it('explains ids that are not whole numbers and a range that ends before it starts', () => {
    const result = auditFiltersToParams({
      ...EMPTY_AUDIT_FILTERS,
      actorId: 'abc',
      teamId: '-1',
      from: '2026-03-05',
      to: '2026-03-01',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        actorId: 'Enter a user ID (a whole number).',
        teamId: 'Enter a team ID (a whole number).',
        to: 'The end date must not be before the start date.',
      },
    });
  });
});

describe('detailsText', () => {
  it('lists details as key: value', () => {
    expect(detailsText(null)).toBe('');
    expect(detailsText({ role: 'admin', count: 2 })).toBe('role: admin, count: 2');
  });
});

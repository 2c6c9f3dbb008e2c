import { describe, expect, it } from 'vitest';
import { COMPLETENESS_WEIGHTS, completenessLevel, completenessPercent, fieldCounts } from './completeness';
import { averageImpact, impactPoints } from './impact';
import { OOPS_FORM_DEFAULTS } from './oops-fields';
import {
  INCIDENT_TYPES,
  SEVERE_USERS_AFFECTED_DEFAULT,
  SYSTEMS_IMPACTED,
  USERS_AFFECTED,
  DETECTION_METHODS,
} from './oops-options';
import { normaliseTags, parseIdSlug, slugify, suggestTags } from './tags';
import { INCIDENT_TEMPLATES } from './templates';

describe('completeness (docs/product.md §5)', () => {
  it('uses the spec weights', () => {
    expect(COMPLETENESS_WEIGHTS).toEqual({
      title: 15,
      what_happened: 15,
      severity: 10,
      oops_type: 10,
      users_affected: 10,
      detection_method: 8,
      impact: 8,
      root_cause: 8,
      lesson_learned: 8,
      area_department: 5,
      preventability: 3,
      learning_value: 3,
      process_clarity: 3,
      related_incidents: 2,
      tags: 1,
    });
  });

  it('counts non-empty, non-zero and non-empty-list values only', () => {
    expect([
      fieldCounts(''),
      fieldCounts('  '),
      fieldCounts(0),
      fieldCounts([]),
      fieldCounts(null),
      fieldCounts(undefined),
    ]).toEqual([false, false, false, false, false, false]);
    expect([fieldCounts('x'), fieldCounts(3), fieldCounts(['a'])]).toEqual([true, true, true]);
  });

  it('is the rounded share of the total weight (109)', () => {
    expect(completenessPercent({})).toBe(0);
    expect(completenessPercent({ title: 'a', what_happened: 'b', severity: 'High' })).toBe(
      Math.round((40 / 109) * 100),
    );
    expect(completenessPercent({ tags: ['x'] })).toBe(1);
    const all = Object.fromEntries(
      Object.keys(COMPLETENESS_WEIGHTS).map((k) => [
        k,
        k === 'tags' || k === 'related_incidents' ? ['x'] : 'x',
      ]),
    );
    expect(completenessPercent(all)).toBe(100);
  });

  it.each([
    [100, 'Complete', 'green'],
    [90, 'Complete', 'green'],
    [89, 'Good', 'blue'],
    [75, 'Good', 'blue'],
    [74, 'Fair', 'yellow'],
    [60, 'Fair', 'yellow'],
    [59, 'Poor', 'orange'],
    [40, 'Poor', 'orange'],
    [39, 'Very Poor', 'red'],
    [0, 'Very Poor', 'red'],
  ])('%i%% is %s (%s)', (percent, label, color) => {
    expect(completenessLevel(percent)).toEqual({ label, color });
  });
});

describe('impact points', () => {
  it('scores by severity, case-insensitively, with unknown as 1', () => {
    expect(['Critical', 'high', 'MEDIUM', 'Low', 'whatever', null].map(impactPoints)).toEqual([
      7, 5, 3, 2, 1, 1,
    ]);
  });
  it('averages one of each of critical, high, medium and low to 4.25', () => {
    expect(averageImpact(['Critical', 'High', 'Medium', 'Low'])).toBe(4.25);
    expect(averageImpact([])).toBeNull();
  });
});

describe('tags', () => {
  it('suggests at most 3 tags from keywords, in quick-tag order', () => {
    expect(suggestTags('Login page down', 'Users saw a blank page')).toEqual(['outage', 'frontend']);
    expect(suggestTags('Security breach', 'slow deploy to the api server')).toEqual([
      'security',
      'performance',
      'deployment',
    ]);
    expect(suggestTags('Nothing relevant', 'here at all')).toEqual([]);
  });
  it('normalises custom tags', () => {
    expect(normaliseTags([' API ', 'api', '', 'Backend'])).toEqual(['api', 'backend']);
  });
  it('makes slugs and reads the id part of an id-slug', () => {
    expect(slugify('Database Outage — Café!')).toBe('database-outage-cafe');
    expect(slugify('!!!')).toBe('oops');
    expect(parseIdSlug('42-database-outage')).toBe(42);
    expect(parseIdSlug('42')).toBe(42);
    expect(parseIdSlug('x42')).toBeNull();
    expect(parseIdSlug('0')).toBeNull();
  });
});

describe('canonical lists and defaults (docs/decisions/005)', () => {
  it('hold every default value the spec names', () => {
    expect(INCIDENT_TYPES).toContain(OOPS_FORM_DEFAULTS.oops_type);
    expect(USERS_AFFECTED).toContain(OOPS_FORM_DEFAULTS.users_affected);
    expect(USERS_AFFECTED).toContain(SEVERE_USERS_AFFECTED_DEFAULT);
    expect(SYSTEMS_IMPACTED).toContain(OOPS_FORM_DEFAULTS.systems_impacted);
    expect(DETECTION_METHODS).toContain(OOPS_FORM_DEFAULTS.detection_method);
    expect(OOPS_FORM_DEFAULTS).toMatchObject({
      severity: 'Medium',
      status: 'Open',
      downtime_hours: 0,
      preventability: 3,
    });
  });
  it('have a template for each of the six template types, with options from the canonical lists', () => {
    expect(INCIDENT_TEMPLATES.map((t) => t.name)).toEqual([
      'Service Outage',
      'Security Incident',
      'Performance Issue',
      'Deployment Issue',
      'Data Issue',
      'Communication Issue',
    ]);
    for (const t of INCIDENT_TEMPLATES) {
      expect(INCIDENT_TYPES).toContain(t.name);
      for (const m of t.detection_methods) expect(DETECTION_METHODS).toContain(m);
      expect(t.detection_methods.length).toBeGreaterThanOrEqual(3);
      expect(t.root_causes.length).toBeGreaterThanOrEqual(3);
      expect(t.lessons_learned.length).toBeGreaterThanOrEqual(3);
    }
  });
});

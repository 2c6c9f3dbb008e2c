import { describe, expect, it } from 'vitest';
import { OOPS_FIELDS, OOPS_FIELD_NAMES } from '../domain/oops-fields';
import { OOPS_MESSAGES } from '../domain/oops-options';
import { createOopsBody, logIncidentForm, updateOopsBody } from './oops';

const base = { title: 'Checkout down', severity: 'High', description: 'Checkout failed for an hour.' };

// Every value either spec list names (docs/product.md §3 detail page, §9 logging screen, with the unit spelt out), and the
// value docs/decisions/005 stores for it.
const USERS_AFFECTED: [string, string][] = [
  ['1-10 Users', '1-10 Users'],
  ['11-100 Users', '1-100 Users'],
  ['101-1000 Users', '1-1000 Users'],
  ['1-100 Users', '1-100 Users'],
  ['1-1000 Users', '1-1000 Users'],
  ['1000+ Users', '1000+ Users'],
  ['All Users', 'All Users'],
  ['External Users', 'External Users'],
  ['Internal Users Only', 'Internal Users Only'],
];
const SYSTEMS_IMPACTED: [string, string][] = [
  ['1 System', '1 System'],
  ['2-5 Systems', '2-5 Systems'],
  ['6-10 Systems', '6-10 Systems'],
  ['10+ Systems', '10+ Systems'],
  ['All Systems', 'All Systems'],
  ['2-3 Systems', '2-3 Systems'],
  ['4-5 Systems', '4-5 Systems'],
  ['6+ Systems', '6+ Systems'],
];
const INCIDENT_TYPES: [string, string][] = [
  ...[
    'Service Outage',
    'Data Loss',
    'Security Incident',
    'Performance Issue',
    'Configuration Error',
    'Deployment Issue',
    'Third Party Issue',
    'Other',
    'Data Issue',
    'Infrastructure Failure',
    'Human Error',
    'Process Failure',
  ].map((t): [string, string] => [t, t]),
  ['User Error', 'Human Error'],
  ['Deployment Failure', 'Deployment Issue'],
  ['Communication Failure', 'Communication Issue'],
];

describe('option values of both spec lists (docs/decisions/005)', () => {
  it.each([
    ...USERS_AFFECTED.map(([sent, stored]) => ['users_affected', sent, stored]),
    ...SYSTEMS_IMPACTED.map(([sent, stored]) => ['systems_impacted', sent, stored]),
    ...INCIDENT_TYPES.map(([sent, stored]) => ['oops_type', sent, stored]),
  ])('%s %j is accepted on create and update and stored as %j', (field, sent, stored) => {
    expect(createOopsBody.parse({ ...base, [field]: sent })).toMatchObject({ [field]: stored });
    expect(updateOopsBody.parse({ [field]: sent })).toEqual({ [field]: stored });
  });

  it('still refuses other values, listing the canonical ones, and never maps inherited names', () => {
    for (const value of ['Everyone', '11-100 users', 'constructor', '__proto__', 'toString']) {
      const result = updateOopsBody.safeParse({ users_affected: value });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(
        /^Users affected must be one of: 1-10 Users, 1-100 Users/,
      );
    }
  });
});

describe('field table', () => {
  it('gives one label per field, the spec wording on the log screen', () => {
    expect(OOPS_FIELDS).toMatchObject({
      title: { label: 'Title' },
      oops_type: { label: 'Incident Type' },
      severity: { label: 'Severity' },
      area_department: { label: 'Department' },
      description: { label: 'Detailed description' },
    });
    // Only the two API names of the department (area_department and the older department) share a label.
    const labels = OOPS_FIELD_NAMES.filter((n) => n !== 'department').map((n) => OOPS_FIELDS[n].label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('names each field by its label in the contract messages', () => {
    const issue = (body: Record<string, unknown>) => updateOopsBody.safeParse(body).error?.issues[0]?.message;
    expect(issue({ product_system: 'x'.repeat(201) })).toBe(
      'Product or system must be at most 200 characters.',
    );
    expect(issue({ learning_value: 9 })).toBe('Learning value must be a whole number from 1 to 5.');
    expect(issue({ process_updated: 'yes' })).toBe('Process updated must be true or false.');
    expect(issue({ downtime_hours: -1 })).toBe('Downtime cannot be negative.');
  });
});

describe('log screen form contract', () => {
  it('reports every missing required field at once, with the spec text', () => {
    const result = logIncidentForm.safeParse({ title: '', severity: '', description: '', what_happened: '' });
    const issues = result.error?.issues ?? [];
    expect(new Set(issues.map((i) => i.path[0]))).toEqual(
      new Set(['title', 'severity', 'description', 'oops_type']),
    );
    expect(issues.filter((i) => i.message === OOPS_MESSAGES.requiredFields).map((i) => i.path[0])).toEqual([
      'title',
      'severity',
      'description',
    ]);
  });

  it('asks for the incident type, which the log call itself leaves optional', () => {
    expect(createOopsBody.safeParse(base).success).toBe(true);
    expect(logIncidentForm.safeParse(base).error?.issues.map((i) => i.message)).toEqual([
      OOPS_MESSAGES.typeRequired,
    ]);
    expect(logIncidentForm.safeParse({ ...base, oops_type: 'Data Issue' }).success).toBe(true);
  });
});

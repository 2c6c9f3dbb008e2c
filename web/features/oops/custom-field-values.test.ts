import { describe, expect, it } from 'vitest';
import type { CustomFieldView } from '../../../common/contracts/custom-fields';
import { CUSTOM_FIELD_TEXTS as T } from '../../../common/domain/custom-field-texts';
import { checkCustomDrafts, draftToRaw, fieldOfMessage, valueToText } from './custom-field-values';

const field = (key: string, label: string, overrides: Partial<CustomFieldView> = {}): CustomFieldView => ({
  id: key.length,
  key,
  label,
  type: 'text',
  options: [],
  required_for: [],
  position: 0,
  archived: false,
  ...overrides,
});
const tier = field('tier', 'Customer tier', {
  type: 'select',
  options: ['Gold', 'Silver'],
  required_for: [12],
});
const tierNote = field('tier_note', 'Customer tier note');
const hours = field('hours', 'Hours', { type: 'number' });
const owner = field('owner', 'Owner', { type: 'user' });
const regions = field('regions', 'Regions', { type: 'multi_select', options: ['EU', 'US'] });
const due = field('due', 'Due', { type: 'date' });
const gone = field('gone', 'Gone', { archived: true, required_for: [12] });
const FIELDS = [tier, tierNote, hours, owner, regions, due, gone];
const OUTAGE = { id: 12, name: 'Service Outage' };

describe('custom field values of the incident screens', () => {
  it('turns input text into API values: numbers and user ids as numbers, empty as no value', () => {
    expect(draftToRaw(hours, ' 2.5 ')).toBe(2.5);
    expect(draftToRaw(hours, '')).toBeNull();
    expect(draftToRaw(owner, '7')).toBe(7);
    expect(draftToRaw(tierNote, '  note ')).toBe('note');
    expect(draftToRaw(regions, ['EU'])).toEqual(['EU']);
    expect(draftToRaw(due, undefined)).toBeNull();
    expect(valueToText(['EU', 'US'])).toBe('EU\nUS');
    expect(valueToText(3)).toBe('3');
    expect(valueToText(null)).toBe('');
  });

  it('checks each value with the common validator and the fields the type requires', () => {
    const empty = checkCustomDrafts(FIELDS, {}, OUTAGE);
    // Archived fields are never required.
    expect(empty.errors).toEqual({ tier: T.required('Customer tier', 'Service Outage') });
    expect(checkCustomDrafts(FIELDS, {}, { id: 13, name: 'Data Issue' }).errors).toEqual({});
    expect(checkCustomDrafts(FIELDS, {}, null).errors).toEqual({});

    const bad = checkCustomDrafts(FIELDS, { tier: 'Bronze', hours: 'many', due: '2026-02-30' }, null);
    expect(bad.errors).toEqual({
      tier: T.selectInvalid('Customer tier', ['Gold', 'Silver']),
      hours: T.numberInvalid('Hours'),
      due: T.dateInvalid('Due'),
    });

    const good = checkCustomDrafts(
      FIELDS,
      { tier: 'Gold', hours: '0', regions: ['US', 'EU'], due: '2026-02-28', tier_note: '  ' },
      OUTAGE,
    );
    expect(good).toEqual({
      values: { tier: 'Gold', hours: 0, regions: ['EU', 'US'], due: '2026-02-28' },
      errors: {},
    });
  });

  it('finds the field a server refusal names, preferring the longest label', () => {
    expect(fieldOfMessage(FIELDS, T.textTooLong('Customer tier note'))).toBe('tier_note');
    expect(fieldOfMessage(FIELDS, T.required('Customer tier', 'Service Outage'))).toBe('tier');
    expect(fieldOfMessage(FIELDS, T.unknownField('hours'))).toBe('hours');
    expect(fieldOfMessage(FIELDS, 'Title is required.')).toBeUndefined();
  });
});

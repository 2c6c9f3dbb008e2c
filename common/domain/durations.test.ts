import { describe, expect, it } from 'vitest';
import { daysText, durationText } from './durations';

describe('durationText', () => {
  it.each([
    [0, '0 min'],
    [45.4, '45 min'],
    [60, '1 h'],
    [150, '2 h 30 min'],
    [23 * 60 + 59, '23 h 59 min'],
    [24 * 60, '1 d'],
    [200 * 60, '8 d 8 h'],
    [8 * 24 * 60 + 6 * 60 + 29, '8 d 6 h'],
    [47 * 60 + 31, '2 d'],
  ])('%d minutes read "%s"', (minutes, text) => {
    expect(durationText(minutes)).toBe(text);
  });

  it('reads days with a fraction, so a median under a day is not "0 days"', () => {
    expect(daysText(4.5)).toBe('4 d 12 h');
    expect(daysText(0.1)).toBe('2 h 24 min');
    expect(daysText(0)).toBe('0 min');
  });
});

import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, DEFAULT_TIME_ZONE, timeZoneOptions } from './time-zones';

describe('team time zones', () => {
  it('accepts IANA names in their canonical spelling', () => {
    expect(canonicalTimeZone('Pacific/Auckland')).toBe('Pacific/Auckland');
    expect(canonicalTimeZone('america/los_angeles')).toBe('America/Los_Angeles');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
  });

  it('refuses unknown names, offsets, paths and overlong input', () => {
    for (const bad of [
      'Mars/Olympus_Mons',
      '+02:00',
      '',
      ' UTC',
      '../etc/passwd',
      'Europe/' + 'x'.repeat(60),
    ])
      expect(canonicalTimeZone(bad), bad).toBeNull();
  });

  it('offers UTC first, then every zone the runtime knows', () => {
    const options = timeZoneOptions();
    expect(options[0]).toBe(DEFAULT_TIME_ZONE);
    expect(options).toContain('Pacific/Auckland');
    expect(new Set(options).size).toBe(options.length);
  });
});

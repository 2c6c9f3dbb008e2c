import { describe, expect, it } from 'vitest';
import { CHANGE_TEXTS, changeText, periodChange, shiftDate, spanDays } from './trends';

describe('periodChange: the change-within-noise rule', () => {
  it('says too few incidents when either period has fewer than 10', () => {
    expect(periodChange(9, 40).noise).toBe(CHANGE_TEXTS.tooFew);
    expect(periodChange(40, 9).noise).toBe(CHANGE_TEXTS.tooFew);
  });

  it('calls a count within two Poisson standard deviations noise, and beyond it a change', () => {
    // 2√(30 + 20) ≈ 14.1
    expect(periodChange(30, 20).noise).toBe(CHANGE_TEXTS.withinNoise);
    expect(periodChange(40, 20)).toEqual({ current: 40, previous: 20, delta: 20, percent: 100, noise: null });
  });

  it('applies only the minimum to a figure resting on other counts', () => {
    expect(periodChange(600, 720, { current: 25, previous: 20 }).noise).toBeNull();
    expect(periodChange(600, 720, { current: 25, previous: 5 }).noise).toBe(CHANGE_TEXTS.tooFew);
  });

  it('words the change', () => {
    expect(changeText(periodChange(30, 28))).toBe('+2 (+7.1%) against the previous period');
    expect(changeText(periodChange(3, 0))).toBe('+3 against the previous period');
    expect(changeText(periodChange(5, 5))).toBe('No change against the previous period');
  });
});

describe('periods of whole UTC days', () => {
  it('shifts dates and counts days with both ends', () => {
    expect(shiftDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(spanDays('2026-01-05', '2026-02-28')).toBe(55);
  });
});

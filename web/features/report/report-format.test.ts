import { describe, expect, it } from 'vitest';
import { averageImpactText, barShare, daysSinceText, mttrText, percent } from './report-format';

describe('report formatting', () => {
  it('shows MTTR as a duration, or N/A when nothing was resolved', () => {
    expect(mttrText(null)).toBe('N/A');
    expect(mttrText(60)).toBe('1 h');
    expect(mttrText(150)).toBe('2 h 30 min');
    expect(mttrText(0)).toBe('0 min');
    expect(mttrText(60 * 36 + 20)).toBe('1 d 12 h');
  });

  it('shows data quality as a whole percentage and impact with one decimal', () => {
    expect(percent(null)).toBe('N/A');
    expect(percent(72.4)).toBe('72%');
    expect(averageImpactText(4.25)).toBe('4.3');
    expect(averageImpactText(null)).toBe('N/A');
  });

  it('words days since the last incident', () => {
    expect(daysSinceText(0)).toBe('Today');
    expect(daysSinceText(1)).toBe('1 day ago');
    expect(daysSinceText(12)).toBe('12 days ago');
  });

  it('scales bars to the largest count', () => {
    expect(barShare(0, 0)).toBe(0);
    expect(barShare(2, 4)).toBe(50);
    expect(barShare(4, 4)).toBe(100);
  });
});

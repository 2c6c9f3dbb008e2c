import { describe, expect, it } from 'vitest';
import { DAY_MS } from './dashboard';
import {
  alternateEmptyRange,
  axisPosition,
  axisTicks,
  daysAgoText,
  dotRadius,
  findClusters,
  incidentsInRange,
  severityLevel,
  timelineTrend,
  trendLine,
} from './timeline-chart';
import { severityColor } from './severity';

const now = new Date('2026-06-30T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

describe('dots by severity (docs/product.md §2: Low 5, Medium 6, High 8, Critical 10)', () => {
  it('sizes and colours each severity', () => {
    expect(['Low', 'Medium', 'High', 'Critical'].map(dotRadius)).toEqual([5, 6, 8, 10]);
    expect(['Low', 'Medium', 'High', 'Critical'].map(severityColor)).toEqual([
      'green',
      'yellow',
      'orange',
      'red',
    ]);
    expect(['Low', 'Medium', 'High', 'Critical'].map(severityLevel)).toEqual([0, 1, 2, 3]);
  });
  it('draws an unknown severity small and grey', () => {
    expect(dotRadius('unknown')).toBe(5);
    expect(severityColor('unknown')).toBe('gray');
    expect(severityLevel('toString')).toBe(0);
  });
});

describe('axis and range', () => {
  it('puts the start of the range at 0 and now at 1, clamping outside values', () => {
    expect(axisPosition(ago(30), now, 30)).toBeCloseTo(0);
    expect(axisPosition(ago(15), now, 30)).toBeCloseTo(0.5);
    expect(axisPosition(ago(0), now, 30)).toBe(1);
    expect(axisPosition(ago(45), now, 30)).toBe(0);
    expect(axisPosition(new Date(now.getTime() + 60_000).toISOString(), now, 30)).toBe(1);
  });

  it('keeps incidents of the last N days (inclusive), newest first', () => {
    const items = [ago(8), ago(7), ago(1), ago(0.5)].map((created_at, id) => ({ id, created_at }));
    expect(incidentsInRange(items, now, 7).map((i) => i.id)).toEqual([3, 2, 1]);
    expect(incidentsInRange(items, now, 30)).toHaveLength(4);
  });

  it('labels the start, middle and end of the axis', () => {
    expect(axisTicks(30).map((t) => t.label)).toEqual(['30d ago', '15d ago', 'Today']);
    expect(axisTicks(7).map((t) => t.label)).toEqual(['7d ago', '4d ago', 'Today']);
    expect(axisTicks(90)[1]!.position).toBeCloseTo(0.5);
  });

  it('switches the empty state between 90 and 30 days', () => {
    expect(alternateEmptyRange(30)).toBe(90);
    expect(alternateEmptyRange(7)).toBe(90);
    expect(alternateEmptyRange(90)).toBe(30);
  });

  it('says how many days ago', () => {
    expect(daysAgoText(ago(0.2), now)).toBe('Today');
    expect(daysAgoText(ago(1), now)).toBe('1 day ago');
    expect(daysAgoText(ago(12.7), now)).toBe('12 days ago');
  });
});

describe('clusters (more than 2 within 5 % of the axis)', () => {
  it('marks 3 incidents within 5 %, but not 2', () => {
    expect(findClusters([0.5, 0.52, 0.55])).toEqual([
      { indexes: [0, 1, 2], start: 0.5, end: 0.55, center: 0.525 },
    ]);
    expect(findClusters([0.5, 0.52])).toEqual([]);
  });

  it('does not cluster 3 incidents spread over more than 5 %', () => {
    expect(findClusters([0.5, 0.53, 0.5501])).toEqual([]);
  });

  it('finds separate clusters, in any input order, and leaves stragglers out', () => {
    const clusters = findClusters([0.9, 0.1, 0.91, 0.12, 0.5, 0.92, 0.11, 0.13]);
    expect(clusters.map((c) => c.indexes)).toEqual([
      [1, 6, 3, 7],
      [0, 2, 5],
    ]);
  });
});

describe('trend badge (newer half vs older half; 2 or more incidents)', () => {
  it('needs 2 incidents', () => {
    expect(timelineTrend([], 30)).toBe('need-data');
    expect(timelineTrend([3], 30)).toBe('need-data');
  });

  it('is declining when incidents bunch up towards today', () => {
    expect(timelineTrend([1, 2, 3, 4], 30)).toBe('declining');
    expect(timelineTrend([2, 20], 30)).toBe('declining');
  });

  it('is improving when incidents lean towards the start of the range', () => {
    expect(timelineTrend([26, 27, 28, 29], 30)).toBe('improving');
    expect(timelineTrend([12, 25], 30)).toBe('improving');
  });

  it('counts an even spread as improving (the boundary) and ignores the middle of an odd count', () => {
    expect(timelineTrend([10, 20], 30)).toBe('improving');
    expect(timelineTrend([9.9, 20], 30)).toBe('declining');
    expect(timelineTrend([5, 29, 25], 30)).toBe('improving');
    expect(timelineTrend([5, 0, 25], 30)).toBe('declining');
  });
});

describe('trend line (5 or more incidents)', () => {
  const point = (x: number, level: number) => ({ x, level });
  it('is absent below 5 incidents', () => {
    expect(trendLine([point(0, 0), point(0.2, 1), point(0.4, 2), point(0.6, 3)])).toBeNull();
  });
  it('fits severity against time across the span of the incidents', () => {
    const line = trendLine([point(0, 0), point(0.25, 1), point(0.5, 2), point(0.75, 3), point(1, 3)]);
    expect(line).not.toBeNull();
    expect(line!.x1).toBe(0);
    expect(line!.x2).toBe(1);
    expect(line!.level2).toBeGreaterThan(line!.level1);
  });
  it('is flat when every incident sits at one point in time', () => {
    const line = trendLine([0, 1, 2, 3, 0].map((l) => point(0.5, l)));
    expect(line).toEqual({ x1: 0.5, level1: 1.2, x2: 0.5, level2: 1.2 });
  });
});

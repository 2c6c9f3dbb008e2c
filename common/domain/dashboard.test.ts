// Boundaries of the dashboard rules of docs/product.md §2 and §9.
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  departmentBadgeColor,
  departmentBadgeText,
  lastIncidentRecency,
  relativeTime,
  streakBadge,
  timeSince,
  timerColor,
  timerPulses,
} from './dashboard';

const now = new Date('2026-06-30T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const HOUR = 3_600_000;

describe('timer colour (red 0-10, orange 11-29, green 30+, pulse above 30)', () => {
  it.each([
    [0, 'red'],
    [10, 'red'],
    [11, 'orange'],
    [29, 'orange'],
    [30, 'green'],
    [400, 'green'],
  ] as const)('%i days is %s', (days, color) => {
    expect(timerColor(days)).toBe(color);
  });
  it('pulses only above 30 days', () => {
    expect(timerPulses(30)).toBe(false);
    expect(timerPulses(31)).toBe(true);
  });
});

describe('best streak badges', () => {
  it.each([
    [0, 'Fresh Incident'],
    [1, 'Back on Track'],
    [2, 'Back on Track'],
    [3, 'Fresh Start'],
    [6, 'Fresh Start'],
    [7, 'Week Strong'],
    [14, 'Two Week Streak'],
    [29, 'Two Week Streak'],
    [30, 'Monthly Milestone'],
    [60, 'Stellar Performance'],
    [100, 'Century Club'],
    [179, 'Century Club'],
    [180, 'Diamond Streak'],
    [364, 'Diamond Streak'],
    [365, 'Legendary Year'],
  ])('%i days: %s', (days, badge) => {
    expect(streakBadge(days)).toBe(badge);
  });
});

describe('department badge (0 red, up to 7 orange, up to 30 yellow, above green)', () => {
  it.each([
    [0, 'red', 'Today'],
    [1, 'orange', '1d'],
    [7, 'orange', '7d'],
    [8, 'yellow', '8d'],
    [30, 'yellow', '30d'],
    [31, 'green', '31d'],
  ] as const)('%i days: %s %s', (days, color, text) => {
    expect(departmentBadgeColor(days)).toBe(color);
    expect(departmentBadgeText(days)).toBe(text);
  });
});

describe('relative times', () => {
  it('Recent Oops: Just now, Nh ago, Yesterday, else the date', () => {
    const date = (d: Date) => d.toISOString().slice(0, 10);
    expect(relativeTime(ago(59 * 60_000), now, date)).toBe('Just now');
    expect(relativeTime(ago(HOUR), now, date)).toBe('1h ago');
    expect(relativeTime(ago(23 * HOUR + 59 * 60_000), now, date)).toBe('23h ago');
    expect(relativeTime(ago(24 * HOUR), now, date)).toBe('Yesterday');
    expect(relativeTime(ago(47 * HOUR), now, date)).toBe('Yesterday');
    expect(relativeTime(ago(48 * HOUR), now, date)).toBe('2026-06-28');
  });

  it('Department table: just now, N mins ago, N hours, N days', () => {
    expect(timeSince(ago(59_000), now)).toBe('just now');
    expect(timeSince(ago(60_000), now)).toBe('1 mins ago');
    expect(timeSince(ago(59 * 60_000), now)).toBe('59 mins ago');
    expect(timeSince(ago(HOUR), now)).toBe('1 hours');
    expect(timeSince(ago(24 * HOUR), now)).toBe('1 days');
    expect(timeSince(ago(10 * DAY_MS), now)).toBe('10 days');
  });

  it('Team performance: Never, Today, Yesterday, N days ago', () => {
    expect(lastIncidentRecency(null, now)).toBe('Never');
    expect(lastIncidentRecency(ago(23 * HOUR), now)).toBe('Today');
    expect(lastIncidentRecency(ago(DAY_MS), now)).toBe('Yesterday');
    expect(lastIncidentRecency(ago(2 * DAY_MS), now)).toBe('2 days ago');
  });
});

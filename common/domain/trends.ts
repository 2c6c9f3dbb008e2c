// Trends and distributions (decision 051): the duration bins, the periods' bounds and the one rule that says when a
// change against the previous period is within noise, with its sentence.
import { DAY_MS } from './dashboard';

const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;

/**
 * The histogram's bins, as people think of durations. Each holds durations from the previous bound (inclusive) up
 * to `below` seconds (exclusive); the last has no upper bound.
 */
export const DURATION_BINS = [
  { label: '< 1 h', below: HOUR_S },
  { label: '1–4 h', below: 4 * HOUR_S },
  { label: '4–24 h', below: DAY_S },
  { label: '1–3 d', below: 3 * DAY_S },
  { label: '3–7 d', below: 7 * DAY_S },
  { label: '1–4 w', below: 28 * DAY_S },
  { label: '> 4 w', below: null },
] as const;

/** The durations measured: detect (occurred → logged), resolve (occurred or logged → resolved), review. */
export const DURATION_MEASURES = ['detect', 'resolve', 'review'] as const;
export type DurationMeasure = (typeof DURATION_MEASURES)[number];

export const DURATION_MEASURE_TEXTS: Record<DurationMeasure, { title: string; hint: string }> = {
  detect: { title: 'Time to detect', hint: 'From when it happened to when it was logged' },
  resolve: { title: 'Time to resolve', hint: 'From when it happened (or was logged) to its resolution' },
  review: { title: 'Time to review', hint: 'From its resolution to closing it with a lesson' },
};

/** A trends or distributions period: whole UTC days, at most two years, six months unless asked otherwise. */
export const TRENDS_DEFAULT_DAYS = 180;
export const TRENDS_MAX_DAYS = 731;

/** The UTC date (YYYY-MM-DD) `days` days before `date`. */
export function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The number of days from `from` to `to`, both included. */
export const spanDays = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * Below this many incidents in either period, a change says nothing: one incident more or less would swing it.
 * Above it, a change is within noise when it is within two standard deviations of the difference of two Poisson
 * counts (√(a + b)), which is how incident counts vary from period to period when nothing has changed.
 */
export const NOISE_MIN_COUNT = 10;
const NOISE_SIGMAS = 2;

export const CHANGE_TEXTS = {
  tooFew: `Too few incidents to say: under ${NOISE_MIN_COUNT} in this or the previous period.`,
  withinNoise: 'Within normal variation: not a real change.',
} as const;

export interface PeriodChange {
  current: number;
  previous: number;
  /** current − previous. */
  delta: number;
  /** The change as a percentage of the previous period (null when it had none). */
  percent: number | null;
  /** Why the change says nothing, or null when it is a real change. */
  noise: string | null;
}

/**
 * A figure against the previous period of the same length. A count is its own sample; a figure that rests on
 * other counts (a median of resolution times rests on the resolved incidents) passes them as `sample`, and only the
 * minimum-count part of the rule applies to it.
 */
export function periodChange(
  current: number,
  previous: number,
  sample?: { current: number; previous: number },
): PeriodChange {
  const delta = current - previous;
  const percent = previous === 0 ? null : Math.round((delta / previous) * 1000) / 10;
  const counts = sample ?? { current, previous };
  let noise: string | null = null;
  if (Math.min(counts.current, counts.previous) < NOISE_MIN_COUNT) noise = CHANGE_TEXTS.tooFew;
  else if (!sample && Math.abs(delta) <= NOISE_SIGMAS * Math.sqrt(current + previous))
    noise = CHANGE_TEXTS.withinNoise;
  return { current, previous, delta, percent, noise };
}

/** "+3 (+25%) against the previous period", "−2", "no change". */
export function changeText({ delta, percent }: PeriodChange, unit?: (n: number) => string): string {
  if (delta === 0) return 'No change against the previous period';
  const sign = delta > 0 ? '+' : '−';
  const amount = unit ? unit(Math.abs(delta)) : String(Math.abs(delta));
  const share = percent === null ? '' : ` (${sign}${Math.abs(percent)}%)`;
  return `${sign}${amount}${share} against the previous period`;
}

// The dashboard's interactive timeline (docs/product.md §2 Dashboard, §9): ranges, dot sizes and colours by severity, axis
// positions, cluster markers, the trend badge and the trend line. Pure, so each boundary is unit-tested.
import { DAY_MS } from './dashboard';
import { SEVERITY_COLORS, type SeverityColor } from './severity';

export const TIMELINE_RANGES = [7, 30, 90] as const;
export type TimelineRange = (typeof TIMELINE_RANGES)[number];
export const DEFAULT_TIMELINE_RANGE: TimelineRange = 30;

/** The empty state's button switches between 90 and 30 days. */
export function alternateEmptyRange(range: TimelineRange): TimelineRange {
  return range === 90 ? 30 : 90;
}

/** Cluster markers: more than 2 incidents within 5 % of the axis of each other. */
export const CLUSTER_THRESHOLD = 0.05;
export const CLUSTER_MIN_SIZE = 3;
/** The trend badge needs 2 or more incidents ('Need data' below); the trend line needs 5 or more. */
export const TREND_MIN_INCIDENTS = 2;
export const TREND_LINE_MIN_INCIDENTS = 5;

/** Dot radius (px) and colour by severity; lanes go from Low (0) at the bottom to Critical (3) at the top. */
export const SEVERITY_DOTS = {
  Low: { radius: 5, color: SEVERITY_COLORS.Low, level: 0 },
  Medium: { radius: 6, color: SEVERITY_COLORS.Medium, level: 1 },
  High: { radius: 8, color: SEVERITY_COLORS.High, level: 2 },
  Critical: { radius: 10, color: SEVERITY_COLORS.Critical, level: 3 },
} as const satisfies Record<string, { radius: number; color: SeverityColor; level: number }>;
type KnownSeverity = keyof typeof SEVERITY_DOTS;

const known = (severity: string): severity is KnownSeverity => Object.hasOwn(SEVERITY_DOTS, severity);

/** Unknown severities (the landing materials mention one) are drawn like Low, in grey. */
export const dotRadius = (severity: string): number =>
  known(severity) ? SEVERITY_DOTS[severity].radius : SEVERITY_DOTS.Low.radius;
export const severityLevel = (severity: string): number =>
  known(severity) ? SEVERITY_DOTS[severity].level : 0;

/** Age in days (fractional); a timestamp in the future (clock skew) counts as now. */
export function ageInDays(iso: string, now: Date): number {
  return Math.max(0, (now.getTime() - Date.parse(iso)) / DAY_MS);
}

/** Position along the axis: 0 is the start of the range (rangeDays ago, left), 1 is now (right). */
export function axisPosition(iso: string, now: Date, rangeDays: number): number {
  return Math.min(1, Math.max(0, 1 - ageInDays(iso, now) / rangeDays));
}

/** The items created within the last `rangeDays` days, newest first. */
export function incidentsInRange<T extends { created_at: string }>(
  items: readonly T[],
  now: Date,
  rangeDays: number,
): T[] {
  return items
    .filter((item) => ageInDays(item.created_at, now) <= rangeDays)
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

export interface Cluster {
  /** Indexes into the positions given, in axis order. */
  indexes: number[];
  start: number;
  end: number;
  center: number;
}

/**
 * Groups of more than 2 positions lying within `threshold` of each other. Positions are swept in order and a group
 * spans at most `threshold` from its first member, so every member of a group is within the threshold of every other.
 */
export function findClusters(positions: readonly number[], threshold = CLUSTER_THRESHOLD): Cluster[] {
  const order = positions.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const clusters: Cluster[] = [];
  let group: { p: number; i: number }[] = [];
  const close = () => {
    if (group.length >= CLUSTER_MIN_SIZE) {
      const start = group[0]!.p;
      const end = group[group.length - 1]!.p;
      clusters.push({ indexes: group.map((g) => g.i), start, end, center: (start + end) / 2 });
    }
  };
  for (const point of order) {
    // A tiny epsilon keeps "exactly 5 % apart" inside the group despite floating-point noise.
    if (group.length > 0 && point.p - group[0]!.p > threshold + 1e-9) {
      close();
      group = [];
    }
    group.push(point);
  }
  close();
  return clusters;
}

export type TimelineTrend = 'improving' | 'declining' | 'need-data';

/**
 * The trend badge: compares the average age of the newer half of the incidents in the range with that of the older
 * half. Improving when the newer half sits at least as far from today as the older half sits from the start of the
 * range, i.e. incidents lean towards the older end; declining when they bunch up towards today. With an odd count
 * the middle incident belongs to neither half. Fewer than 2 incidents: 'need-data'.
 */
export function timelineTrend(agesInDays: readonly number[], rangeDays: number): TimelineTrend {
  if (agesInDays.length < TREND_MIN_INCIDENTS) return 'need-data';
  const ages = [...agesInDays].sort((a, b) => a - b);
  const half = Math.floor(ages.length / 2);
  const mean = (list: number[]) => list.reduce((sum, a) => sum + a, 0) / list.length;
  const newer = mean(ages.slice(0, half));
  const older = mean(ages.slice(ages.length - half));
  return newer >= rangeDays - older ? 'improving' : 'declining';
}

export interface TrendLine {
  x1: number;
  level1: number;
  x2: number;
  level2: number;
}

/**
 * The trend line (5 or more incidents): least-squares fit of severity level against axis position, drawn across the
 * span of the incidents. Rising means incidents are getting more severe.
 */
export function trendLine(points: readonly { x: number; level: number }[]): TrendLine | null {
  if (points.length < TREND_LINE_MIN_INCIDENTS) return null;
  const n = points.length;
  const meanX = points.reduce((s, p) => s + p.x, 0) / n;
  const meanY = points.reduce((s, p) => s + p.level, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - meanX) ** 2, 0);
  const sxy = points.reduce((s, p) => s + (p.x - meanX) * (p.level - meanY), 0);
  const slope = sxx === 0 ? 0 : sxy / sxx;
  const xs = points.map((p) => p.x);
  const x1 = Math.min(...xs);
  const x2 = Math.max(...xs);
  const at = (x: number) => meanY + slope * (x - meanX);
  return { x1, level1: at(x1), x2, level2: at(x2) };
}

/** Axis labels: the start of the range, its middle and today. */
export function axisTicks(rangeDays: number): { position: number; label: string }[] {
  const middle = Math.round(rangeDays / 2);
  return [
    { position: 0, label: `${rangeDays}d ago` },
    { position: 1 - middle / rangeDays, label: `${middle}d ago` },
    { position: 1, label: 'Today' },
  ];
}

/** Tooltip and screen-reader text for "days ago". */
export function daysAgoText(iso: string, now: Date): string {
  const days = Math.floor(ageInDays(iso, now));
  if (days === 0) return 'Today';
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

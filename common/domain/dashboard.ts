// Dashboard rules of docs/product.md §2 and §9: timer colours, streak badges, department badges, relative times, trend.
export const DAY_MS = 86_400_000;

export type TimerColor = 'red' | 'orange' | 'green';

/** Red 0-10 days, orange 11-29, green 30 or more; pulses above 30. */
export function timerColor(days: number): TimerColor {
  if (days <= 10) return 'red';
  if (days < 30) return 'orange';
  return 'green';
}
export const timerPulses = (days: number) => days > 30;

export const STREAK_BADGES = [
  { min: 365, label: 'Legendary Year' },
  { min: 180, label: 'Diamond Streak' },
  { min: 100, label: 'Century Club' },
  { min: 60, label: 'Stellar Performance' },
  { min: 30, label: 'Monthly Milestone' },
  { min: 14, label: 'Two Week Streak' },
  { min: 7, label: 'Week Strong' },
  { min: 3, label: 'Fresh Start' },
  { min: 1, label: 'Back on Track' },
  { min: 0, label: 'Fresh Incident' },
] as const;

export function streakBadge(days: number): string {
  return STREAK_BADGES.find((b) => days >= b.min)?.label ?? 'Fresh Incident';
}

/** Department badge colour by days since last: 0 red, up to 7 orange, up to 30 yellow, above green. */
export function departmentBadgeColor(days: number | null): 'red' | 'orange' | 'yellow' | 'green' {
  if (days === null) return 'green';
  if (days <= 0) return 'red';
  if (days <= 7) return 'orange';
  if (days <= 30) return 'yellow';
  return 'green';
}

export function departmentBadgeText(days: number | null): string {
  if (days === null) return '—';
  return days <= 0 ? 'Today' : `${days}d`;
}

/** Recent Oops rows: Just now, Nh ago, Yesterday, else the date. */
export function relativeTime(
  iso: string,
  now: Date,
  formatDate: (d: Date) => string = (d) => d.toLocaleDateString(),
): string {
  const then = new Date(iso);
  const ms = now.getTime() - then.getTime();
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${hours}h ago`;
  if (hours < 48) return 'Yesterday';
  return formatDate(then);
}

/** Department table: 'N days', 'N hours' or 'N mins ago', or 'just now'. */
export function timeSince(iso: string, now: Date): string {
  const ms = now.getTime() - new Date(iso).getTime();
  const mins = Math.floor(ms / 60_000);
  if (mins < 1) return 'just now';
  if (mins < 60) return `${mins} mins ago`;
  const hours = Math.floor(mins / 60);
  if (hours < 24) return `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}

/** Team performance: Never, Today, Yesterday, N days ago. */
export function lastIncidentRecency(iso: string | null, now: Date): string {
  if (!iso) return 'Never';
  const days = Math.floor((now.getTime() - new Date(iso).getTime()) / DAY_MS);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return `${days} days ago`;
}

export type ReportTrend = 'Improving' | 'Needs Attention' | 'Stable';

/**
 * Report trend (docs/decisions/008-trend-rules.md): incidents in this period against the period before it.
 * 20 % fewer is Improving; 20 % more and at least 2 more is Needs Attention; otherwise Stable.
 */
export function reportTrend(current: number, previous: number): ReportTrend {
  if (previous > 0 && current <= previous * 0.8) return 'Improving';
  if (current >= previous * 1.2 && current - previous >= 2) return 'Needs Attention';
  return 'Stable';
}

export const REPORT_PERIODS = [
  { days: 30, label: 'Last 30 Days' },
  { days: 90, label: 'Last 90 Days' },
  { days: 180, label: 'Last 6 Months' },
  { days: 365, label: 'Last Year' },
] as const;
export const REPORT_PERIOD_DAYS = REPORT_PERIODS.map((p) => p.days);

/** Team stats 'recent' window (label Clean (30d)). */
export const RECENT_DAYS = 30;
export const PERSONAL_TEAM_NAME = 'Personal Team';

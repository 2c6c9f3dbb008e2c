// How the report prints its numbers: MTTR as a duration (common/domain/durations.ts), percentages, impact with one
// decimal (docs/product.md, the executive report), with 'N/A' where the period holds nothing to measure rather than a
// misleading 0.
import { durationText } from '../../../common/domain/durations';

export const NOT_AVAILABLE = 'N/A';

/** The mean time to resolve (minutes from the API) in days, hours and minutes, or N/A for an empty period. */
export function mttrText(minutes: number | null): string {
  return minutes === null ? NOT_AVAILABLE : durationText(minutes);
}

export function percent(value: number | null): string {
  return value === null ? NOT_AVAILABLE : `${Math.round(value)}%`;
}

/** Average impact points with one decimal, or N/A (docs/product.md §2 department cards). */
export function averageImpactText(value: number | null): string {
  return value === null ? NOT_AVAILABLE : value.toFixed(1);
}

export function daysSinceText(days: number): string {
  if (days <= 0) return 'Today';
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** The viewer's local date and time with the zone, so a printout says when and where it was made. */
export function generatedAt(date: Date, locale?: string): string {
  // dateStyle/timeStyle cannot be combined with timeZoneName, so the parts are spelled out.
  return date.toLocaleString(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

export function incidentDate(iso: string, locale?: string): string {
  return new Date(iso).toLocaleDateString(locale, { dateStyle: 'medium' });
}

/** Share of the largest count, for bar widths; 0 when nothing was counted. */
export function barShare(count: number, max: number): number {
  return max > 0 ? Math.round((count / max) * 100) : 0;
}

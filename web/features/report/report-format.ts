// How the report prints its numbers: MTTR in hours, percentages, impact with one decimal (docs/product.md §2), with 'N/A'
// where the period holds nothing to measure rather than a misleading 0.

export const NOT_AVAILABLE = 'N/A';

/** docs/product.md §2 shows MTTR in hours; the API counts minutes. One decimal below 10 h, whole hours above. */
export function mttrHours(minutes: number | null): string {
  if (minutes === null) return NOT_AVAILABLE;
  const hours = minutes / 60;
  const rounded = hours < 10 ? Math.round(hours * 10) / 10 : Math.round(hours);
  return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`;
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

// Dates in the viewer's time zone and downtime as the list shows it.
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

/** A plain calendar day (a due date, YYYY-MM-DD): read at local noon so no time zone moves it to another day. */
export function formatDay(day: string): string {
  return formatDate(`${day}T12:00:00`);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTimeFormat.format(date);
}

/** Downtime in hours; empty counts as 0 (docs/product.md §2 '0 hours'). */
export function formatHours(hours: number | null | undefined): string {
  const value = hours ?? 0;
  return `${value} ${value === 1 ? 'hour' : 'hours'}`;
}

// The period and filters both trends calls take, as their query string.
import type { TrendsQuery } from '../../../../common/contracts/trends';
import { shiftDate } from '../../../../common/domain/trends';

export type TrendsParams = Pick<TrendsQuery, 'from' | 'to' | 'kind' | 'severity' | 'department'>;

/** The last `days` whole UTC days, today included. */
export function lastDays(days: number, now = new Date()): Pick<TrendsParams, 'from' | 'to'> {
  const to = now.toISOString().slice(0, 10);
  return { from: shiftDate(to, 1 - days), to };
}

export function trendsSearch(params: TrendsParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

// Query keys of the dashboard's widgets. Everything lives under ['dashboard'] so one invalidation (the refresh on
// mount, a live event) refreshes every widget at once; each widget also polls every 30 s (docs/product.md §9).
import { TIMINGS } from '../../../../common/domain/options';
import { JUST_FETCHED_MS } from '../../../lib/api/just-fetched';

export const DASHBOARD_KEY = ['dashboard'] as const;

export const dashboardKeys = {
  stats: [...DASHBOARD_KEY, 'stats'] as const,
  last: [...DASHBOARD_KEY, 'last'] as const,
  departmentStats: [...DASHBOARD_KEY, 'department-stats'] as const,
  lastByDepartment: [...DASHBOARD_KEY, 'last-by-department'] as const,
  teamStats: [...DASHBOARD_KEY, 'team-stats'] as const,
  recent: (limit: number) => [...DASHBOARD_KEY, 'recent', limit] as const,
  timeline: [...DASHBOARD_KEY, 'timeline'] as const,
  attention: [...DASHBOARD_KEY, 'attention'] as const,
};

/**
 * Widget auto-refresh; kept up in a background tab too, since a wall display may report itself hidden. The attention
 * panel reads the answer that ended the page's first load (JUST_FETCHED_MS).
 */
export const widgetPolling = {
  refetchInterval: TIMINGS.widgetRefreshMs,
  refetchIntervalInBackground: true,
  staleTime: JUST_FETCHED_MS,
} as const;

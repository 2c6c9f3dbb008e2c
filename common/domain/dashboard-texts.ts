// User-facing texts of the dashboard (docs/product.md §2 Dashboard, §8 Dashboard and Timeline), each defined once.
export const DASHBOARD_TEXTS = {
  // docs/product.md §8 Dashboard failures.
  timerFailed: 'Failed to load timer data',
  statsFailed: 'Failed to load statistics',
  departmentsFailed: 'Failed to load department statistics',
  teamStatsFailed: 'Failed to load team statistics',
  recentFailed: 'Failed to load recent oops',
  // Timer panel with no incidents.
  perfectRecord: 'Perfect Record!',
  allSystemsGo: 'All Systems Go',
  noIncidentsYet: 'No incidents yet',
  keepItUp: 'Keep up the great work!',
  // Department overview.
  departmentOverview: 'Department Overview',
  noDepartmentData: 'No Department Data',
  createFirstIncident: 'Create First Incident',
  // Widgets outside the default layout.
  noOopsYet: 'No oops logged yet',
  noDataAvailable: 'No data available.',
  // Timeline.
  allClear: 'All Clear!',
  reportIncident: 'Report an Incident',
  needData: 'Need data',
  tryAgain: 'Try Again',
} as const;

/** docs/product.md §4/§8 Timeline load error kinds and their texts. */
export const TIMELINE_ERROR_TEXTS = {
  networkRetrying: (attempt: number, max: number) => `Connection issue (retry ${attempt}/${max})`,
  network: 'Connection issue - check your internet',
  auth: 'Please log in again',
  server: 'Server temporarily unavailable',
  noData: 'No incidents found',
  unknown: 'Unable to load timeline data',
} as const;

export type TimelineErrorKind = 'network' | 'auth' | 'server' | 'no-data' | 'unknown';

/** Network failures are retried up to 3 times, waiting 2 s longer each time (2 s, 4 s, 6 s). */
export const TIMELINE_RETRY = { max: 3, stepMs: 2000 } as const;

/** Which error kind an HTTP status (0 = no response) is; Try Again is offered for network, server and unknown. */
export function timelineErrorKind(status: number, invalidResponse = false): TimelineErrorKind {
  if (invalidResponse) return 'unknown';
  if (status === 0) return 'network';
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'no-data';
  if (status >= 500) return 'server';
  return 'unknown';
}
export const timelineErrorRetryable = (kind: TimelineErrorKind) =>
  kind === 'network' || kind === 'server' || kind === 'unknown';

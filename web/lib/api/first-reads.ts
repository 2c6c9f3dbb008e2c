// What a signed-in page's first screen reads, named once for both sides of the early read (decision 057):
// web/early-reads.ts sends these reads as the document arrives, before the app's scripts have loaded, and the app's
// transport takes their answers when it asks for the same paths (web/lib/api/early-answers.ts). The pages' own
// read-ahead (their route's `handle.readAhead`) asks for the same paths; web/app/read-ahead.test.ts holds them equal.
// No imports beyond common/: the early script is built from this file alone and must stay a few hundred bytes.
import { pageOf } from '../../../common/domain/app-pages';
import { LIMITS, TIMINGS } from '../../../common/domain/options';
import { parseIdSlug } from '../../../common/domain/tags';

export const READ_PATHS = {
  profile: '/api/user/profile',
  attention: '/api/dashboard/attention',
  oopsStats: '/api/oops/stats',
  lastOops: '/api/oops/last',
  /** The dashboard adds a timestamp `t` (docs/product.md §3), which readKey() leaves out. */
  departmentStats: '/api/oops/department-stats',
  timeline: `/api/oops?limit=${LIMITS.fetchLimit}&kind=incident`,
  departments: '/api/oops/departments',
  customFields: '/api/team/current/custom-fields?include_archived=1',
  incidentTypes: '/api/team/current/incident-types',
  incident: (id: number) => `/api/oops/detail/${id}`,
  actions: (id: number) => `/api/oops/${id}/actions`,
  related: (id: number) => `/api/oops/${id}/related`,
} as const;

/** Where the early script leaves its reads for the app (a property of window). */
export const EARLY_READS_GLOBAL = '__oopsboardEarlyReads';

/**
 * How old an early answer may be when the app takes it. The app takes them within moments; one still there much
 * later was left by code that failed to load, and a read made then must show the data as it is then. No older than
 * the dashboard's own refresh, which a reader would otherwise be shown.
 */
export const EARLY_ANSWER_MAX_AGE_MS = TIMINGS.widgetRefreshMs;

/** An answer as the early script received it; status 0 when none arrived (the network failed). */
export interface EarlyAnswer {
  status: number;
  text: string;
}

export interface EarlyReads {
  /** The session the reads were sent with: the app takes them only for the same one. */
  token: string;
  /** When they were sent (`performance.now()`): the app refuses answers older than EARLY_ANSWER_MAX_AGE_MS. */
  sentAt: number;
  reads: Record<string, { answer: Promise<EarlyAnswer>; settled: boolean }>;
}

/**
 * The key of a read: its path without the cache-busting `t` parameter, so the department statistics read early (with
 * one `t`) answer the app's read (with another) made moments later.
 */
export function readKey(path: string): string {
  return path.replace(/[?&]t=\d+$/, '');
}

/** The reads the first screen of a page needs besides the profile, by the page's path; none for other pages. */
export function firstReads(pathname: string): string[] {
  const page = pageOf(pathname);
  if (page === 'dashboard') {
    return [
      READ_PATHS.attention,
      READ_PATHS.oopsStats,
      READ_PATHS.lastOops,
      READ_PATHS.departmentStats,
      READ_PATHS.timeline,
    ];
  }
  if (page === 'oopsDetail') {
    const id = parseIdSlug(decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop() ?? ''));
    if (id === null) return [];
    return [
      READ_PATHS.incident(id),
      READ_PATHS.departments,
      READ_PATHS.customFields,
      READ_PATHS.incidentTypes,
      READ_PATHS.actions(id),
      READ_PATHS.related(id),
    ];
  }
  return [];
}

// The web app's pages, in the router's path syntax (relative to '/', ':name' matches any one segment). The SPA's
// router takes its paths from here and the server answers 200 for exactly these; any other path outside /api gets
// the app's not-found page with status 404 (decision 029). web/app/router.test.ts holds the router to this table.
export const PAGE_PATHS = {
  landing: '',
  login: 'login',
  loginSso: 'login/sso',
  signup: 'signup',
  verify: 'verify',
  passwordReset: 'password-reset',
  acceptInvitation: 'accept-invitation',
  terms: 'terms',
  privacy: 'privacy',
  actionDone: 'actions/done',
  unsubscribe: 'unsubscribe',
  unauthorized: 'unauthorized',
  wall: 'wall',
  newOops: 'new-oops',
  dashboard: 'dashboard',
  oopsList: 'oops',
  oopsNew: 'oops/new',
  oopsDetail: 'oops/:idSlug',
  actions: 'actions',
  lessons: 'lessons',
  triage: 'triage',
  profile: 'profile',
  executiveReport: 'executive-report',
  oopsImport: 'oops/import',
  team: 'team',
  settings: 'settings',
  settingsGeneral: 'settings/general',
  settingsMembers: 'settings/members',
  settingsIncidentTypes: 'settings/incident-types',
  settingsCustomFields: 'settings/custom-fields',
  settingsIntegrations: 'settings/integrations',
  settingsNotifications: 'settings/notifications',
  admin: 'admin',
  adminUsers: 'admin/users',
  adminTeams: 'admin/teams',
  adminAudit: 'admin/audit',
} as const;

export type PageKey = keyof typeof PAGE_PATHS;

/**
 * The source module holding each page's code, as the build's manifest names it (pages that only redirect have
 * none). The server names the page's scripts in its answer so the browser fetches them with the entry instead of
 * after it (decision 052); web/app/router.test.ts holds the router's lazy imports to this table.
 */
export const PAGE_MODULES: Partial<Record<PageKey, string>> = {
  landing: 'web/features/public/landing-page.tsx',
  login: 'web/features/auth/login-page.tsx',
  loginSso: 'web/features/auth/sso-complete-page.tsx',
  signup: 'web/features/auth/signup-page.tsx',
  verify: 'web/features/auth/verify-page.tsx',
  passwordReset: 'web/features/auth/password-reset-page.tsx',
  acceptInvitation: 'web/features/team/accept-invitation-page.tsx',
  terms: 'web/features/public/terms-page.tsx',
  privacy: 'web/features/public/privacy-page.tsx',
  actionDone: 'web/features/actions/action-link-page.tsx',
  unsubscribe: 'web/features/digest/unsubscribe-page.tsx',
  unauthorized: 'web/features/public/unauthorized-page.tsx',
  wall: 'web/app/wall-route.tsx',
  dashboard: 'web/features/dashboard/dashboard-page.tsx',
  oopsList: 'web/app/oops-log-route.tsx',
  oopsNew: 'web/features/oops/new-oops-page.tsx',
  oopsDetail: 'web/features/oops/oops-detail-page.tsx',
  actions: 'web/features/actions/my-actions-page.tsx',
  lessons: 'web/features/lessons/lessons-page.tsx',
  triage: 'web/features/triage/triage-page.tsx',
  profile: 'web/app/profile-route.tsx',
  executiveReport: 'web/features/report/executive-report-page.tsx',
  oopsImport: 'web/features/import/import-page.tsx',
  settingsGeneral: 'web/app/settings-pages.tsx',
  settingsMembers: 'web/app/settings-pages.tsx',
  settingsIncidentTypes: 'web/app/settings-pages.tsx',
  settingsCustomFields: 'web/app/settings-pages.tsx',
  settingsIntegrations: 'web/app/settings-pages.tsx',
  settingsNotifications: 'web/app/settings-pages.tsx',
  admin: 'web/features/admin/admin-dashboard-page.tsx',
  adminUsers: 'web/features/admin/admin-users-page.tsx',
  adminTeams: 'web/features/admin/admin-teams-page.tsx',
  adminAudit: 'web/features/admin/admin-audit-page.tsx',
};

/**
 * The signed-out pages whose HTML the build draws (decision 054), by the file name the build writes under
 * dist/prerendered/: the server sends that HTML for the page's path when the URL has no query, and 'not-found' for
 * any path that is not a page. Only pages that look the same for every signed-out visitor belong here.
 */
export const PRERENDERED_PAGES = {
  landing: '/',
  login: `/${PAGE_PATHS.login}`,
  signup: `/${PAGE_PATHS.signup}`,
  terms: `/${PAGE_PATHS.terms}`,
  privacy: `/${PAGE_PATHS.privacy}`,
  'not-found': '/not-found',
} as const;

/** The not-found page's source module (the router's catch-all route; not a page of the table above). */
export const NOT_FOUND_PAGE_MODULE = 'web/features/public/not-found-page.tsx';

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
// Fixed paths before those with a parameter, as the router ranks them ('oops/new' is not an incident).
const PATTERNS = (Object.entries(PAGE_PATHS) as [PageKey, string][])
  .map(([key, path]) => ({ key, parts: segmentsOf(path) }))
  .sort(
    (a, b) => Number(a.parts.some((p) => p.startsWith(':'))) - Number(b.parts.some((p) => p.startsWith(':'))),
  );

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Which of the app's pages a URL path (no query) is, or null, matched as the router matches: case-insensitive,
 * percent-decoded, a trailing slash ignored.
 */
export function pageOf(pathname: string): PageKey | null {
  const segments = segmentsOf(pathname).map(decoded);
  if (segments.includes(null)) return null;
  const match = PATTERNS.find(
    ({ parts }) =>
      parts.length === segments.length &&
      parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i])),
  );
  return match?.key ?? null;
}

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

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const PATTERNS = Object.values(PAGE_PATHS).map(segmentsOf);

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Whether a URL path (no query) is one of the app's pages, matched as the router matches: case-insensitive,
 * percent-decoded, a trailing slash ignored.
 */
export function isAppPage(pathname: string): boolean {
  const segments = segmentsOf(pathname).map(decoded);
  if (segments.includes(null)) return false;
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i])),
  );
}

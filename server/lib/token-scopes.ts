// Which API-token scope a route needs: the one place that decides it (docs/decisions/013-api-tokens.md).
// Tokens reach only the team's data; everything about the account itself (tokens, password, profile changes,
// sessions, team switching, invitations to accept), the live stream and platform administration stays with
// signed-in sessions. A route may declare `config: { tokenScope }` to override the rules below; a new route outside
// the team-data prefixes is session-only until it opts in, so an account route cannot be opened by forgetting.
import type { ApiTokenScope } from '../../common/domain/api-tokens';

/**
 * What a route declares: the scopes of which any one suffices, 'session' for no token at all, or 'wall' for the
 * wall display's read: the only kind of route a display token may call (decision 050); personal tokens need `read`.
 */
export type TokenAccess = ApiTokenScope | readonly ApiTokenScope[] | 'session' | 'wall';

const READS = new Set(['GET', 'HEAD']);
/** The team's data: incidents (with notes, actions, statistics, exports), the actions across them and the team and its members. */
const TEAM_DATA_PREFIXES = ['/api/oops', '/api/actions', '/api/team/current', '/api/teams/', '/api/users/'];
/** Team routes that stay with sessions all the same: webhooks send the team's data to another address. */
const SESSION_ONLY_PREFIXES = ['/api/team/current/webhooks'];
/**
 * Routes that only report new incidents: what an `ingest` token (a monitoring hook, a CI job) is for. A `write`
 * token may create and change incidents anyway, so it may call them too.
 */
const INGEST_ROUTES = new Set(['POST /api/oops']);
const INGEST_PREFIX = '/api/ingest/';
const INGEST_SCOPES = ['write', 'ingest'] as const;
/** Account reads that are harmless and useful to a script ("whose token is this, which teams?"). */
const ACCOUNT_READS = new Set(['GET /api/user/profile', 'GET /api/user/teams']);

/**
 * The scopes of which a token needs one to call `method url` (url as registered, e.g. `/api/oops/:id`), or null
 * when the route is for signed-in sessions only.
 */
export function requiredTokenScopes(
  method: string,
  url: string,
  declared?: TokenAccess,
): readonly ApiTokenScope[] | null {
  if (declared !== undefined) {
    if (declared === 'session') return null;
    if (declared === 'wall') return ['read'];
    return typeof declared === 'string' ? [declared] : declared;
  }
  const key = `${method} ${url}`;
  if (url.startsWith(INGEST_PREFIX)) return INGEST_SCOPES;
  if (ACCOUNT_READS.has(key)) return ['read'];
  if (SESSION_ONLY_PREFIXES.some((prefix) => url.startsWith(prefix))) return null;
  if (
    !TEAM_DATA_PREFIXES.some(
      (prefix) => url === prefix || url.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
    )
  )
    return null;
  if (READS.has(method)) return ['read'];
  if (INGEST_ROUTES.has(key)) return INGEST_SCOPES;
  return ['write'];
}

/** Whether a display token may call a route: only the routes that declare `tokenScope: 'wall'` (decision 050). */
export function displayTokenMayCall(declared?: TokenAccess): boolean {
  return declared === 'wall';
}

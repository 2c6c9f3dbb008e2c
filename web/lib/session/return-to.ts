// Where signing in returns to (decision 033): the page that asked for it, carried in /login?returnTo=…, and only
// ever a path on this site (safeReturnTo refuses `//host`, `/\host` and absolute URLs).
import { safeReturnTo } from '../../../common/domain/return-to';

export const RETURN_TO_PARAM = 'returnTo';
/** Set when the sign-in page is shown because the server refused the tab's session. */
export const EXPIRED_PARAM = 'expired';

/** The sign-in page's address for a visitor who was going to `path`. */
export function signInHref(path: string, expired = false): string {
  const params = new URLSearchParams();
  const target = safeReturnTo(path);
  if (target && target !== '/') params.set(RETURN_TO_PARAM, target);
  if (expired) params.set(EXPIRED_PARAM, '1');
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}

/** Where to go after signing in: the requested page when it is safe, otherwise the dashboard. */
export function afterSignIn(returnTo: string | null | undefined): string {
  return safeReturnTo(returnTo) ?? '/dashboard';
}

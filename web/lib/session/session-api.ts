// The two calls the session itself makes (docs/product.md §4, §7): the profile check on load and the logout.
// They sit with the session rather than in a feature because the app shell, not a page, owns them.
// The shell is in the entry chunk of every page, so the profile answer is checked by a small guard typed from the
// contract instead of the zod schema itself (zod would add ~20 KB gzip to every first paint).
import { queryOptions } from '@tanstack/react-query';
import type { User } from '../../../common/contracts/auth';
import { ROLES } from '../../../common/domain/options';
import { request, type ResponseParser } from '../transport';
import { SESSION_USER_KEY } from './session-context';
import { READ_PATHS } from '../api/first-reads';

function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const u = value as Record<string, unknown>;
  return (
    typeof u.id === 'number' &&
    typeof u.name === 'string' &&
    typeof u.email === 'string' &&
    typeof u.is_super_admin === 'boolean' &&
    (u.role === null || (typeof u.role === 'string' && (ROLES as readonly string[]).includes(u.role)))
  );
}

const userParser: ResponseParser<User> = {
  safeParse: (input) => (isUser(input) ? { success: true, data: input } : { success: false }),
};

/** The logout answer is not read (docs/product.md §7). */
const ignoreBody: ResponseParser<unknown> = { safeParse: (input) => ({ success: true, data: input }) };

export interface SignInResult {
  token: string;
  user: User;
}

/** The refresh answers as a sign-in does (200), or 204 with no body when this browser is not remembered. */
const refreshParser: ResponseParser<SignInResult | null> = {
  safeParse: (input) => {
    if (input === undefined) return { success: true, data: null };
    if (typeof input !== 'object' || input === null) return { success: false };
    const { token, user } = input as Record<string, unknown>;
    return typeof token === 'string' && isUser(user)
      ? { success: true, data: { token, user } }
      : { success: false };
  },
};

let refreshing: Promise<SignInResult | null> | null = null;

/**
 * Asks for a session from this browser's remembered device (decision 033): the httpOnly cookie is sent by the
 * browser, never read here. Calls made while one is under way share it, so a credential is presented once.
 */
export function refreshSession(): Promise<SignInResult | null> {
  refreshing ??= request('/api/auth/refresh', {
    method: 'POST',
    body: {},
    schema: refreshParser,
    retries: 0,
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export function fetchProfile(signal?: AbortSignal): Promise<User> {
  return request(READ_PATHS.profile, { schema: userParser, signal });
}

/** The session's profile check: asked for by the session provider, and ahead of it as a tab starts (read-ahead). */
export const profileQuery = () =>
  queryOptions({
    queryKey: SESSION_USER_KEY,
    queryFn: ({ signal }) => fetchProfile(signal),
    // The transport already retries network failures and 5xx (docs/product.md §7); a second layer would multiply waits.
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** Sends the JSON content type the spec asks for, with an empty object so the server has a body to parse. */
export function postLogout(): Promise<unknown> {
  return request('/api/auth/logout', { method: 'POST', body: {}, schema: ignoreBody, retries: 0 });
}

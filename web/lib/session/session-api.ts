// The two calls the session itself makes (spec §4, §7): the profile check on load and the logout.
// They sit with the session rather than in a feature because the app shell, not a page, owns them.
import { logoutResponse, userSchema } from '../../../common/contracts/auth';
import type { User } from '../../../common/contracts/auth';
import { request } from '../transport';

export function fetchProfile(signal?: AbortSignal): Promise<User> {
  return request('/api/user/profile', { schema: userSchema, signal });
}

/** Sends the JSON content type the spec asks for, with an empty object so the server has a body to parse. */
export function postLogout(): Promise<unknown> {
  return request('/api/auth/logout', { method: 'POST', body: {}, schema: logoutResponse, retries: 0 });
}

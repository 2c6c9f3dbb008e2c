// The remembered device's cookie (docs/decisions/033-remembered-devices.md): httpOnly (no script reads it),
// SameSite=Lax (no cross-site subrequest carries it), Secure under https, and sent only to /api/auth, where the
// refresh, sign-in and sign-out calls live. The bearer token in session storage stays what the app sends.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_HINT_COOKIE } from '../../../common/domain/session-texts';
import type { Config } from '../../config';

export const REFRESH_COOKIE = 'oopsboard_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';

const cookieOptions = (request: FastifyRequest, config: Config) => ({
  path: REFRESH_COOKIE_PATH,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.appUrl.startsWith('https:') || request.protocol === 'https',
});

export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  credential: string,
  expiresAt: Date,
): void {
  const options = cookieOptions(request, config);
  reply.setCookie(REFRESH_COOKIE, credential, { ...options, expires: expiresAt });
  // A readable companion that says only "this browser has a remembered device", so the web app asks for a refresh
  // when there is one to make instead of on every visit. No secret in it; set and cleared with the real cookie.
  reply.setCookie(DEVICE_HINT_COOKIE, '1', { ...options, path: '/', httpOnly: false, expires: expiresAt });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply, config: Config): void {
  const options = cookieOptions(request, config);
  reply.clearCookie(REFRESH_COOKIE, options);
  reply.clearCookie(DEVICE_HINT_COOKIE, { ...options, path: '/', httpOnly: false });
}

export function readRefreshCookie(request: FastifyRequest): string | null {
  const value = request.cookies[REFRESH_COOKIE];
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

/**
 * Whether a request comes from a page of this site. Browsers send Sec-Fetch-Site (modern ones) and Origin (every
 * POST); either one naming another site refuses the call, and a call with neither is refused too, so the refresh
 * never works cross-site even where SameSite does not hold (old browsers, a sibling subdomain).
 */
export function isSameOrigin(request: FastifyRequest, config: Config): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return site === 'same-origin';
  let host: string;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    host = url.host;
  } catch {
    return false;
  }
  return origin === new URL(config.appUrl).origin || host === request.headers.host;
}

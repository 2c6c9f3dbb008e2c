import { API_TOKEN_PREFIX } from '../../common/domain/api-tokens';
import { DISPLAY_TOKEN_PREFIX } from '../../common/domain/wall';
import { serializeError } from './log-errors';

// Log lines never carry secrets: tokens travel in query strings (magic links, resets, invitations) and headers;
// single sign-on's callback carries the provider's code and state, and /login/sso the hand-off code.
const SECRET_PARAMS = /([?&](?:token|invitation|invitationToken|code|state)=)[^&#]*/gi;
// Personal access and display tokens are recognisable by their prefix wherever they turn up (a query, a path
// pasted wrongly).
const API_TOKENS = new RegExp(`(${API_TOKEN_PREFIX}|${DISPLAY_TOKEN_PREFIX})[A-Za-z0-9_-]*`, 'g');

/** Hides personal access tokens (oops_pat_…) and display tokens (oops_wall_…) in any text bound for a log. */
export function redactApiTokens(text: string): string {
  return text.replace(API_TOKENS, '$1[redacted]');
}

export function redactUrl(url: string): string {
  return redactApiTokens(url.replace(SECRET_PARAMS, '$1[redacted]'));
}

/** Pino serializers: errors without their data (log-errors.ts); request lines with method, redacted URL, client
 * address, never headers. */
export const logSerializers = {
  err: serializeError,
  req(req: { method: string; url: string; ip?: string; id?: string }) {
    return { method: req.method, url: redactUrl(req.url), ip: req.ip, id: req.id };
  },
};

// Opaque tokens: 32 random bytes (256 bits), base64url; only their SHA-256 is ever stored.
import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_LIMITS, API_TOKEN_PREFIX } from '../../common/domain/api-tokens';
import { DISPLAY_TOKEN_PREFIX, WALL_LIMITS } from '../../common/domain/wall';

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A personal access token: the prefix lets secret scanners and our log redaction recognise it. */
export function newApiToken(): { token: string; hash: string; hint: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token), hint: token.slice(-API_TOKEN_LIMITS.hintLength) };
}

export function isApiToken(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

/** A display token (decision 050): prefixed like personal access tokens, so scanners and log redaction see it. */
export function newDisplayToken(): { token: string; hash: string; hint: string } {
  const token = `${DISPLAY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token), hint: token.slice(-WALL_LIMITS.hintLength) };
}

export function isDisplayToken(token: string): boolean {
  return token.startsWith(DISPLAY_TOKEN_PREFIX);
}

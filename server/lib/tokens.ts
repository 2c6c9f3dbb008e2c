// Opaque tokens: 32 random bytes (256 bits), base64url; only their SHA-256 is ever stored.
import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_LIMITS, API_TOKEN_PREFIX } from '../../common/domain/api-tokens';

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

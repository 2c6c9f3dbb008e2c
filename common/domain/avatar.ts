// Avatars (docs/product.md): keyed on the MD5 hash of the lowercased e-mail, as the public avatar service keys them,
// with the first letter of the name (or 'U') as the fallback. By default the identicon is drawn in the browser from
// that hash (minidenticons), so no page asks another site for anything; the public service's identicon for the same
// hash only where the installation turned it on (AVATARS_GRAVATAR, decision 030), and then the server sends its URL
// as the user's avatar_url.
import { minidenticon } from 'minidenticons';
import { md5Hex } from './md5';

export const AVATAR_SERVICE_ORIGIN = 'https://www.gravatar.com';
export const AVATAR_SERVICE_URL = `${AVATAR_SERVICE_ORIGIN}/avatar/`;
/** Pixels asked of the public service: the largest avatar shown (64 px on the profile) on a 2x screen. */
export const AVATAR_SERVICE_SIZE = 128;

/** The key of a user's avatar: the MD5 hash of the trimmed, lowercased e-mail. */
export function avatarHash(email: string): string {
  return md5Hex(email.trim().toLowerCase());
}

/** The public avatar service's identicon for this e-mail (used only where AVATARS_GRAVATAR is on). */
export function avatarUrl(email: string, size = 80): string {
  return `${AVATAR_SERVICE_URL}${avatarHash(email)}?d=identicon&s=${size}`;
}

/** The identicon drawn locally from the same hash, as an SVG data URI (no request leaves the page). */
export function identiconDataUri(email: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(minidenticon(avatarHash(email)))}`;
}

/**
 * What a user's avatar shows: the URL the server sent (the public service, where it is turned on), else the identicon
 * drawn here. A user object without the field (from an older server) gets the local identicon too.
 */
export function avatarSource(user: { email: string; avatar_url?: string | null }): string {
  return user.avatar_url ?? identiconDataUri(user.email);
}

export function avatarInitial(name: string | null | undefined): string {
  const first = name?.trim().charAt(0);
  return first ? first.toUpperCase() : 'U';
}

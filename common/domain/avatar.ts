// Avatar rules of docs/product.md §2: an identicon from a public avatar service keyed on the hash of the lowercased e-mail,
// with the first letter of the name (or 'U') as the fallback. Shared by the user menu and, later, the profile screen.
import { md5Hex } from './md5';

export const AVATAR_SERVICE_URL = 'https://www.gravatar.com/avatar/';

export function avatarUrl(email: string, size = 80): string {
  return `${AVATAR_SERVICE_URL}${md5Hex(email.trim().toLowerCase())}?d=identicon&s=${size}`;
}

export function avatarInitial(name: string | null | undefined): string {
  const first = name?.trim().charAt(0);
  return first ? first.toUpperCase() : 'U';
}

// The bearer token lives in sessionStorage under 'authToken' (docs/product.md §3, §9), so it ends with the browser session.
// Storage can throw (privacy modes, disabled storage); the app then behaves as signed out instead of crashing.
import { TOKEN_STORAGE_KEY } from '../../../common/domain/options';
import { DEVICE_HINT_COOKIE } from '../../../common/domain/session-texts';

export function readToken(): string | null {
  try {
    return window.sessionStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string): void {
  try {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Without storage the session lasts until the page is reloaded; nothing else to do.
  }
}

export function clearToken(): void {
  try {
    window.sessionStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/**
 * Whether this browser has a remembered device (decision 033): the server sets a readable hint cookie beside the
 * httpOnly refresh cookie, so a tab asks for a refresh only when one can succeed.
 */
export function hasRememberedDevice(): boolean {
  try {
    return document.cookie.split(';').some((part) => part.trim() === `${DEVICE_HINT_COOKIE}=1`);
  } catch {
    return false;
  }
}

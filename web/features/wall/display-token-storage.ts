// Where an office screen keeps its display token (decision 050). The display URL carries it in the fragment
// (`/wall#token=…`), which browsers never send to the server or in a Referer; the first open moves it to
// localStorage, which survives reloads and browser restarts, and takes it out of the address bar.
import {
  DISPLAY_TOKEN_FRAGMENT,
  DISPLAY_TOKEN_PREFIX,
  DISPLAY_TOKEN_STORAGE_KEY,
} from '../../../common/domain/wall';

/** The token of a display URL's fragment, or null when the fragment holds none. */
export function tokenOfFragment(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(DISPLAY_TOKEN_FRAGMENT);
  return value && value.startsWith(DISPLAY_TOKEN_PREFIX) ? value : null;
}

/**
 * Moves a token from the address bar's fragment to storage (a new URL replaces the old token) and answers the
 * screen's token, or null when it has none. Storage can throw (privacy modes): the token then lasts this page.
 */
export function takeDisplayToken(): string | null {
  const fromUrl = tokenOfFragment(window.location.hash);
  if (fromUrl) {
    try {
      window.localStorage.setItem(DISPLAY_TOKEN_STORAGE_KEY, fromUrl);
    } catch {
      // Kept in memory only: a reload then needs the URL again.
    }
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    return fromUrl;
  }
  try {
    return window.localStorage.getItem(DISPLAY_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Forgets a refused token, so the screen can fall back to a session or ask for a new URL. */
export function forgetDisplayToken(): void {
  try {
    window.localStorage.removeItem(DISPLAY_TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}

/** The URL a new display token opens on the screen. */
export const displayUrl = (token: string, origin = window.location.origin) =>
  `${origin}/wall#${DISPLAY_TOKEN_FRAGMENT}=${token}`;

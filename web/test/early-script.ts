// The early read (decision 057) in a unit test: the script run as index.html would, and the tab left as it was.
import { vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../common/domain/options';
import { EARLY_READS_GLOBAL } from '../lib/api/first-reads';

/** Runs the early script on `page` of a tab holding `token`. */
export async function runEarlyScript(page: string, token: string | null = 'tok-1') {
  window.history.replaceState(null, '', page);
  if (token) window.sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
  vi.resetModules();
  await import('../early-reads');
}

/** Forgets the session, the early reads and the page. */
export function clearEarlyScript() {
  window.sessionStorage.clear();
  delete (window as unknown as Record<string, unknown>)[EARLY_READS_GLOBAL];
  window.history.replaceState(null, '', '/');
}

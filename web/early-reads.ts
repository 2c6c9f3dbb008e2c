// The early read (decision 057), built on its own into a small classic script that index.html runs before anything
// else (scripts/early-reads-plugin.ts): in a tab with a session, on a page whose first screen reads data, it sends
// those reads and the profile check at once, while the app's scripts are still on their way. The app takes the
// answers rather than asking again (web/lib/api/early-answers.ts), so its first render can show the page with its
// data. Anything that goes wrong here leaves the app to read as it would without this script.
import { TOKEN_STORAGE_KEY } from '../common/domain/options';
import { EARLY_READS_GLOBAL, READ_PATHS, firstReads, readKey, type EarlyReads } from './lib/api/first-reads';

function sendEarlyReads() {
  const reads = firstReads(window.location.pathname);
  const token = window.sessionStorage.getItem(TOKEN_STORAGE_KEY);
  if (reads.length === 0 || !token) return;
  const early: EarlyReads = { token, sentAt: performance.now(), reads: {} };
  for (const path of [READ_PATHS.profile, ...reads]) {
    const url = path === READ_PATHS.departmentStats ? `${path}?t=${Date.now()}` : path;
    const read: EarlyReads['reads'][string] = {
      settled: false,
      answer: fetch(url, { headers: { accept: 'application/json', authorization: `Bearer ${token}` } })
        .then(async (response) => ({ status: response.status, text: await response.text() }))
        .catch(() => ({ status: 0, text: '' }))
        .finally(() => {
          read.settled = true;
        }),
    };
    early.reads[readKey(path)] = read;
  }
  (window as unknown as Record<string, EarlyReads>)[EARLY_READS_GLOBAL] = early;
}

try {
  sendEarlyReads();
} catch {
  // No storage or no fetch: the app reads for itself.
}

// How fresh the team cache's answers are, in one place (decision 009): how long an answer lives, how long a stale one
// may still be served, who always reads fresh (the writer), and when live streams hear a change (derived from the
// stale window, so that a dashboard's refetch never gets an answer from before the change).

/**
 * How long a cached answer may live without an event of its team. Notifications are not lost while the listener is
 * connected, and when it comes back after a loss every answer is made stale (`subscribeGaps`), so this bounds what
 * nothing notifies: the clock (a period's window, "days since", overdue actions) and names from outside the team (a
 * member renaming themselves). Short, it only recomputed answers that had not changed: at 10 s, every 30 s poll of a
 * dashboard missed, and 200 quiet teams cost 80 recomputations a second (`npm run bench:load`, docs/performance.md).
 */
export const TEAM_CACHE_TTL_MS = 60_000;

/**
 * The stale window: during a burst of writes a team's cached answers are recomputed at most once per this long
 * (server/cache/team-cache.ts), a stale answer still being served to readers other than the writer until it is this
 * old.
 */
export const TEAM_CACHE_STALE_MS = 300;

/**
 * Live events reach dashboards this long after the change, when no answer from before it is served any more: a
 * dashboard sees a change within this plus its own refetch, and the refetch is fresh.
 */
export const LIVE_STREAM_DELAY_MS = TEAM_CACHE_STALE_MS;

/**
 * How many cached answers a process keeps, all teams together. Searches and list pages are cached too, and their
 * keys come from what users type. A page of 20 of the load benchmark's incidents is 21.5 KB with its gzip, so 5,000
 * of them take about 110 MB (longer descriptions make pages larger), while its many-teams load (about 200 teams read
 * at once, 12 keys each) asks for about 2,400.
 */
export const TEAM_CACHE_MAX_ENTRIES = 5_000;

/** One string per credential (a session or an API token): who a reader or a writer is. */
export function actorCredential(actor: {
  via: 'session' | 'token';
  sessionId: number | null;
  tokenId: number | null;
}): string {
  return actor.via === 'session' ? `session:${actor.sessionId}` : `token:${actor.tokenId}`;
}

/**
 * The writer rule: a credential that wrote to a team (marked when its write is answered) reads that team's answers
 * fresh, never stale, for as long as a stale answer from before its write could still be served.
 */
export function readsFresh(wroteAt: number | undefined, now: number, staleMs: number): boolean {
  return wroteAt !== undefined && now - wroteAt < staleMs;
}

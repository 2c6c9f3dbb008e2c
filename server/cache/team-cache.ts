// A short-lived, per-team cache of computed statistics. Every dashboard of a team asks the same questions every
// 30 s; the answers change only when the team's incidents change. A team's change (its commit's wake-up, which
// reaches every app process through LISTEN/NOTIFY, server/events/effects.ts) makes its entries stale, and so does a
// gap in the notifications (`invalidateAll`); entries also expire after `ttlMs`, for what no event announces (the clock). Concurrent misses
// for one key share a single computation. At most `maxEntries` answers are kept across all teams: past that the
// oldest computed goes first, so keys that come from what users type (a search, a page) cannot grow it without end.
//
// No recomputation storms (decision 009): while a team writes in a burst, a stale answer is still served until it
// is `staleMs` old, so each answer is computed at most once per `staleMs` however many writes and reads arrive.
// Two exceptions keep answers exact where it matters:
// - the writer (the session or token that just wrote to the team, `markWriter`) always gets a fresh answer;
// - other dashboards hear of a change through the live stream only `staleMs` after it (LIVE_STREAM_DELAY_MS), when
//   every answer computed before the change has become too old to be served.
//
// An answer built from other cached answers (a list page from the team's total and its filter's count) is as old as
// the oldest of them: a computation that is served a kept answer takes that answer's age and generation as its own.
// Else a page computed just after a write from a total kept from before it would count as fresh, and be served with
// that old total after the stale window, after the live stream has told every dashboard to refetch.
import { AsyncLocalStorage } from 'node:async_hooks';
import { readsFresh } from './freshness';

interface Entry {
  teamId: number;
  key: string;
  /**
   * When the computation started (its answer reflects the data of that moment), or the older `at` of a kept answer it
   * was built from.
   */
  at: number;
  /** The team's generation when it started, or that of a kept answer it was built from: older than now means stale. */
  generation: number;
  value: Promise<unknown>;
}

interface TeamEntries {
  generation: number;
  entries: Map<string, Entry>;
  /** Credentials that wrote to the team, with when: they read their own writes. */
  writers: Map<string, number>;
}

/** The entry whose computation is running in this async context, if any. */
const computing = new AsyncLocalStorage<Entry>();

export class TeamCache {
  private readonly teamsById = new Map<number, TeamEntries>();
  /** Every kept entry, oldest computation first (a Set keeps insertion order): which to drop past `maxEntries`. */
  private readonly byAge = new Set<Entry>();
  /** Answers served as kept (hits) and computed (misses), since the start (GET /metrics). */
  readonly lookups = { hits: 0, misses: 0 };

  constructor(
    private readonly ttlMs: number,
    /** How old a stale answer may be and still be served to readers other than the writer. */
    readonly staleMs = 0,
    /** How many answers all teams together may keep. */
    private readonly maxEntries = Infinity,
  ) {}

  /**
   * The cached answer for `key`, or a fresh one from `compute`. `reader` names the caller's credential (see
   * `markWriter`); a writer never gets a stale answer.
   */
  get<T>(
    teamId: number,
    key: string,
    compute: () => PromiseLike<T>,
    reader?: string,
    /** A shorter lifetime for an answer that also depends on what the team's events do not announce. */
    maxAgeMs = this.ttlMs,
  ): Promise<T> {
    const team = this.team(teamId);
    const now = Date.now();
    const hit = team.entries.get(key);
    if (hit && now - hit.at < Math.min(maxAgeMs, this.ttlMs)) {
      if (hit.generation === team.generation) return this.served(hit);
      const wrote = reader === undefined ? undefined : team.writers.get(reader);
      // Only answers computed before the write can be stale, and those are too old to serve `staleMs` after it.
      // One still running is shared too: under a steady stream of writes, a slow computation that every reader
      // started again would be a recomputation storm (decision 009; measured by `npm run bench:load`).
      const isWriter = readsFresh(wrote, now, this.staleMs);
      if (!isWriter && now - hit.at < this.staleMs) return this.served(hit);
    }
    this.lookups.misses += 1;
    const entry: Entry = { teamId, key, at: now, generation: team.generation, value: undefined! };
    // Promise.resolve settles a lazy thenable (a Drizzle query builder runs again on every `then`) exactly once.
    const value = Promise.resolve(computing.run(entry, compute));
    entry.value = value;
    if (hit) this.byAge.delete(hit);
    team.entries.set(key, entry);
    this.byAge.add(entry);
    if (this.byAge.size > this.maxEntries) this.drop(this.byAge.values().next().value!);
    // A failed computation is not cached.
    value.catch(() => this.drop(entry));
    return value;
  }

  /** A kept answer, served: a computation it is served to is as old as it (see the top of this file). */
  private served<T>(hit: Entry): Promise<T> {
    this.lookups.hits += 1;
    const built = computing.getStore();
    if (built && built.teamId === hit.teamId) {
      built.at = Math.min(built.at, hit.at);
      built.generation = Math.min(built.generation, hit.generation);
    }
    return hit.value as Promise<T>;
  }

  /** Forgets `entry` if it is still its key's answer. */
  private drop(entry: Entry): void {
    this.byAge.delete(entry);
    const entries = this.teamsById.get(entry.teamId)?.entries;
    if (entries?.get(entry.key) === entry) entries.delete(entry.key);
  }

  /** The team changed: its answers are stale from now on. */
  invalidate(teamId: number): void {
    const team = this.teamsById.get(teamId);
    if (team) team.generation += 1;
  }

  /** Every team changed, as far as anyone knows (notifications were lost): all answers are stale from now on. */
  invalidateAll(): void {
    for (const team of this.teamsById.values()) team.generation += 1;
  }

  /** Drops the team's answers at once, stale or not: for changes made behind the app's back (SQL) and benchmarks. */
  clear(teamId: number): void {
    const entries = this.teamsById.get(teamId)?.entries;
    for (const entry of entries?.values() ?? []) this.byAge.delete(entry);
    entries?.clear();
  }

  /** `credential` just wrote to the team: its next reads are fresh, whatever the stale window. */
  markWriter(teamId: number, credential: string): void {
    this.team(teamId).writers.set(credential, Date.now());
  }

  /** Drops expired entries and writers, so that teams nobody looks at any more do not hold memory. */
  sweep(now = Date.now()): void {
    for (const [teamId, team] of this.teamsById) {
      for (const entry of team.entries.values()) if (now - entry.at >= this.ttlMs) this.drop(entry);
      for (const [who, at] of team.writers) if (!readsFresh(at, now, this.staleMs)) team.writers.delete(who);
      if (team.entries.size === 0 && team.writers.size === 0) this.teamsById.delete(teamId);
    }
  }

  /** Teams with at least one entry (for tests and metrics). */
  get teams(): number {
    return this.teamsById.size;
  }

  /** Answers kept, all teams together (for tests). */
  get size(): number {
    return this.byAge.size;
  }

  private team(teamId: number): TeamEntries {
    let team = this.teamsById.get(teamId);
    if (!team) {
      team = { generation: 0, entries: new Map(), writers: new Map() };
      this.teamsById.set(teamId, team);
    }
    return team;
  }
}

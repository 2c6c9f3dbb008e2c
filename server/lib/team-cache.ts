// A short-lived, per-team cache of computed statistics. Every dashboard of a team asks the same questions every
// 30 s; the answers change only when the team's incidents change. Entries are dropped on the team's live events
// (which reach every app process through LISTEN/NOTIFY), and expire after `ttlMs` in case an event is lost.
// Concurrent misses for one key share a single computation.
export class TeamCache {
  private readonly entries = new Map<number, Map<string, { at: number; value: Promise<unknown> }>>();

  constructor(private readonly ttlMs: number) {}

  get<T>(teamId: number, key: string, compute: () => PromiseLike<T>): Promise<T> {
    let team = this.entries.get(teamId);
    if (!team) {
      team = new Map();
      this.entries.set(teamId, team);
    }
    const hit = team.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value as Promise<T>;
    // Promise.resolve settles a lazy thenable (a Drizzle query builder runs again on every `then`) exactly once.
    const value = Promise.resolve(compute());
    const entry = { at: Date.now(), value };
    team.set(key, entry);
    // A failed computation is not cached.
    value.catch(() => {
      if (team.get(key) === entry) team.delete(key);
    });
    return value;
  }

  invalidate(teamId: number): void {
    this.entries.delete(teamId);
  }

  /** Drops expired entries, so that teams nobody looks at any more do not hold memory for the life of the process. */
  sweep(now = Date.now()): void {
    for (const [teamId, team] of this.entries) {
      for (const [key, entry] of team) if (now - entry.at >= this.ttlMs) team.delete(key);
      if (team.size === 0) this.entries.delete(teamId);
    }
  }

  /** Teams with at least one entry (for tests and metrics). */
  get teams(): number {
    return this.entries.size;
  }
}

// Remembers, per session token, the actor the database last answered, so that a dashboard polling every 30 s (and
// a wall of them) does not cost a four-table join per call.
//
// Correctness rests on one rule kept in server/plugins/auth.ts: every request that may change who an actor is
// (any write outside the incident routes: logout, password, roles, membership, team switch, disable, ...) empties
// the cache of this process when it answers, and tells the other processes through the database's fan-out. A
// lookup that started before such a change cannot store its (possibly stale) answer afterwards: entries are
// stamped with the generation they were read in. Entries also expire after `ttlMs`, which bounds how long a lost
// notification (a LISTEN connection reconnecting) or a write made outside the app can go unnoticed.
// See docs/decisions/010-actor-cache.md.

/** The payload that tells every app process to forget its cached actors. */
export const ACTORS_CHANGED = JSON.stringify({ actors: 'changed' });

export class ActorCache<T> {
  private generation = 0;
  private readonly entries = new Map<string, { at: number; generation: number; value: T }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The generation to pass to `set` for a lookup that starts now. */
  current(): number {
    return this.generation;
  }

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== this.generation || now - entry.at >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Stores a lookup's answer unless the actors changed while it ran. */
  set(key: string, value: T, generation: number, now = Date.now()): void {
    if (generation !== this.generation) return;
    // Oldest first (Map keeps insertion order): a flood of distinct tokens cannot grow memory without bound.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { at: now, generation, value });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every actor: something that defines one may have changed. */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

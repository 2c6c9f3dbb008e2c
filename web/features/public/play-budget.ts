// Counts how long the demo video has actually played (docs/product.md §2, §9: paused and reset after 5 minutes of playing).
// Wall-clock time while paused, buffering or hidden does not count.
export class PlayBudget {
  private playedMs = 0;
  private since: number | null = null;

  constructor(
    private readonly limitMs: number,
    private readonly now: () => number,
  ) {}

  /** Playback started or resumed. */
  start(): void {
    if (this.since === null) this.since = this.now();
  }

  /** Playback paused or stalled. */
  stop(): void {
    if (this.since === null) return;
    this.playedMs += this.now() - this.since;
    this.since = null;
  }

  played(): number {
    return this.playedMs + (this.since === null ? 0 : this.now() - this.since);
  }

  remaining(): number {
    return Math.max(0, this.limitMs - this.played());
  }

  reset(): void {
    this.playedMs = 0;
    this.since = null;
  }
}

/**
 * The play limit: the spec's 5 minutes, or a shorter one from `?videoLimitMs=` so tests need not wait 5 minutes.
 * Only shortening is accepted; anything else falls back to the default.
 */
export function videoLimitFrom(param: string | null, defaultMs: number): number {
  if (!param || !/^\d{1,9}$/.test(param)) return defaultMs;
  const ms = Number(param);
  return ms > 0 && ms < defaultMs ? ms : defaultMs;
}

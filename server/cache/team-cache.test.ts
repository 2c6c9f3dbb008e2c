import { describe, expect, it, vi } from 'vitest';
import { TeamCache } from './team-cache';

describe('TeamCache', () => {
  it('computes once for concurrent and repeated reads, runs a lazy thenable once, and forgets on invalidate', async () => {
    const cache = new TeamCache(60_000);
    let runs = 0;
    // A lazy thenable like a Drizzle query builder: every `then` would run it again.
    const lazy: PromiseLike<number> = {
      then: (resolve) => Promise.resolve(resolve?.(++runs)) as never,
    };
    const values = await Promise.all([cache.get(1, 'k', () => lazy), cache.get(1, 'k', () => lazy)]);
    expect(values).toEqual([1, 1]);
    expect(await cache.get(1, 'k', () => lazy)).toBe(1);
    expect(runs).toBe(1);
    cache.invalidate(1);
    expect(await cache.get(1, 'k', () => lazy)).toBe(2);
    expect(await cache.get(2, 'k', () => lazy)).toBe(3);
    // Two answers served as kept (the shared one and the repeat), three computed.
    expect(cache.lookups).toEqual({ hits: 2, misses: 3 });
  });

  it('makes every team stale at once when notifications may have been lost', async () => {
    const cache = new TeamCache(60_000);
    let runs = 0;
    await cache.get(1, 'k', async () => ++runs);
    await cache.get(2, 'k', async () => ++runs);
    expect(await cache.get(1, 'k', async () => ++runs)).toBe(1);
    cache.invalidateAll();
    expect(await cache.get(1, 'k', async () => ++runs)).toBe(3);
    expect(await cache.get(2, 'k', async () => ++runs)).toBe(4);
    expect(await cache.get(2, 'k', async () => ++runs)).toBe(4);
  });

  it('does not keep a failed computation', async () => {
    const cache = new TeamCache(60_000);
    await expect(cache.get(1, 'k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get(1, 'k', async () => 7)).toBe(7);
  });

  it('expires entries after the time to live, or a shorter one of their own', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new TeamCache(1_000);
      let runs = 0;
      await cache.get(1, 'k', async () => ++runs);
      vi.advanceTimersByTime(999);
      await cache.get(1, 'k', async () => ++runs);
      expect(runs).toBe(1);
      vi.advanceTimersByTime(1);
      await cache.get(1, 'k', async () => ++runs);
      expect(runs).toBe(2);
      // An answer with a shorter lifetime of its own.
      await cache.get(1, 'short', async () => ++runs, undefined, 100);
      vi.advanceTimersByTime(99);
      expect(await cache.get(1, 'short', async () => ++runs, undefined, 100)).toBe(3);
      vi.advanceTimersByTime(1);
      expect(await cache.get(1, 'short', async () => ++runs, undefined, 100)).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sweeps expired entries and the teams left empty', async () => {
    const cache = new TeamCache(1_000);
    await cache.get(1, 'a', async () => 1);
    await cache.get(2, 'b', async () => 2);
    cache.sweep(Date.now() + 500);
    expect(cache.teams).toBe(2);
    cache.sweep(Date.now() + 1_000);
    expect(cache.teams).toBe(0);
  });

  it('during a burst of writes computes each answer at most once per stale window, but never serves the writer a stale one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new TeamCache(10_000, 1_000);
      let data = 0;
      let runs = 0;
      const read = (reader?: string) =>
        cache.get(
          1,
          'k',
          async () => {
            runs += 1;
            return data;
          },
          reader,
        );
      expect(await read()).toBe(0);
      // 50 writes and 50 reads within 900 ms: the answer from before them is served, nothing is recomputed.
      for (let i = 0; i < 50; i++) {
        data += 1;
        cache.invalidate(1);
        vi.advanceTimersByTime(18);
        expect(await read('session:2')).toBe(0);
      }
      expect(runs).toBe(1);
      // The writer reads its own write at once (one computation, then shared by everyone).
      data += 1;
      cache.invalidate(1);
      cache.markWriter(1, 'session:1');
      expect(await read('session:1')).toBe(51);
      expect(await read('session:2')).toBe(51);
      expect(runs).toBe(2);
      // A stale answer older than the window is not served: everyone gets the current data.
      data += 1;
      cache.invalidate(1);
      vi.advanceTimersByTime(1_000);
      expect(await Promise.all([read('session:2'), read('session:3')])).toEqual([52, 52]);
      expect(runs).toBe(3);
      // Clearing drops even a current answer (changes made in SQL, benchmarks of the uncached cost).
      cache.clear(1);
      expect(await read('session:2')).toBe(52);
      expect(runs).toBe(4);
      // The writer's privilege ends with the window; the sweep forgets it.
      cache.sweep();
      expect(cache.teams).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares a computation that was running when the change came with other readers, never with the writer', async () => {
    const cache = new TeamCache(10_000, 1_000);
    let release!: () => void;
    let runs = 0;
    const slow = () => {
      runs += 1;
      return new Promise<number>((resolve) => (release = () => resolve(1)));
    };
    const fresh = async () => {
      runs += 1;
      return 2;
    };
    const running = cache.get(1, 'k', slow, 'session:2');
    // Writes keep coming while it runs: readers do not start it again, each of them.
    for (let i = 0; i < 5; i++) cache.invalidate(1);
    const others = [cache.get(1, 'k', fresh, 'session:3'), cache.get(1, 'k', fresh, 'session:4')];
    cache.markWriter(1, 'session:1');
    const writer = cache.get(1, 'k', fresh, 'session:1');
    release();
    expect(await running).toBe(1);
    expect(await Promise.all(others)).toEqual([1, 1]);
    expect(await writer).toBe(2);
    expect(runs).toBe(2);
  });

  it('serves nobody a computation that started longer than the stale window ago, running or not', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new TeamCache(10_000, 1_000);
      const running = cache.get(1, 'k', () => new Promise<number>(() => {}), 'session:2');
      cache.invalidate(1);
      vi.advanceTimersByTime(1_000);
      expect(await cache.get(1, 'k', async () => 2, 'session:3')).toBe(2);
      void running;
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts an answer built from a kept answer as old as that one: stale with it, and gone when it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new TeamCache(10_000, 1_000);
      let data = 0;
      const inner = () => cache.get(1, 'total', async () => data, 'session:2');
      // The page is built from the total, as list pages are.
      const page = (reader: string) => cache.get(1, 'page', async () => `page of ${await inner()}`, reader);
      expect(await inner()).toBe(0);
      vi.advanceTimersByTime(100);
      // A write: within the stale window another reader's new page is built from the total kept from before it.
      data = 1;
      cache.invalidate(1);
      expect(await page('session:2')).toBe('page of 0');
      // So the page is stale too: once the window has passed since the total was read, nobody is served it.
      vi.advanceTimersByTime(900);
      expect(await page('session:3')).toBe('page of 1');
      // Built from a current total, a page is current: served to the writer too.
      cache.markWriter(1, 'session:1');
      expect(await page('session:1')).toBe('page of 1');
      // And it expires with the total it was built from, not later.
      data = 2;
      vi.advanceTimersByTime(9_999);
      expect(await page('session:3')).toBe('page of 1');
      vi.advanceTimersByTime(1);
      expect(await page('session:3')).toBe('page of 2');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps at most maxEntries answers across teams, dropping the oldest computed first', async () => {
    const cache = new TeamCache(60_000, 0, 3);
    let runs = 0;
    const compute = async () => ++runs;
    await cache.get(1, 'a', compute);
    await cache.get(2, 'a', compute);
    await cache.get(1, 'b', compute);
    // Recomputing an answer makes it the newest: after team 2's change its 'a' is younger than team 1's two.
    cache.invalidate(2);
    expect(await cache.get(2, 'a', compute)).toBe(4);
    // A replaced answer is not counted twice: all three are still kept.
    expect(await cache.get(1, 'a', compute)).toBe(1);
    await cache.get(3, 'a', compute);
    expect(cache.size).toBe(3);
    // Team 1's 'a' was the oldest and went; the others are still served.
    expect(await cache.get(1, 'b', compute)).toBe(3);
    expect(await cache.get(2, 'a', compute)).toBe(4);
    expect(await cache.get(1, 'a', compute)).toBe(6);
    expect(cache.size).toBe(3);
    // Failed, cleared and swept answers leave the count too.
    await expect(cache.get(4, 'a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(cache.size).toBe(2);
    cache.clear(1);
    expect(cache.size).toBe(1);
    cache.sweep(Date.now() + 60_000);
    expect(cache.size).toBe(0);
  });
});

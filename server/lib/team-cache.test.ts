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
  });

  it('does not keep a failed computation', async () => {
    const cache = new TeamCache(60_000);
    await expect(cache.get(1, 'k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get(1, 'k', async () => 7)).toBe(7);
  });

  it('expires entries after the time to live', async () => {
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
});

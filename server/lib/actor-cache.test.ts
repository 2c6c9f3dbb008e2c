import { describe, expect, it } from 'vitest';
import { ActorCache } from './actor-cache';

describe('ActorCache', () => {
  it('answers within its TTL and forgets after it', () => {
    const cache = new ActorCache<string>(5_000, 10);
    cache.set('a', 'alice', cache.current(), 1_000);
    expect(cache.get('a', 5_999)).toBe('alice');
    expect(cache.get('a', 6_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not store the answer of a lookup that started before the actors changed', () => {
    const cache = new ActorCache<string>(5_000, 10);
    const started = cache.current();
    cache.clear(); // a logout answered while the lookup was reading the database
    cache.set('a', 'stale', started);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'fresh', cache.current());
    expect(cache.get('a')).toBe('fresh');
  });

  it('forgets everything on clear and evicts the oldest entry when full', () => {
    const cache = new ActorCache<number>(60_000, 2);
    cache.set('a', 1, cache.current());
    cache.set('b', 2, cache.current());
    cache.set('c', 3, cache.current());
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
    cache.clear();
    expect([cache.get('b'), cache.get('c')]).toEqual([undefined, undefined]);
  });
});

import { describe, expect, it } from 'vitest';
import { animateScroll, easeInOutCubic, type ScrollDriver } from './smooth-scroll';

function fakeDriver() {
  let time = 0;
  let pending: ((t: number) => void) | null = null;
  const positions: number[] = [];
  const driver: ScrollDriver = {
    now: () => time,
    requestFrame: (cb) => {
      pending = cb;
      return 1;
    },
    cancelFrame: () => {
      pending = null;
    },
    scrollTo: (y) => positions.push(y),
  };
  const advance = (ms: number) => {
    time += ms;
    const cb = pending;
    pending = null;
    cb?.(time);
  };
  return { driver, positions, advance, hasPending: () => pending !== null };
}

describe('easeInOutCubic', () => {
  it('starts at 0, passes the middle at half, ends at 1, and never overshoots', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(1.4)).toBe(1);
    expect(easeInOutCubic(0.25)).toBeLessThan(0.25);
    expect(easeInOutCubic(0.75)).toBeGreaterThan(0.75);
  });
});

describe('animateScroll', () => {
  it('takes the whole duration, moving every frame, and lands exactly on the target', () => {
    const { driver, positions, advance, hasPending } = fakeDriver();
    let done = false;
    animateScroll(100, 1300, 1200, driver, () => (done = true));
    for (let i = 0; i < 10; i++) advance(100);
    expect(done).toBe(false);
    expect(positions.at(-1)).toBeGreaterThan(100);
    expect(positions.at(-1)).toBeLessThan(1300);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    advance(200);
    expect(positions.at(-1)).toBe(1300);
    expect(done).toBe(true);
    expect(hasPending()).toBe(false);
  });

  it('stops when cancelled', () => {
    const { driver, positions, advance } = fakeDriver();
    const cancel = animateScroll(0, 1000, 1200, driver);
    advance(100);
    cancel();
    advance(100);
    expect(positions).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { PlayBudget, videoLimitFrom } from './play-budget';

describe('PlayBudget', () => {
  it('counts only the time spent playing', () => {
    let now = 0;
    const budget = new PlayBudget(300_000, () => now);
    budget.start();
    now = 60_000;
    budget.stop();
    now = 600_000; // ten minutes paused: not counted
    expect(budget.played()).toBe(60_000);
    budget.start();
    budget.start(); // a second 'playing' event does not restart the count
    now = 700_000;
    expect(budget.played()).toBe(160_000);
    expect(budget.remaining()).toBe(140_000);
    now = 900_000;
    expect(budget.remaining()).toBe(0);
    budget.reset();
    expect(budget.played()).toBe(0);
  });
});

describe('videoLimitFrom', () => {
  it('accepts only a shorter positive whole number of milliseconds', () => {
    expect(videoLimitFrom(null, 300_000)).toBe(300_000);
    expect(videoLimitFrom('1500', 300_000)).toBe(1500);
    expect(videoLimitFrom('0', 300_000)).toBe(300_000);
    expect(videoLimitFrom('-5', 300_000)).toBe(300_000);
    expect(videoLimitFrom('1e3', 300_000)).toBe(300_000);
    expect(videoLimitFrom('900000', 300_000)).toBe(300_000);
  });
});

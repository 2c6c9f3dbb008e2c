import { describe, expect, it } from 'vitest';
import { asRequestStartedNow, OldestFirst } from './oldest-first';

/** A call that runs until `finish` is called, logging when it starts. */
function held(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    call: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

/** Makes `call` from inside a request that started now. */
function fromRequest<T>(run: () => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => asRequestStartedNow(() => void run().then(resolve, reject)));
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('database calls let in oldest request first', () => {
  it('runs one call at a time, and next the call of the oldest request, not the first made', async () => {
    const gate = new OldestFirst();
    const log: string[] = [];
    const first = held(log, 'first');
    const running = gate.run(first.call);
    // A request that started first makes its call only after a newer request made its own: it is let in first.
    let resume!: () => void;
    const old = fromRequest(async () => {
      await new Promise<void>((resolve) => (resume = resolve));
      return gate.run(async () => (log.push('old request'), 'old'));
    });
    await settled();
    const newer = fromRequest(() => gate.run(async () => (log.push('newer request'), 'newer')));
    await settled();
    resume();
    await settled();
    expect(log).toEqual(['first']);
    expect(gate.queued).toBe(2);
    first.finish();
    expect(await Promise.all([running, old, newer])).toEqual(['first', 'old', 'newer']);
    expect(log).toEqual(['first', 'old request', 'newer request']);
    expect(gate.queued).toBe(0);
  });

  it('keeps the order calls were made in among calls outside requests, and goes on after a failure', async () => {
    const gate = new OldestFirst();
    const log: string[] = [];
    const first = held(log, 'first');
    const running = gate.run(first.call);
    const failing = gate.run(async () => {
      log.push('failing');
      throw new Error('refused');
    });
    const last = gate.run(async () => (log.push('last'), 'last'));
    first.finish();
    await expect(failing).rejects.toThrow('refused');
    expect(await Promise.all([running, last])).toEqual(['first', 'last']);
    expect(log).toEqual(['first', 'failing', 'last']);
  });
});

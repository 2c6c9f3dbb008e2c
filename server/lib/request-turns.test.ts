import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { inTurns } from './request-turns';

/** One turn of the event loop: setImmediate callbacks run in the order they were queued. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const request = (n: number) => ({ n }) as unknown as IncomingMessage;
const response = {} as ServerResponse;

describe('requests started in turns', () => {
  it('starts requests in arrival order, at most perTurn in each turn of the event loop', async () => {
    const started: number[] = [];
    const handle = inTurns((req) => started.push((req as unknown as { n: number }).n), 2);
    for (const n of [1, 2, 3, 4, 5]) handle(request(n), response);
    expect(started).toEqual([]);
    await nextTurn();
    expect(started).toEqual([1, 2]);
    await nextTurn();
    expect(started).toEqual([1, 2, 3, 4]);
    // A request arriving now waits behind the one that arrived before it.
    handle(request(6), response);
    await nextTurn();
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
    await nextTurn();
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('lets promises of started requests settle between turns', async () => {
    const log: string[] = [];
    const handle = inTurns((req) => {
      const n = (req as unknown as { n: number }).n;
      log.push(`start ${n}`);
      void Promise.resolve().then(() => log.push(`continued ${n}`));
    }, 1);
    for (const n of [1, 2]) handle(request(n), response);
    await nextTurn();
    await nextTurn();
    expect(log).toEqual(['start 1', 'continued 1', 'start 2', 'continued 2']);
  });
});

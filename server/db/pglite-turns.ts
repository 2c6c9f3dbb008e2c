// How PGlite's calls share this process's thread with the requests that make them: oldest request first, and a
// yield to the event loop after each slice of statements (decision 027).
import { setImmediate } from 'node:timers/promises';
import { OldestFirst } from './oldest-first';

/** Lets PGlite's calls in by the age of their requests (server/db/oldest-first.ts). */
export function oldestRequestFirst(client: {
  query: (...args: never[]) => Promise<unknown>;
  exec: (...args: never[]) => Promise<unknown>;
  transaction: (...args: never[]) => Promise<unknown>;
}): OldestFirst {
  const gate = new OldestFirst();
  // PGlite itself runs these one at a time (a transaction whole), so letting one in at a time changes only the order.
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = client[method].bind(client);
    client[method] = (...args) => gate.run(() => original(...args));
  }
  return gate;
}

/**
 * PGlite runs each statement synchronously on this thread, and a chain of statements resolves as microtasks: under
 * load, requests' statements followed one another without the event loop taking in anything else (a worst
 * event-loop delay of 0.9 to 1.5 s in the PGlite hot-team benchmark, docs/performance.md). So statements yield to the
 * event loop once they have had the thread for `STATEMENTS_SLICE_MS` since the last yield. Yielding before every
 * statement instead ran one statement per turn of the loop: under load a turn, with all the requests
 * it takes in, lasted long enough that the turns, not the statements, limited how many statements ran.
 */
const STATEMENTS_SLICE_MS = 10;
export function yieldEveryStatementsSlice(client: {
  execProtocol: (...args: never[]) => Promise<unknown>;
  execProtocolStream: (...args: never[]) => Promise<unknown>;
}): void {
  let sliceStart = -Infinity;
  for (const method of ['execProtocol', 'execProtocolStream'] as const) {
    const original = client[method].bind(client);
    client[method] = async (...args) => {
      if (performance.now() - sliceStart >= STATEMENTS_SLICE_MS) {
        await setImmediate();
        sliceStart = performance.now();
      }
      return original(...args);
    };
  }
}

// PGlite runs one call at a time (a statement, or a whole transaction) and queues the others in the order they were
// made. Under load every request waited behind all the calls queued before its own, once per call: a write, which
// needs two or three in a row (its author's session, its setup read, its write), waited two or three times as long
// as a read, and was the whole tail of the PGlite hot-team benchmark (decision 027). Calls are
// let in here instead by the age of the request that makes them, oldest first: a request that has started finishes
// before newer ones get the database, and each request waits for it about once.
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

const requestStart = new AsyncLocalStorage<number>();

/** Runs `next` (the rest of a request) with the moment it started, which its database calls are ordered by. */
export function asRequestStartedNow(next: () => void): void {
  requestStart.run(performance.now(), next);
}

/** Lets one call run at a time, the one of the oldest request first; calls outside a request count from when made. */
export class OldestFirst {
  private running = false;
  /** Waiting calls by age, oldest first; ties keep the order they came in. */
  private readonly waiting: { age: number; go: () => void }[] = [];

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(call: () => Promise<T>): Promise<T> {
    if (this.running) {
      const age = requestStart.getStore() ?? performance.now();
      await new Promise<void>((go) => {
        // Binary search for the first waiting call younger than this one.
        let low = 0;
        let high = this.waiting.length;
        while (low < high) {
          const mid = (low + high) >>> 1;
          if (this.waiting[mid]!.age <= age) low = mid + 1;
          else high = mid;
        }
        this.waiting.splice(low, 0, { age, go });
      });
    }
    // Either nothing ran, or the call that finished handed its turn to this one (running stays true).
    this.running = true;
    try {
      return await call();
    } finally {
      const next = this.waiting.shift();
      if (next) next.go();
      else this.running = false;
    }
  }
}

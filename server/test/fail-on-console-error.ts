// A console.error during a test fails it: errors must be asserted, not printed.
import { afterEach, vi } from 'vitest';

let errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length > 0)
    throw new Error(`console.error was called during the test:\n${seen.map((a) => a.join(' ')).join('\n')}`);
});

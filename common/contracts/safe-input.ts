// Text that no column can store, refused once for every input (decision 031). PostgreSQL's text and jsonb refuse the
// NUL character, and a lone UTF-16 surrogate has no UTF-8 form: either one reached the database as a 500. Rather than
// a rule on each of several hundred string fields (one forgotten field is a 500 again), every contract is wrapped
// once, where the server compiles its validators, and the wrapper names the field that carries the bad text.
import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (int4) column: every id of the schema. */
export const INT4_MAX = 2_147_483_647;
/** The smallest value of a PostgreSQL `integer` column. */
export const INT4_MIN = -2_147_483_648;

/** Deeper JSON than this is refused: no contract nests past a few levels, and a deep one only costs stack. */
export const MAX_INPUT_DEPTH = 32;

/** A database id in a body: a positive int4. Without a message, zod's own ones (the error names the field). */
export const dbId = (message?: string) =>
  z.number({ error: message }).int(message).min(1, message).max(INT4_MAX, message);

/** A database id in a path or query string (text coerced to a number), with the range of its int4 column. */
export const dbIdText = (message?: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(INT4_MAX, message);

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface UnsafeInput {
  path: (string | number)[];
  message: string;
}

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain the NUL character (\\u0000).';
  if (LONE_SURROGATE.test(text))
    return 'must not contain an unpaired surrogate (text that is not valid Unicode).';
  return null;
}

const fieldName = (path: (string | number)[]) => (path.length ? path.join('.') : 'The request body');

/**
 * The first string (value or object key) holding NUL or a lone surrogate, or the first value nested deeper than
 * MAX_INPUT_DEPTH, with its path; null when the input is clean. Iterative, so that no input can exhaust the stack.
 */
export function findUnsafeInput(input: unknown): UnsafeInput | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { path, message: `${fieldName(path)} ${problem}` };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      return {
        path,
        message: `${fieldName(path)} is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`,
      };
    }
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value as Record<string, unknown>);
    for (const [key] of entries) {
      const problem = typeof key === 'string' ? textProblem(key) : null;
      if (problem) return { path, message: `A field name in ${fieldName(path)} ${problem}` };
    }
    // Pushed in reverse so that the first bad field in reading order is the one named.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

/**
 * The contract with the refusal in front: unsafe text fails with one issue at the field's path, before the
 * contract's own rules (which might trim or transform the text) run.
 */
export function refuseUnsafeInput<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      const found = findUnsafeInput(value);
      if (found) ctx.addIssue({ code: 'custom', path: found.path, message: found.message, input: value });
    })
    .pipe(schema);
}

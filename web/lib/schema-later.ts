// Contract schemas that load after the first paint (decision 059). The contracts are zod schemas, and zod with the
// contracts the dashboard reads made a third of its code beyond the entry and the largest part of the work of
// loading its modules. A read module that names its schema with schemaLater() keeps them out of its chunk: the transport takes
// the page's early answers (decision 057) without waiting for them and checks those answers once the first paint is
// out; any other call waits for its schema as before. An early answer that fails its check makes the app read every
// shown query again, and those reads check their answers before anything is shown.
import { afterFirstPaint } from './after-first-paint';
import type { ResponseParser } from './response-parser';

/** A contract schema loaded on first use (`loadSchema` imports its module). */
export interface LaterSchema<T> {
  readonly loadSchema: () => Promise<ResponseParser<T>>;
}

/** Dispatched on window when an early answer taken unchecked fails its check; its detail is the read's path. */
export const LATE_MISMATCH_EVENT = 'oopsboard:late-mismatch';

export function schemaLater<T>(load: () => Promise<ResponseParser<T>>): LaterSchema<T> {
  let loading: Promise<ResponseParser<T>> | undefined;
  return {
    loadSchema: () =>
      (loading ??= load().catch((error: unknown) => {
        // A chunk that failed to load (a deploy, a dropped connection) is tried again by the next call.
        loading = undefined;
        throw error;
      })),
  };
}

export const isLater = <T>(schema: ResponseParser<T> | LaterSchema<T>): schema is LaterSchema<T> =>
  'loadSchema' in schema;

/**
 * Checks an answer taken before its schema had loaded, once the page has painted; a failed check is reported as
 * LATE_MISMATCH_EVENT. A schema that cannot load is the next call's problem: that call fails as it would have.
 */
export function checkLater<T>(schema: LaterSchema<T>, path: string, payload: unknown): void {
  void afterFirstPaint()
    .then(schema.loadSchema)
    .then(
      (parser) => {
        if (!parser.safeParse(payload).success) {
          window.dispatchEvent(new CustomEvent(LATE_MISMATCH_EVENT, { detail: path }));
        }
      },
      () => undefined,
    );
}

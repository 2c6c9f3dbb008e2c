// The app's side of the early read (decision 057): the answers web/early-reads.ts received before the app started,
// each taken once, by the transport's first attempt at the same path with the same session.
import {
  EARLY_ANSWER_MAX_AGE_MS,
  EARLY_READS_GLOBAL,
  readKey,
  type EarlyAnswer,
  type EarlyReads,
} from './first-reads';

function earlyReads(): EarlyReads | undefined {
  return (window as unknown as Record<string, EarlyReads | undefined>)[EARLY_READS_GLOBAL];
}

/**
 * The early answer to a GET of `path` sent with `token`, removed so that a later read asks the server again; none
 * once the answers are older than EARLY_ANSWER_MAX_AGE_MS.
 */
export function takeEarlyAnswer(path: string, token: string | null): Promise<EarlyAnswer> | undefined {
  const early = earlyReads();
  if (!early || token === null || early.token !== token) return undefined;
  if (performance.now() - early.sentAt > EARLY_ANSWER_MAX_AGE_MS) return undefined;
  const key = readKey(path);
  const read = early.reads[key];
  if (!read) return undefined;
  delete early.reads[key];
  return read.answer;
}

/**
 * Whether every early read has its answer: the app then renders its first screen with them rather than with
 * placeholders (web/main.tsx). False without early reads, and while any is still on its way, so waiting never
 * holds the first render back for the network.
 */
export function earlyAnswersArrived(): boolean {
  const reads = Object.values(earlyReads()?.reads ?? {});
  return reads.length > 0 && reads.every((read) => read.settled);
}

// Full-text search over incidents (decision 040), shared by the log's list (its `search`) and the command palette
// (GET /api/search). A search matches an incident when either
//   - the text is a case-insensitive substring of the title or the description (docs/product.md §2, decision 017), or
//   - every word of it is in the incident's search_vector (English stems, any order), the last word as a prefix
//     ("postg" finds "Postgres") and "quoted words" as a phrase.
// The words reach to_tsquery only as runs of letters and digits, so the user's text can never be tsquery syntax.
import { ilike, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { oops } from '../db/schema';
import { containsPattern } from './sql-like';

/** The text-search configuration of search_vector (migration 0024): the same on PGlite and PostgreSQL. */
export const SEARCH_CONFIG = sql.raw(`'english'::regconfig`);

/**
 * Runs of letters and digits: what the query keeps of the user's words (quotes, operators and emoji are dropped).
 * A single character is left to the substring rule: as a word it is a stop word or noise, and as a prefix it would
 * match most incidents.
 */
const wordsOf = (text: string): string[] => (text.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1);

/**
 * The search as to_tsquery text: quoted parts as phrases (`a <-> b`), other words each required, the last word a
 * prefix unless the text ends with a space or a quote. Empty when the text has no letters or digits.
 */
export function tsQueryText(term: string): string {
  const parts: string[] = [];
  const unquoted = term.replace(/"([^"]*)"/g, (_whole, phrase: string) => {
    const words = wordsOf(phrase);
    if (words.length) parts.push(words.length === 1 ? words[0]! : `(${words.join(' <-> ')})`);
    return ' ';
  });
  // A lone quote (still being typed) is no phrase: its words count as words.
  const words = wordsOf(unquoted.replace(/"/g, ' '));
  const lastIsPrefix = words.length > 0 && /[\p{L}\p{N}]$/u.test(term);
  words.forEach((word, i) => parts.push(lastIsPrefix && i === words.length - 1 ? `${word}:*` : word));
  return parts.join(' & ');
}

/** What a search binds: the substring pattern (LIKE escapes applied) and the to_tsquery text. */
export const searchParams = (term: string) => ({ pattern: containsPattern(term), query: tsQueryText(term) });

/** The tsquery of to_tsquery text (a value or a placeholder). */
export const tsQuery = (queryText: string | SQLWrapper): SQL =>
  sql`to_tsquery(${SEARCH_CONFIG}, ${queryText})`;

/**
 * The search's condition on `oops`: the substring rule or the full-text match. Each side is served by the team's
 * GIN indexes (trigram and tsvector), which the planner combines with a BitmapOr.
 */
export const matchCondition = (pattern: string | SQLWrapper, query: SQL): SQL =>
  or(ilike(oops.title, pattern), ilike(oops.description, pattern), sql`${oops.searchVector} @@ ${query}`)!;

/** The condition of a search `term` (the list's `search`). */
export function fullTextCondition(term: string): SQL {
  const { pattern, query } = searchParams(term);
  return matchCondition(pattern, tsQuery(query));
}

/**
 * How close a title or description must come to the search for the typo-tolerant fallback (pg_trgm
 * word_similarity): "postgers" against "Postgres" is 0.45, unrelated words stay well under 0.3.
 */
export const FUZZY_THRESHOLD = 0.4;

/**
 * The typo-tolerant fallback's condition, asked only when the search matches nothing: a word of the title or the
 * description is close to the search (`<%`, served by the trigram indexes; the threshold is set for the transaction).
 */
export const fuzzyCondition = (term: string): SQL =>
  sql`(${term} <% ${oops.title} or ${term} <% ${oops.description})`;

/** Sets the fallback's threshold for the current transaction (SET LOCAL). */
export const fuzzyThreshold = sql`select set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`;

/**
 * Title-first rank: ts_rank with its default weights (A 1.0, B 0.4, C 0.2) plus 1 when the title holds the text as
 * a substring, so a title match always ranks above a match in the other fields.
 */
export const rankOf = (pattern: string, query: SQL): SQL<number> =>
  sql<number>`(ts_rank(${oops.searchVector}, ${query}) + case when ${oops.title} ilike ${pattern} then 1 else 0 end)::float8`;

// ---- Snippets: ts_headline marks matches with two control characters, which the server turns into plain text and
// match ranges; the web wraps the ranges in <mark>. No HTML ever leaves the server.

const START = '\u0002';
const STOP = '\u0003';
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;

/** ts_headline of `text` (markers stripped from the text first, so only ts_headline's own remain). */
export const headline = (text: SQL | SQLWrapper, query: SQL, whole = false): SQL<string> =>
  sql<string>`ts_headline(${SEARCH_CONFIG}, translate(coalesce(${text}, ''), ${START + STOP}, ''), ${query},
    ${whole ? `HighlightAll=true, StartSel=${START}, StopSel=${STOP}` : HEADLINE_OPTIONS})`;

/** A text with its matches as [start, end) ranges in UTF-16 code units (JavaScript string indices). */
export interface Highlighted {
  text: string;
  ranges: [number, number][];
}

/** Plain text and ranges of a ts_headline answer, with the substring's own matches added (merged, in order). */
export function highlighted(marked: string, term: string): Highlighted {
  let text = '';
  const ranges: [number, number][] = [];
  let open = -1;
  for (const char of marked) {
    if (char === START) open = text.length;
    else if (char === STOP) {
      if (open >= 0 && text.length > open) ranges.push([open, text.length]);
      open = -1;
    } else text += char;
  }
  ranges.push(...substringRanges(text, term.trim()));
  return { text, ranges: mergeRanges(ranges) };
}

/** Where `term` occurs in `text`, ignoring case (only where lower-casing keeps the length, as it does almost always). */
function substringRanges(text: string, term: string): [number, number][] {
  const haystack = text.toLowerCase();
  const needle = term.toLowerCase();
  if (!needle || haystack.length !== text.length) return [];
  const found: [number, number][] = [];
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) {
    found.push([at, at + needle.length]);
  }
  return found;
}

function mergeRanges(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

// GET /api/search (decision 040): the command palette's ranked search over the team's incidents, actions and lessons.
// Matches travel as plain text plus ranges, never as HTML: the web wraps the ranges in <mark>.
import { z } from 'zod';

export const SEARCH_LIMITS = { textMax: 200, perKindMax: 20, perKindDefault: 6 } as const;

export const searchQuery = z.strictObject({
  q: z
    .string({ error: 'Search text is required.' })
    .trim()
    .min(1, 'Search text is required.')
    .max(SEARCH_LIMITS.textMax, `Search text must be at most ${SEARCH_LIMITS.textMax} characters.`),
  /** Results of each kind (incidents, actions, lessons). */
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMITS.perKindMax).default(SEARCH_LIMITS.perKindDefault),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** A matched part of a text: [start, end) in UTF-16 code units, as JavaScript indexes strings. */
const range = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });

export const highlightedText = z.object({ text: z.string(), ranges: z.array(range) });
export type HighlightedText = z.infer<typeof highlightedText>;

export const searchIncident = z.object({
  id: z.number().int(),
  slug: z.string(),
  status: z.string(),
  title: highlightedText,
  /** The matching part of the description, root cause, lesson or mitigation (empty when only the title matched). */
  snippet: highlightedText,
  /** Higher is better: title matches first (weights A for the title, B description/root cause/lesson, C the rest). */
  rank: z.number(),
});

export const searchAction = z.object({
  id: z.number().int(),
  oops_id: z.number().int(),
  oops_slug: z.string(),
  status: z.string(),
  title: highlightedText,
});

export const searchLesson = z.object({
  id: z.number().int(),
  state: z.string(),
  text: highlightedText,
});

export const searchResponse = z.object({
  incidents: z.array(searchIncident),
  actions: z.array(searchAction),
  lessons: z.array(searchLesson),
  /** Nothing matched the words, so these incidents are close spellings of them (pg_trgm similarity). */
  fuzzy: z.boolean(),
});
export type SearchResponse = z.infer<typeof searchResponse>;
export type SearchIncident = z.infer<typeof searchIncident>;

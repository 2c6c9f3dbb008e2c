// Contracts of the log's saved views (/api/saved-views, decision 041): a user's named query strings of /oops in their
// current team. The query is checked as the list would read it, so a saved view always opens a valid page.
import { z } from 'zod';
import { listOopsQuery } from './oops';

export const SAVED_VIEW_LIMITS = { nameMax: 60, queryMax: 2000, perUser: 50 } as const;
/** How the log shows its rows: the spec's cards or the table (decision 041). */
export const LOG_VIEWS = ['cards', 'table'] as const;
export type LogView = (typeof LOG_VIEWS)[number];

export const SAVED_VIEW_TEXTS = {
  nameRequired: 'Give the view a name.',
  nameTooLong: `A view's name must be at most ${SAVED_VIEW_LIMITS.nameMax} characters.`,
  nameTaken: 'You already have a view of that name.',
  tooMany: `You can keep at most ${SAVED_VIEW_LIMITS.perUser} saved views: delete one first.`,
  queryTooLong: `A view's query must be at most ${SAVED_VIEW_LIMITS.queryMax} characters.`,
  notFound: 'Saved view not found.',
  paging: 'A saved view keeps filters, sort and view, not a page: leave out cursor, offset and limit.',
  view: `view must be one of ${LOG_VIEWS.join(', ')}.`,
} as const;

const PAGING = ['cursor', 'offset', 'limit'];

/** The first problem of a view's query string as the list would read it, or null when it is sound. */
export function savedQueryIssue(query: string): string | null {
  const params = new URLSearchParams(query);
  const entries: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    if (PAGING.includes(key)) return SAVED_VIEW_TEXTS.paging;
    const values = params.getAll(key);
    if (key === 'view') {
      if (values.length !== 1 || !(LOG_VIEWS as readonly string[]).includes(values[0]!)) return SAVED_VIEW_TEXTS.view;
      continue;
    }
    entries[key] = values.length === 1 ? values[0]! : values;
  }
  const parsed = listOopsQuery.safeParse(entries);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return issue.code === 'unrecognized_keys'
    ? `Unknown parameter: ${issue.keys.join(', ')}.`
    : `${issue.path.join('.') || 'query'}: ${issue.message}`;
}

const nameField = z
  .string({ error: SAVED_VIEW_TEXTS.nameRequired })
  .trim()
  .min(1, SAVED_VIEW_TEXTS.nameRequired)
  .max(SAVED_VIEW_LIMITS.nameMax, SAVED_VIEW_TEXTS.nameTooLong);

export const createSavedViewBody = z.strictObject({
  name: nameField,
  /** The /oops query string without its `?`, e.g. `status=Open&sort=severity&view=table`. */
  query: z
    .string({ error: 'Send the query string.' })
    .max(SAVED_VIEW_LIMITS.queryMax, SAVED_VIEW_TEXTS.queryTooLong)
    .transform((query) => query.replace(/^\?/, ''))
    .superRefine((query, ctx) => {
      const issue = savedQueryIssue(query);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
    }),
});
export type CreateSavedViewBody = z.input<typeof createSavedViewBody>;

export const renameSavedViewBody = z.strictObject({ name: nameField });

export const savedViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  query: z.string(),
  created_at: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewsResponse = z.object({ views: z.array(savedViewSchema) });
export const deleteSavedViewResponse = z.object({ success: z.literal(true) });

// The log's table filters and sorts (docs/product.md §2 /oops, decision 041): query parameters of GET /api/oops and of
// its CSV export, validated here so that the service only ever sees sound values and a bad one is a 400 naming it.
import { z } from 'zod';
import { SEVERITIES } from '../domain/options';
import { OOPS_LIMITS } from '../domain/oops-options';

/** The columns the log can be sorted by; `created` descending is the spec's order (newest first). */
export const OOPS_SORT_KEYS = [
  'created',
  'occurred',
  'severity',
  'status',
  'kind',
  'department',
  'type',
  'owner',
  'time_to_resolve',
  'completeness',
  'open_actions',
  'overdue_actions',
] as const;
export type OopsSortKey = (typeof OOPS_SORT_KEYS)[number];
export const OOPS_SORT_DIRS = ['asc', 'desc'] as const;
export type OopsSortDir = (typeof OOPS_SORT_DIRS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day (UTC) as YYYY-MM-DD; 2026-02-31 is refused rather than rolled over. */
const dayParam = (name: string) =>
  z
    .string()
    .refine(
      (day) => DAY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day,
      `${name} must be a date as YYYY-MM-DD, e.g. 2026-10-01.`,
    );

const textParam = (name: string) =>
  z
    .string()
    .trim()
    .min(1, `${name} must not be empty.`)
    .max(OOPS_LIMITS.shortTextMax, `${name} must be at most ${OOPS_LIMITS.shortTextMax} characters.`);

/** The new filters, each optional; several severities as a comma-separated list (severity=High,Critical). */
export const listFilterShape = {
  severity: z
    .string()
    .transform((text, ctx) => {
      const values = [...new Set(text.split(',').map((s) => s.trim()))].filter(Boolean);
      const bad = values.find((v) => !(SEVERITIES as readonly string[]).includes(v));
      if (bad !== undefined || values.length === 0) {
        ctx.addIssue({ code: 'custom', message: `severity must be one or more of ${SEVERITIES.join(', ')}.` });
        return z.NEVER;
      }
      // In the severities' own order, so that equal filters make one cache key.
      return SEVERITIES.filter((s) => values.includes(s));
    })
    .optional(),
  department: textParam('department').optional(),
  type: textParam('type').optional(),
  owner: textParam('owner').optional(),
  tag: textParam('tag')
    .transform((tag) => tag.toLowerCase())
    .optional(),
  occurred_from: dayParam('occurred_from').optional(),
  occurred_to: dayParam('occurred_to').optional(),
  overdue: z.enum(['true', 'false'], { error: 'overdue must be true or false.' }).optional(),
};

/** The sort of a page: `sort` one of OOPS_SORT_KEYS, `dir` asc or desc (desc by default). */
export const listSortShape = {
  sort: z
    .enum(OOPS_SORT_KEYS, { error: `sort must be one of ${OOPS_SORT_KEYS.join(', ')}.` })
    .optional(),
  dir: z.enum(OOPS_SORT_DIRS, { error: 'dir must be asc or desc.' }).optional(),
};

export type ListFilterParams = {
  [K in keyof typeof listFilterShape]?: z.output<(typeof listFilterShape)[K]>;
};

/** The period's order, which a schema of single fields cannot check: 400 when it ends before it starts. */
export function periodIssue(query: { occurred_from?: string; occurred_to?: string }): string | null {
  return query.occurred_from && query.occurred_to && query.occurred_from > query.occurred_to
    ? 'occurred_from must not be after occurred_to.'
    : null;
}

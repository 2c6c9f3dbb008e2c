// Contracts of the trends and distributions calls (decision 051): GET /api/team/current/trends and
// GET /api/team/current/distributions.
import { z } from 'zod';
import { SEVERITIES } from '../domain/options';
import { OOPS_KINDS } from '../domain/oops-options';
import { DURATION_BINS, TRENDS_MAX_DAYS, spanDays } from '../domain/trends';

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD.')
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      message: 'Not a real date.',
    },
  );

/** A period of whole UTC days (both ends included) and the filters of both calls. */
export const trendsQuery = z
  .strictObject({
    from: isoDate.optional(),
    to: isoDate.optional(),
    kind: z.enum(OOPS_KINDS).optional(),
    severity: z.enum(SEVERITIES).optional(),
    department: z.string().trim().min(1).max(100).optional(),
    t: z.string().max(30).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to.',
    path: ['from'],
  })
  .refine((q) => !q.from || !q.to || spanDays(q.from, q.to) <= TRENDS_MAX_DAYS, {
    message: `A period is at most ${TRENDS_MAX_DAYS} days.`,
    path: ['from'],
  });
export type TrendsQuery = z.infer<typeof trendsQuery>;

const periodSchema = z.object({
  from: z.string().describe('First day (UTC), included'),
  to: z.string().describe('Last day (UTC), included'),
});

const severityCounts = z.object({
  Low: z.number(),
  Medium: z.number(),
  High: z.number(),
  Critical: z.number(),
});

export const trendWeekSchema = z.object({
  start: z.string().describe('Monday (UTC) of the week'),
  incidents: severityCounts,
  near_misses: z.number(),
  learning_moments: z.number(),
});

export const trendMonthSchema = z.object({
  start: z.string().describe('First day (UTC) of the month'),
  incidents: z.number(),
  near_misses: z.number(),
  /** Near-misses per incident (null without incidents). */
  near_miss_ratio: z.number().nullable(),
  resolved: z.number(),
  resolve_median_minutes: z.number().nullable(),
  resolve_p90_minutes: z.number().nullable(),
  /** Incidents that repeat an earlier one, and their share of the month's incidents in percent. */
  repeats: z.number(),
  repeat_rate: z.number().nullable(),
  /** Follow-up actions created in the month: done by their due date, done after it, still open. */
  actions_on_time: z.number(),
  actions_late: z.number(),
  actions_open: z.number(),
});

/** The period's figures and the previous period's of the same length, for the KPI tiles' change. */
export const trendTotalsSchema = z.object({
  incidents: z.number(),
  near_misses: z.number(),
  high_critical: z.number(),
  resolved: z.number(),
  resolve_median_minutes: z.number().nullable(),
});

export const trendsResponse = z.object({
  period: periodSchema,
  previous: periodSchema,
  weeks: z.array(trendWeekSchema),
  months: z.array(trendMonthSchema),
  totals: z.object({ current: trendTotalsSchema, previous: trendTotalsSchema }),
});
export type TrendsResponse = z.infer<typeof trendsResponse>;

export const durationSummarySchema = z.object({
  count: z.number(),
  median_minutes: z.number().nullable(),
  p90_minutes: z.number().nullable(),
  /** The mean, as the report's MTTR has it. */
  mean_minutes: z.number().nullable(),
  /** Counts per bin of DURATION_BINS, in their order. */
  histogram: z.array(z.object({ bin: z.enum(DURATION_BINS.map((b) => b.label)), count: z.number() })),
});
export type DurationSummary = z.infer<typeof durationSummarySchema>;

export const distributionsResponse = z.object({
  period: periodSchema,
  detect: durationSummarySchema,
  resolve: durationSummarySchema,
  review: durationSummarySchema,
});
export type DistributionsResponse = z.infer<typeof distributionsResponse>;

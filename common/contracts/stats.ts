// Contracts of the statistics calls (docs/product.md §3 Oops stats, Department stats, Last-by-department, Team stats row).
import { z } from 'zod';
import { REPORT_PERIOD_DAYS } from '../domain/dashboard';
import { repeatChainSchema } from './links';

export const statsQuery = z.strictObject({
  days: z.coerce
    .number()
    .int()
    // Bounds of the documented integer; the list below is the rule.
    .min(1, `days must be one of ${REPORT_PERIOD_DAYS.join(', ')}.`)
    .max(Math.max(...REPORT_PERIOD_DAYS), `days must be one of ${REPORT_PERIOD_DAYS.join(', ')}.`)
    .refine(
      (d) => (REPORT_PERIOD_DAYS as readonly number[]).includes(d),
      `days must be one of ${REPORT_PERIOD_DAYS.join(', ')}.`,
    )
    .optional(),
  t: z.string().max(30).optional(),
});

export const oopsStatsSchema = z.object({
  period_days: z.number(),
  total_oops: z.number(),
  /** Incidents in the period (default 30 days). */
  recent_oops: z.number(),
  this_month: z.number(),
  high_critical: z.number(),
  severity_breakdown: z.object({
    Low: z.number(),
    Medium: z.number(),
    High: z.number(),
    Critical: z.number(),
  }),
  mttr_minutes: z.number().nullable(),
  resolved_count: z.number(),
  avg_completeness: z.number().nullable(),
  trend: z.enum(['Improving', 'Needs Attention', 'Stable']),
  previous_period_oops: z.number(),
  near_misses: z.number(),
  learning_moments: z.number(),
  best_streak_days: z.number(),
  current_streak_days: z.number().nullable(),
  last_oops_at: z.string().nullable(),
  /** The team's open follow-up actions now, and how many are overdue (not limited to the period). */
  open_actions: z.number(),
  overdue_actions: z.number(),
  /** Of the period: actions completed in it; the share (percent) of actions created in it that are done now (null
   * without any); the median days from creation to completion of those completed in it (null without any). */
  actions_completed: z.number(),
  action_completion_rate: z.number().nullable(),
  median_days_to_complete: z.number().nullable(),
  /** Verified fixes of the period (decision 048): verified in it, failed verification in it, and of the actions
   * completed in it those still done without a verification (none planned or the answer pending). */
  actions_verified: z.number().optional(),
  actions_failed_verification: z.number().optional(),
  actions_unverified: z.number().optional(),
  /** Lessons adopted in the period (decision 020). */
  lessons_adopted: z.number(),
  /** Recurrence (decision 019): incidents of the period that repeat an earlier one, and their share in percent. */
  repeats: z.number(),
  repeat_rate: z.number().nullable(),
  /** Repeats of the period whose earlier incident's follow-up actions were all done. */
  repeated_despite_action: z.number(),
  /** Near-misses logged per incident in the period (null without incidents). */
  near_miss_ratio: z.number().nullable(),
  /** Chains of repeats ending in the period, earliest incident first (at most 10). */
  repeat_chains: z.array(repeatChainSchema),
  recommendations: z.object({ focus_areas: z.array(z.string()), growth_opportunities: z.array(z.string()) }),
  /** Triage (decision 049): the median hours from logging to triage of the reports triaged in the period (null
   * without any), and the share (percent) of the period's reports triaged within 7 days of being logged (null
   * without any whose 7 days have passed or that were triaged in them). */
  triage_median_hours: z.number().nullable().optional(),
  triaged_within_7_days_rate: z.number().nullable().optional(),
});
export type OopsStats = z.infer<typeof oopsStatsSchema>;

/** GET /api/oops/last: the newest incident (404 when there is none). */
export const lastOopsSchema = z.object({
  id: z.number(),
  id_slug: z.string(),
  title: z.string(),
  severity: z.string(),
  area_department: z.string().nullable(),
  created_at: z.string(),
});
export type LastOops = z.infer<typeof lastOopsSchema>;

export const departmentStatsSchema = z.array(
  z.object({
    department: z.string(),
    days_since_last: z.number(),
    last_oops_date: z.string(),
    total_oops: z.number(),
    avg_impact: z.number().nullable(),
    impact: z.number().nullable(),
  }),
);
export const lastByDepartmentSchema = z.array(z.object({ department: z.string(), last_oops: z.string() }));

export const teamStatsSchema = z.array(
  z.object({
    team_id: z.number(),
    team_name: z.string(),
    member_count: z.number(),
    total_oops: z.number(),
    recent_oops: z.number(),
    high_severity_oops: z.number(),
    medium_severity_oops: z.number(),
    low_severity_oops: z.number(),
    last_oops_date: z.string().nullable(),
  }),
);

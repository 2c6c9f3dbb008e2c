// Test data for the dashboard's component tests, typed from the contracts so a contract change breaks them.
import type { AttentionResponse } from '../../../common/contracts/dashboard-attention';
import type { OopsStats } from '../../../common/contracts/stats';
import { DAY_MS } from '../../../common/domain/dashboard';
import { buildOopsSummary } from '../../test/oops-fields';
import type { DepartmentStat } from './api/department-stats';
import type { LastOops } from './api/last-oops';
import type { TimelineOops } from './api/timeline-oops';

export const NOW = new Date('2026-06-30T12:00:00Z');
export const daysAgo = (days: number, from = NOW) => new Date(from.getTime() - days * DAY_MS).toISOString();

export function buildStats(overrides: Partial<OopsStats> = {}): OopsStats {
  return {
    period_days: 30,
    total_oops: 0,
    recent_oops: 0,
    this_month: 0,
    high_critical: 0,
    severity_breakdown: { Low: 0, Medium: 0, High: 0, Critical: 0 },
    mttr_minutes: null,
    resolved_count: 0,
    avg_completeness: null,
    trend: 'Stable',
    previous_period_oops: 0,
    near_misses: 0,
    learning_moments: 0,
    best_streak_days: 0,
    current_streak_days: null,
    last_oops_at: null,
    open_actions: 0,
    overdue_actions: 0,
    actions_completed: 0,
    action_completion_rate: null,
    median_days_to_complete: null,
    lessons_adopted: 0,
    repeats: 0,
    repeat_rate: 0,
    repeated_despite_action: 0,
    near_miss_ratio: null,
    repeat_chains: [],
    recommendations: { focus_areas: [], growth_opportunities: [] },
    ...overrides,
  };
}

export function buildLast(overrides: Partial<LastOops> = {}): LastOops {
  return {
    id: 7,
    id_slug: '7-db-outage',
    title: 'DB outage',
    severity: 'High',
    area_department: 'Engineering',
    created_at: daysAgo(3),
    ...overrides,
  };
}

export function buildDepartment(overrides: Partial<DepartmentStat> = {}): DepartmentStat {
  return {
    department: 'Engineering',
    days_since_last: 2,
    last_oops_date: daysAgo(2),
    total_oops: 4,
    avg_impact: 4.25,
    impact: 4.25,
    ...overrides,
  };
}

let nextId = 100;
export function buildTimelineOops(overrides: Partial<TimelineOops> = {}): TimelineOops {
  const id = nextId++;
  return buildOopsSummary({
    id,
    slug: `incident-${id}`,
    id_slug: `${id}-incident-${id}`,
    title: `Incident ${id}`,
    description: 'Something broke for a while.',
    what_happened: 'Something broke for a while.',
    severity: 'Medium',
    oops_type: null,
    users_affected: null,
    systems_impacted: null,
    detection_method: null,
    preventability: null,
    tags: [],
    team_name: 'Team',
    created_at: daysAgo(1),
    updated_at: daysAgo(1),
    created_by: 'Tester',
    completeness: 50,
    open_actions: 0,
    ...overrides,
  });
}

export const listBody = (oops: TimelineOops[]) => ({
  oops,
  total: oops.length,
  matched: oops.length,
  matched_capped: false,
  next_cursor: null,
});

/** GET /api/dashboard/attention with nothing to attend to and no checklist, unless told otherwise. */
export function buildAttention(overrides: Partial<AttentionResponse> = {}): AttentionResponse {
  const none = { items: [], total: 0 };
  return {
    open: none,
    awaiting_review: none,
    my_actions: none,
    without_lesson: none,
    onboarding: null,
    ...overrides,
  };
}

// Test data for the report's component tests, typed from the contracts so a contract change breaks them.
import type { OopsStats } from '../../../common/contracts/stats';
import { buildOopsSummary } from '../../test/oops-fields';
import type { DepartmentStats } from './api/get-department-stats';
import type { OopsList } from './api/get-recent-oops';

export function buildStats(overrides: Partial<OopsStats> = {}): OopsStats {
  return {
    period_days: 30,
    total_oops: 12,
    recent_oops: 4,
    this_month: 3,
    high_critical: 2,
    severity_breakdown: { Low: 1, Medium: 1, High: 1, Critical: 1 },
    mttr_minutes: 150,
    resolved_count: 2,
    avg_completeness: 72,
    trend: 'Improving',
    previous_period_oops: 8,
    near_misses: 0,
    learning_moments: 0,
    best_streak_days: 20,
    current_streak_days: 2,
    last_oops_at: '2026-01-10T10:00:00.000Z',
    open_actions: 4,
    overdue_actions: 1,
    actions_completed: 3,
    action_completion_rate: 60,
    actions_verified: 2,
    actions_failed_verification: 1,
    actions_unverified: 4,
    median_days_to_complete: 4.5,
    lessons_adopted: 2,
    repeats: 1,
    repeat_rate: 25,
    repeated_despite_action: 1,
    near_miss_ratio: 0.5,
    repeat_chains: [
      {
        incidents: [
          { id: 1, id_slug: '1-db-outage', title: 'DB outage' },
          { id: 4, id_slug: '4-db-outage-again', title: 'DB outage again' },
        ],
      },
    ],
    recommendations: {
      focus_areas: ['Engineering: 2 high-severity incidents this period.'],
      growth_opportunities: ['Log near-misses too: they show risks before they become incidents.'],
    },
    ...overrides,
  };
}

export function buildDepartments(count: number): DepartmentStats {
  return Array.from({ length: count }, (_, i) => ({
    department: `Department ${i + 1}`,
    days_since_last: i,
    last_oops_date: '2026-01-10T10:00:00.000Z',
    total_oops: i + 1,
    avg_impact: 4.25,
    impact: 4.25,
  }));
}

export function buildOopsList(count: number): OopsList {
  const oops = Array.from({ length: count }, (_, i) =>
    buildOopsSummary({
      id: i + 1,
      slug: `incident-${i + 1}`,
      id_slug: `${i + 1}-incident-${i + 1}`,
      title: `Incident ${i + 1}`,
      description: 'Something broke in production.',
      what_happened: 'Something broke in production.',
      team_name: 'Team 1',
      created_at: '2026-01-10T10:00:00.000Z',
      updated_at: '2026-01-10T10:00:00.000Z',
      created_by: 'Ada',
      completeness: 50,
      open_actions: 0,
    }),
  );
  return { oops, total: count, matched: count, matched_capped: false, next_cursor: null };
}

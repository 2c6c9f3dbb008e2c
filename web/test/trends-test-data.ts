// Answers of the trends calls for web tests: two months of a hand-built team.
import type {
  DistributionsResponse,
  DurationSummary,
  TrendsResponse,
} from '../../common/contracts/trends';
import { DURATION_BINS } from '../../common/domain/trends';

export function buildTrends(overrides: Partial<TrendsResponse> = {}): TrendsResponse {
  return {
    period: { from: '2026-01-05', to: '2026-02-28' },
    previous: { from: '2025-11-11', to: '2026-01-04' },
    weeks: [
      {
        start: '2026-01-05',
        incidents: { Low: 1, Medium: 1, High: 1, Critical: 2 },
        near_misses: 2,
        learning_moments: 0,
      },
      {
        start: '2026-01-12',
        incidents: { Low: 0, Medium: 0, High: 0, Critical: 0 },
        near_misses: 0,
        learning_moments: 0,
      },
    ],
    months: [
      {
        start: '2026-01-01',
        incidents: 5,
        near_misses: 2,
        near_miss_ratio: 0.4,
        resolved: 5,
        resolve_median_minutes: 600,
        resolve_p90_minutes: 9792,
        repeats: 0,
        repeat_rate: 0,
        actions_on_time: 1,
        actions_late: 1,
        actions_open: 1,
      },
    ],
    totals: {
      current: {
        incidents: 30,
        near_misses: 4,
        high_critical: 12,
        resolved: 25,
        resolve_median_minutes: 600,
      },
      previous: {
        incidents: 28,
        near_misses: 1,
        high_critical: 5,
        resolved: 20,
        resolve_median_minutes: 720,
      },
    },
    ...overrides,
  };
}

export function buildSummary(counts: number[] = [1, 2, 1, 1, 0, 1, 0]): DurationSummary {
  return {
    count: counts.reduce((a, b) => a + b, 0),
    median_minutes: 360,
    p90_minutes: 8640,
    mean_minutes: 3015,
    histogram: DURATION_BINS.map((b, i) => ({ bin: b.label, count: counts[i] ?? 0 })),
  };
}

export function buildDistributions(): DistributionsResponse {
  return {
    period: { from: '2026-01-05', to: '2026-02-28' },
    detect: buildSummary([0, 5, 0, 0, 0, 0, 0]),
    resolve: buildSummary(),
    review: buildSummary([0, 0, 0, 1, 1, 0, 0]),
  };
}

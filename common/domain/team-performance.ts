// Team performance widget (docs/product.md §2, §9): hides the team named 'Personal Team'; summary Teams, Clean (30d), High
// Severity, Total Members; recent-count colour thresholds 0, up to 2, up to 5 (the spec leaves the colours open).
import { PERSONAL_TEAM_NAME } from './dashboard';

interface TeamRow {
  team_name: string;
  member_count: number;
  recent_oops: number;
  high_severity_oops: number;
}

export function visibleTeams<T extends { team_name: string }>(rows: readonly T[]): T[] {
  return rows.filter((row) => row.team_name !== PERSONAL_TEAM_NAME);
}

export interface TeamSummary {
  teams: number;
  /** Teams with no incident in the recent window (RECENT_DAYS). */
  clean: number;
  highSeverity: number;
  members: number;
}

export function teamSummary(rows: readonly TeamRow[]): TeamSummary {
  return {
    teams: rows.length,
    clean: rows.filter((r) => r.recent_oops === 0).length,
    highSeverity: rows.reduce((sum, r) => sum + r.high_severity_oops, 0),
    members: rows.reduce((sum, r) => sum + r.member_count, 0),
  };
}

export type RecentCountColor = 'green' | 'yellow' | 'orange' | 'red';

/** 0 green; up to 2 yellow; up to 5 orange; more red. */
export function recentCountColor(recent: number): RecentCountColor {
  if (recent <= 0) return 'green';
  if (recent <= 2) return 'yellow';
  if (recent <= 5) return 'orange';
  return 'red';
}

import { describe, expect, it } from 'vitest';
import { timelineErrorKind, timelineErrorRetryable } from './dashboard-texts';
import { recentCountColor, teamSummary, visibleTeams } from './team-performance';

const row = (team_name: string, recent_oops: number, high_severity_oops: number, member_count: number) => ({
  team_name,
  recent_oops,
  high_severity_oops,
  member_count,
});

describe('team performance', () => {
  it("hides the team named 'Personal Team' and sums the rest", () => {
    const rows = visibleTeams([row('Personal Team', 9, 9, 1), row('Ops', 0, 2, 4), row('Web', 3, 1, 5)]);
    expect(rows.map((r) => r.team_name)).toEqual(['Ops', 'Web']);
    expect(teamSummary(rows)).toEqual({ teams: 2, clean: 1, highSeverity: 3, members: 9 });
    expect(teamSummary([])).toEqual({ teams: 0, clean: 0, highSeverity: 0, members: 0 });
  });

  it('colours the recent count at 0, up to 2, up to 5', () => {
    expect([0, 1, 2, 3, 5, 6].map(recentCountColor)).toEqual([
      'green',
      'yellow',
      'yellow',
      'orange',
      'orange',
      'red',
    ]);
  });
});

describe('timeline error kinds (docs/product.md §4)', () => {
  it('maps statuses to kinds and offers Try Again for network, server and unknown', () => {
    expect([0, 401, 403, 404, 500, 503, 400].map((s) => timelineErrorKind(s))).toEqual([
      'network',
      'auth',
      'auth',
      'no-data',
      'server',
      'server',
      'unknown',
    ]);
    expect(timelineErrorKind(200, true)).toBe('unknown');
    expect(
      ['network', 'server', 'unknown', 'auth', 'no-data'].map((k) => timelineErrorRetryable(k as never)),
    ).toEqual([true, true, true, false, false]);
  });
});

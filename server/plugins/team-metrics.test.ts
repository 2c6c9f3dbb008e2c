// A team's learning figures on /metrics (decision 053): only for teams that share them, by team id only.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { signUp } from '../test/factories';
import { logOops } from '../test/oops-factory';

const HOUR = 3_600_000;

describe("the sharing teams' figures on /metrics", () => {
  it('counts records and buckets times to resolve for a team that shares them, and says nothing of others', async () => {
    const app = await createTestApp();
    const port = await app.metrics.listen(0);
    const sharing = await signUp(app);
    const quiet = await signUp(app);
    const occurred = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR).toISOString();
    // Resolved after 30 minutes (≤ 1 h), after 50 hours (≤ 3 d), and one still open.
    await logOops(app, sharing, {
      severity: 'High',
      title: 'Secret title of the sharing team',
      occurred_at: occurred(100),
      resolved_at: occurred(99.5),
    });
    await logOops(app, sharing, { severity: 'Low', occurred_at: occurred(60), resolved_at: occurred(10) });
    await logOops(app, sharing, { severity: 'Low' });
    await logOops(app, sharing, { severity: 'Low', kind: 'near_miss' });
    await logOops(app, quiet, { severity: 'Critical', occurred_at: occurred(5), resolved_at: occurred(4) });

    const put = await app.inject({
      method: 'PUT',
      url: '/api/team/current/metrics-sharing',
      headers: sharing.auth,
      payload: { enabled: true },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().share_metrics).toBe(true);

    const body = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const team = put.json().id as number;
    const line = (name: string, labels: string) =>
      Number(new RegExp(`^${name}\\{${labels}\\} ([\\d.]+)$`, 'm').exec(body)?.[1]);
    expect(line('oopsboard_team_records', `team_id="${team}",kind="incident",severity="Low"`)).toBe(2);
    expect(line('oopsboard_team_records', `team_id="${team}",kind="incident",severity="High"`)).toBe(1);
    expect(line('oopsboard_team_records', `team_id="${team}",kind="near_miss",severity="Low"`)).toBe(1);
    const bucket = (le: string) =>
      line('oopsboard_team_time_to_resolve_seconds_bucket', `team_id="${team}",le="${le}"`);
    expect(bucket('3600')).toBe(1);
    expect(bucket('86400')).toBe(1);
    expect(bucket('259200')).toBe(2);
    expect(bucket('\\+Inf')).toBe(2);
    expect(line('oopsboard_team_time_to_resolve_seconds_count', `team_id="${team}"`)).toBe(2);
    expect(line('oopsboard_team_time_to_resolve_seconds_sum', `team_id="${team}"`)).toBeCloseTo(
      0.5 * 3600 + 50 * 3600,
      -1,
    );
    // One team's figures only, and nothing that names it or its incidents.
    expect(body.match(/team_id="(\d+)"/g)?.every((label) => label === `team_id="${team}"`)).toBe(true);
    expect(body).not.toContain('Secret title');
    expect(body).not.toContain(sharing.email);
    await app.close();
  });
});

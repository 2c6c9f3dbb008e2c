// Each statistics endpoint against a hand-built data set with known answers.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { oops } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { memberOf, signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';

let app: FastifyInstance;
let me: SignedIn;
let empty: SignedIn;

// One anchor for all rows, so gaps between them are exact whole days.
const anchor = Date.now() - 60_000;
async function at(daysAgo: number, fields: Record<string, unknown>, as = me) {
  const o = await logOops(app, as, fields);
  await app.db
    .update(oops)
    .set({ createdAt: new Date(anchor - daysAgo * 86_400_000) })
    .where(eq(oops.id, o.id));
  return o;
}

beforeAll(async () => {
  app = await createTestApp();
  me = await signUp(app);
  empty = await signUp(app);
  // Engineering: one of each severity (avg impact (7+5+3+2)/4 = 4.25); Support: one High 40 days ago.
  await at(2, { severity: 'Critical', area_department: 'Engineering' });
  await at(5, { severity: 'High', area_department: 'Engineering' });
  await at(12, { severity: 'Medium', area_department: 'Engineering' });
  await at(20, { severity: 'Low', area_department: 'Engineering' });
  await at(40, { severity: 'High', area_department: 'Support' });
  // Near-misses and learning moments never count as incidents (even the newest one).
  await at(0, { severity: 'Critical', area_department: 'Engineering', kind: 'near_miss' });
  await at(1, { severity: 'Low', area_department: 'HR', kind: 'learning_moment' });
});

const get = (url: string, as = me) => app.inject({ url, headers: as.auth });

describe('GET /api/oops/department-stats', () => {
  it('averages impact points per department and counts only incidents', async () => {
    const res = await get('/api/oops/department-stats?t=123');
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      department: 'Engineering',
      total_oops: 4,
      avg_impact: 4.25,
      days_since_last: 2,
    });
    expect(rows[1]).toMatchObject({
      department: 'Support',
      total_oops: 1,
      avg_impact: 5,
      days_since_last: 40,
    });
  });

  it('is empty for a team without incidents', async () => {
    expect((await get('/api/oops/department-stats', empty)).json()).toEqual([]);
  });
});

describe('GET /api/oops/last-by-department', () => {
  it('lists the last incident date per department', async () => {
    const rows = (await get('/api/oops/last-by-department')).json();
    expect(rows.map((r: { department: string }) => r.department)).toEqual(['Engineering', 'Support']);
  });
});

describe('GET /api/oops/last', () => {
  it('is the newest incident, ignoring near-misses and learning moments', async () => {
    const res = await get('/api/oops/last');
    expect(res.json()).toMatchObject({ severity: 'Critical', area_department: 'Engineering' });
  });
  it('answers 404 when there is none', async () => {
    expect((await get('/api/oops/last', empty)).statusCode).toBe(404);
  });
});

describe('GET /api/oops/stats', () => {
  it('counts the default 30-day period, severities, kinds and streaks', async () => {
    const s = (await get('/api/oops/stats')).json();
    expect(s).toMatchObject({
      period_days: 30,
      total_oops: 5,
      recent_oops: 4,
      previous_period_oops: 1,
      high_critical: 2,
      severity_breakdown: { Low: 1, Medium: 1, High: 1, Critical: 1 },
      near_misses: 1,
      learning_moments: 1,
      resolved_count: 0,
      mttr_minutes: null,
      current_streak_days: 2,
      best_streak_days: 20,
      trend: 'Needs Attention',
    });
    expect(s.recommendations.focus_areas.length).toBeGreaterThan(0);
    expect(s.recommendations.growth_opportunities.length).toBeGreaterThan(0);
  });

  it('applies the period and computes MTTR from closed incidents', async () => {
    const team = await signUp(app);
    const o = await logOops(app, team, {
      severity: 'High',
      occurred_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    });
    await app.inject({
      method: 'PUT',
      url: `/api/oops/${o.id}`,
      headers: team.auth,
      payload: { status: 'Closed' },
    });
    const s = (await get('/api/oops/stats?days=90', team)).json();
    expect(s.period_days).toBe(90);
    expect(s.resolved_count).toBe(1);
    expect(s.mttr_minutes).toBeGreaterThanOrEqual(179);
    expect(s.mttr_minutes).toBeLessThanOrEqual(181);
    expect((await get('/api/oops/stats?days=45', team)).statusCode).toBe(400);
  });

  it('answers zeros and defaults for an empty team', async () => {
    const s = (await get('/api/oops/stats', empty)).json();
    expect(s).toMatchObject({
      total_oops: 0,
      recent_oops: 0,
      best_streak_days: 0,
      current_streak_days: null,
      last_oops_at: null,
      avg_completeness: null,
      trend: 'Stable',
    });
    expect(s.recommendations.focus_areas[0]).toMatch(/postmortem/);
  });
});

describe('GET /api/teams/stats', () => {
  it('has one row per team of the user with counts', async () => {
    const rows = (await get('/api/teams/stats')).json();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      team_name: me.user.team!.name,
      member_count: 1,
      total_oops: 5,
      recent_oops: 4,
      high_severity_oops: 3,
      medium_severity_oops: 1,
      low_severity_oops: 1,
    });
  });
});

describe('isolation', () => {
  it('never counts another team', async () => {
    const other = await signUp(app);
    await memberOf(app, other.user.team!.id, 'member');
    for (const url of [
      '/api/oops/stats',
      '/api/oops/department-stats',
      '/api/oops/last-by-department',
      '/api/teams/stats',
    ]) {
      const body = (await get(url, other)).body;
      expect(body, url).not.toContain('Engineering');
      expect(body, url).not.toContain(me.user.team!.name);
    }
    expect((await get('/api/oops/stats', other)).json().total_oops).toBe(0);
  });
});

describe('cached statistics', () => {
  it('reflect a change at once: the team cache is emptied by the change', async () => {
    const team = await signUp(app);
    await logOops(app, team, { severity: 'Low' });
    const first = (await get('/api/oops/stats', team)).json();
    expect((await get('/api/oops/stats', team)).json()).toEqual(first);
    const o = await logOops(app, team, { severity: 'Critical', area_department: 'Finance' });
    expect((await get('/api/oops/stats', team)).json().total_oops).toBe(first.total_oops + 1);
    expect((await get('/api/oops/department-stats', team)).json()[0].department).toBe('Finance');
    await app.inject({
      method: 'PUT',
      url: `/api/oops/${o.id}`,
      headers: team.auth,
      payload: { status: 'Closed' },
    });
    expect((await get('/api/oops/stats', team)).json().resolved_count).toBe(1);
  });
});

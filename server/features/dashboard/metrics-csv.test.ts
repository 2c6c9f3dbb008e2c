// The metrics CSV carries the executive report's figures for its period, one per row.
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../test/app';
import { signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';

let app: FastifyInstance;
let me: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  app = await createTestApp();
  me = await signUp(app);
  other = await signUp(app);
  await logOops(app, me, { severity: 'High', title: '=HYPERLINK("x") in a title is never a figure' });
  await logOops(app, me, { severity: 'Low' });
  await logOops(app, me, { severity: 'Low', kind: 'near_miss' });
  await logOops(app, other, { severity: 'Critical' });
});

const csvOf = async (url: string, as: SignedIn) => {
  const res = await app.inject({ url, headers: as.auth });
  expect(res.statusCode, res.body).toBe(200);
  return { res, rows: parse<{ metric: string; value: string }>(res.body, { columns: true }) };
};

describe('GET /api/oops/stats.csv', () => {
  it("has every figure of the report's answer for the same period, and only the team's own", async () => {
    const { res, rows } = await csvOf('/api/oops/stats.csv?days=90', me);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="oopsboard-metrics-90d.csv"');
    const stats = (await app.inject({ url: '/api/oops/stats?days=90', headers: me.auth })).json();
    const value = (name: string) => rows.find((r) => r.metric === name)?.value;
    expect(value('period_days')).toBe('90');
    expect(value('recent_oops')).toBe(String(stats.recent_oops));
    expect(value('recent_oops')).toBe('2');
    expect(value('near_misses')).toBe('1');
    expect(value('severity_breakdown.High')).toBe('1');
    expect(value('severity_breakdown.Critical')).toBe('0');
    expect(value('trend')).toBe(stats.trend);
    // Absent figures are empty cells, lists and sentences are left out.
    expect(value('mttr_minutes')).toBe('');
    expect(
      rows.some((r) => r.metric.startsWith('repeat_chains') || r.metric.startsWith('recommendations')),
    ).toBe(false);
    const start = Date.parse(value('period_start')!);
    const end = Date.parse(value('period_end')!);
    expect(end - start).toBe(90 * 86_400_000);
    // Every scalar figure of the JSON answer has its row.
    for (const [key, figure] of Object.entries(stats)) {
      if (typeof figure === 'number' || typeof figure === 'string')
        expect(value(key), key).toBe(String(figure));
    }
  });

  it('refuses a period the report does not offer, and callers without a session', async () => {
    const bad = await app.inject({ url: '/api/oops/stats.csv?days=13', headers: me.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/days must be one of/);
    expect((await app.inject({ url: '/api/oops/stats.csv' })).statusCode).toBe(401);
  });
});

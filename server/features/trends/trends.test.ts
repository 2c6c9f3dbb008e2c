// Trends and distributions (decision 051) against a hand-built data set with known answers, on PGlite and
// PostgreSQL like the rest of the API suite.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { oops, oopsActions, oopsLinks } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';

let app: FastifyInstance;
let me: SignedIn;
let other: SignedIn;

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const t = (iso: string) => new Date(iso);

interface Built {
  created: string;
  kind?: string;
  severity?: string;
  department?: string;
  /** Minutes from the start (occurred, else created) to the resolution. */
  resolveMin?: number;
  detectMin?: number;
  /** Closed with a lesson this many minutes after the resolution. */
  reviewMin?: number;
}

async function build(as: SignedIn, b: Built) {
  const o = await logOops(app, as, {
    kind: b.kind ?? 'incident',
    severity: b.severity ?? 'High',
    area_department: b.department ?? 'Engineering',
    ...(b.reviewMin !== undefined ? { lesson_learned: 'Check the pool size first.' } : {}),
  });
  const created = t(b.created);
  const start = b.detectMin === undefined ? created : new Date(created.getTime() - b.detectMin * MIN);
  const resolved = b.resolveMin === undefined ? null : new Date(start.getTime() + b.resolveMin * MIN);
  await app.db
    .update(oops)
    .set({
      createdAt: created,
      occurredAt: b.detectMin === undefined ? null : start,
      resolvedAt: resolved,
      status: b.reviewMin === undefined ? 'Open' : 'Closed',
      updatedAt: b.reviewMin === undefined ? created : new Date(resolved!.getTime() + b.reviewMin * MIN),
    })
    .where(eq(oops.id, o.id));
  return o.id;
}

let januaryFirst: number;
let february: number;

beforeAll(async () => {
  app = await createTestApp();
  me = await signUp(app);
  other = await signUp(app);
  // January (week of 5 January): five incidents, each occurring 3 h before it was logged, resolved after 30 min,
  // 2 h, 10 h, 2 d and 10 d; two of them closed with a lesson 1 d and 5 d after their resolution.
  januaryFirst = await build(me, {
    created: '2026-01-05T10:00:00Z',
    severity: 'Low',
    resolveMin: 30,
    detectMin: 180,
    reviewMin: 1440,
  });
  await build(me, { created: '2026-01-06T10:00:00Z', severity: 'Medium', resolveMin: 120, detectMin: 180 });
  await build(me, { created: '2026-01-07T10:00:00Z', severity: 'High', resolveMin: 600, detectMin: 180 });
  await build(me, {
    created: '2026-01-08T10:00:00Z',
    severity: 'Critical',
    resolveMin: 2880,
    detectMin: 180,
    department: 'Support',
    reviewMin: 7200,
  });
  await build(me, {
    created: '2026-01-09T10:00:00Z',
    severity: 'Critical',
    resolveMin: 14400,
    detectMin: 180,
    department: 'Support',
  });
  // Two near-misses in the same week; one learning moment on the last day of the period.
  await build(me, { created: '2026-01-06T12:00:00Z', kind: 'near_miss' });
  await build(me, { created: '2026-01-07T12:00:00Z', kind: 'near_miss', department: 'Support' });
  await build(me, { created: '2026-02-28T23:59:00Z', kind: 'learning_moment' });
  // February: one High incident, resolved after an hour, repeating January's first.
  february = await build(me, { created: '2026-02-10T08:00:00Z', resolveMin: 60 });
  await app.db
    .insert(oopsLinks)
    .values({ teamId: me.user.team!.id, oopsId: february, otherId: januaryFirst, isRepeat: true });
  // The previous period of the same length (11 November – 4 January): one incident.
  await build(me, { created: '2025-12-15T09:00:00Z' });
  // Just outside the period on either side, so its bounds are tested to the minute.
  await build(me, { created: '2026-01-04T23:59:00Z', kind: 'near_miss' });
  await build(me, { created: '2026-03-01T00:00:00Z' });
  // Actions on January's first incident, created on 7 January: one done on time, one late, one open.
  const created = t('2026-01-07T09:00:00Z');
  await app.db.insert(oopsActions).values([
    {
      oopsId: januaryFirst,
      title: 'On time',
      dueDate: '2026-01-10',
      status: 'done',
      completedAt: t('2026-01-10T18:00:00Z'),
      createdAt: created,
    },
    {
      oopsId: januaryFirst,
      title: 'Late',
      dueDate: '2026-01-10',
      status: 'done',
      completedAt: t('2026-01-11T08:00:00Z'),
      createdAt: created,
    },
    { oopsId: januaryFirst, title: 'Open', dueDate: '2026-01-10', createdAt: created },
  ]);
  // Another team's records never show.
  await build(other, { created: '2026-01-05T10:00:00Z', resolveMin: 5 });
});

const get = (url: string, as = me) => app.inject({ url, headers: as.auth });
const PERIOD = 'from=2026-01-05&to=2026-02-28';

describe('GET /api/team/current/trends', () => {
  it('counts each week by kind and severity, empty weeks included', async () => {
    const res = await get(`/api/team/current/trends?${PERIOD}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.period).toEqual({ from: '2026-01-05', to: '2026-02-28' });
    expect(body.previous).toEqual({ from: '2025-11-11', to: '2026-01-04' });
    expect(body.weeks.map((w: { start: string }) => w.start)).toEqual([
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
      '2026-01-26',
      '2026-02-02',
      '2026-02-09',
      '2026-02-16',
      '2026-02-23',
    ]);
    expect(body.weeks[0]).toEqual({
      start: '2026-01-05',
      incidents: { Low: 1, Medium: 1, High: 1, Critical: 2 },
      near_misses: 2,
      learning_moments: 0,
    });
    expect(body.weeks[1].incidents).toEqual({ Low: 0, Medium: 0, High: 0, Critical: 0 });
    expect(body.weeks[5].incidents.High).toBe(1);
    expect(body.weeks[7].learning_moments).toBe(1);
  });

  it('gives each month its median and p90 time to resolve, near-miss ratio, repeat rate and actions', async () => {
    const { months } = (await get(`/api/team/current/trends?${PERIOD}`)).json();
    expect(months).toEqual([
      {
        start: '2026-01-01',
        incidents: 5,
        near_misses: 2,
        near_miss_ratio: 0.4,
        resolved: 5,
        // 30, 120, 600, 2880, 14400: the middle one; p90 interpolates 60% of the way from 2880 to 14400.
        resolve_median_minutes: 600,
        resolve_p90_minutes: 9792,
        repeats: 0,
        repeat_rate: 0,
        actions_on_time: 1,
        actions_late: 1,
        actions_open: 1,
      },
      {
        start: '2026-02-01',
        incidents: 1,
        near_misses: 0,
        near_miss_ratio: 0,
        resolved: 1,
        resolve_median_minutes: 60,
        resolve_p90_minutes: 60,
        repeats: 1,
        repeat_rate: 100,
        actions_on_time: 0,
        actions_late: 0,
        actions_open: 0,
      },
    ]);
  });

  it('gives the totals of this and the previous period of the same length', async () => {
    const { totals } = (await get(`/api/team/current/trends?${PERIOD}`)).json();
    expect(totals.current).toEqual({
      incidents: 6,
      near_misses: 2,
      high_critical: 4,
      resolved: 6,
      resolve_median_minutes: 360,
    });
    expect(totals.previous).toEqual({
      incidents: 1,
      near_misses: 1,
      high_critical: 1,
      resolved: 0,
      resolve_median_minutes: null,
    });
  });

  it('filters by department (from the raw rows) and severity', async () => {
    const support = (await get(`/api/team/current/trends?${PERIOD}&department=Support`)).json();
    expect(support.weeks[0].incidents).toEqual({ Low: 0, Medium: 0, High: 0, Critical: 2 });
    expect(support.weeks[0].near_misses).toBe(1);
    expect(support.months[0]).toMatchObject({ incidents: 2, resolve_median_minutes: 8640 });
    const critical = (await get(`/api/team/current/trends?${PERIOD}&severity=Critical`)).json();
    expect(critical.totals.current).toMatchObject({ incidents: 2, near_misses: 0, high_critical: 2 });
  });

  it('answers a period without records with zeros and no medians', async () => {
    const res = await get('/api/team/current/trends?from=2024-03-01&to=2024-03-31');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.weeks).toHaveLength(5);
    expect(body.weeks.every((w: { near_misses: number }) => w.near_misses === 0)).toBe(true);
    expect(body.months).toEqual([
      expect.objectContaining({
        start: '2024-03-01',
        incidents: 0,
        near_miss_ratio: null,
        resolve_median_minutes: null,
        resolve_p90_minutes: null,
        repeat_rate: null,
      }),
    ]);
  });

  it('defaults to the 180 days up to today', async () => {
    const body = (await get('/api/team/current/trends')).json();
    const today = new Date().toISOString().slice(0, 10);
    expect(body.period.to).toBe(today);
    expect((Date.parse(body.period.to) - Date.parse(body.period.from)) / DAY).toBe(179);
  });

  it.each([
    ['from=2026-02-01&to=2026-01-01', 'from must not be after to.'],
    ['from=2026-02-30', 'Not a real date.'],
    ['from=yesterday', 'Dates are written YYYY-MM-DD.'],
    ['from=2020-01-01&to=2026-01-01', 'A period is at most 731 days.'],
    ['severity=Huge', ''],
    ['kind=outage', ''],
    ['limit=5', ''],
  ])('refuses %s with 400', async (query, text) => {
    const res = await get(`/api/team/current/trends?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(text);
  });
});

describe('GET /api/team/current/distributions', () => {
  it('gives median, p90, mean and histogram of each duration', async () => {
    const res = await get(`/api/team/current/distributions?${PERIOD}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const bins = (counts: number[]) =>
      ['< 1 h', '1–4 h', '4–24 h', '1–3 d', '3–7 d', '1–4 w', '> 4 w'].map((bin, i) => ({
        bin,
        count: counts[i],
      }));
    expect(body.resolve).toEqual({
      count: 6,
      median_minutes: 360,
      p90_minutes: 8640,
      mean_minutes: 3015,
      histogram: bins([1, 2, 1, 1, 0, 1, 0]),
    });
    // Five occurred 3 h before they were logged; February's has no occurrence time.
    expect(body.detect).toMatchObject({ count: 5, median_minutes: 180, p90_minutes: 180 });
    expect(body.detect.histogram).toEqual(bins([0, 5, 0, 0, 0, 0, 0]));
    expect(body.review).toEqual({
      count: 2,
      median_minutes: 4320,
      p90_minutes: 6624,
      mean_minutes: 4320,
      histogram: bins([0, 0, 0, 1, 1, 0, 0]),
    });
  });

  it('answers a period without records with empty summaries', async () => {
    const body = (await get('/api/team/current/distributions?from=2024-03-01&to=2024-03-31')).json();
    for (const measure of ['detect', 'resolve', 'review']) {
      expect(body[measure]).toMatchObject({
        count: 0,
        median_minutes: null,
        p90_minutes: null,
        mean_minutes: null,
      });
      expect(body[measure].histogram.every((b: { count: number }) => b.count === 0)).toBe(true);
    }
  });

  it('filters by kind and department', async () => {
    const nearMisses = (await get(`/api/team/current/distributions?${PERIOD}&kind=near_miss`)).json();
    expect(nearMisses.resolve.count).toBe(0);
    const support = (await get(`/api/team/current/distributions?${PERIOD}&department=Support`)).json();
    expect(support.resolve).toMatchObject({ count: 2, median_minutes: 8640 });
  });

  it("shows only the caller's team", async () => {
    const body = (await get(`/api/team/current/distributions?${PERIOD}`, other)).json();
    expect(body.resolve).toMatchObject({ count: 1, median_minutes: 5 });
  });
});

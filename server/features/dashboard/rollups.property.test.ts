// Property: whatever sequence of writes two teams make (creates, edits of severity, department and kind, closes,
// reopens, and, as imports and operators do in SQL, moved dates and deletions), every statistics rollup equals its
// recomputation from the raw rows, and every statistic the API answers equals the from-scratch answer over the raw
// rows. Runs on PGlite and on PostgreSQL like the rest of the API suite.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkStats } from '../../lib/stats-check';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp } from '../../test/app';
import { signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';
import { impactPointsSql } from './impact-sql';
import { recommendationSignalsQuery } from './recommendations';

let app: FastifyInstance;
let teams: SignedIn[];
const ids: number[][] = [[], []];

beforeAll(async () => {
  app = await createTestApp();
  teams = [await signUp(app), await signUp(app)];
});

const severity = fc.constantFrom('Low', 'Medium', 'High', 'Critical');
const kind = fc.constantFrom('incident', 'near_miss', 'learning_moment');
const department = fc.constantFrom('Engineering', 'Support', '', 'General');
// Root causes group case-insensitively in the recommendations; one is longer than a btree key can hold.
const cause = fc.constantFrom(
  null,
  'Disk full',
  'disk full',
  'Bad deploy',
  'Écran gelé',
  'A long cause. '.repeat(250),
);
const lesson = fc.constantFrom(null, 'Check the disk first.');
const type = fc.constantFrom('Service Outage', 'Performance Issue', 'Data Issue');
const team = fc.constantFrom(0, 1);
const pick = fc.nat();

// Creates weigh most, so that groups and days fill up and later writes meet existing rollup rows.
const op = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('create' as const),
      team,
      kind,
      severity,
      department,
      closed: fc.boolean(),
      cause,
      lesson,
      type,
    }),
  },
  fc.record({
    op: fc.constant('edit' as const),
    team,
    pick,
    change: fc.oneof(
      fc.record({ severity }),
      fc.record({ area_department: department }),
      fc.record({ kind }),
      fc.record({ severity, kind }),
      fc.record({ root_cause: cause }),
      fc.record({ lesson_learned: lesson }),
      fc.record({ oops_type: type }),
    ),
  }),
  fc.record({ op: fc.constant('status' as const), team, pick, status: fc.constantFrom('Open', 'Closed') }),
  // Marked resolved while still open, or found not resolved after all (decision 042).
  fc.record({ op: fc.constant('resolve' as const), team, pick, clear: fc.boolean() }),
  // Imports and the seeders write dates directly.
  fc.record({
    op: fc.constant('dates' as const),
    team,
    pick,
    createdMinutesAgo: fc.oneof(
      fc.integer({ min: 0, max: 200 * 24 * 60 }),
      // Near the ends of the 30- and 90-day periods and their previous periods, on either side: the partial days
      // that are read from raw rows rather than from the daily rollup.
      fc
        .tuple(fc.constantFrom(30, 60, 90, 180), fc.integer({ min: -24 * 60, max: 24 * 60 }))
        .map(([days, minutes]) => Math.max(0, days * 24 * 60 + minutes)),
    ),
    occurredMinutesBefore: fc.option(fc.integer({ min: 0, max: 3 * 24 * 60 })),
  }),
  fc.record({ op: fc.constant('delete' as const), team, pick }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

async function apply(o: Op): Promise<void> {
  const as = teams[o.team]!;
  const mine = ids[o.team]!;
  if (o.op === 'create') {
    const created = await logOops(app, as, {
      kind: o.kind,
      severity: o.severity,
      area_department: o.department || undefined,
      status: o.closed ? 'Closed' : 'Open',
      root_cause: o.cause ?? undefined,
      lesson_learned: o.lesson ?? undefined,
      oops_type: o.type,
    });
    mine.push(created.id);
    return;
  }
  if (mine.length === 0) return;
  const id = mine[o.pick % mine.length]!;
  if (o.op === 'edit' || o.op === 'status' || o.op === 'resolve') {
    const payload =
      o.op === 'edit'
        ? o.change
        : o.op === 'status'
          ? { status: o.status }
          : { resolved_at: o.clear ? null : new Date().toISOString() };
    const res = await app.inject({ method: 'PUT', url: `/api/oops/${id}`, headers: as.auth, payload });
    // A closed record refuses edits (409); that is a valid step of the sequence too.
    expect([200, 409]).toContain(res.statusCode);
    return;
  }
  if (o.op === 'dates') {
    await app.db.execute(sql`update oops set
        created_at = now() - make_interval(mins => ${o.createdMinutesAgo}),
        occurred_at = case when ${o.occurredMinutesBefore}::int is null then null
          else now() - make_interval(mins => ${o.createdMinutesAgo} + ${o.occurredMinutesBefore}::int) end
      where id = ${id}`);
  } else {
    await app.db.execute(sql`delete from oops where id = ${id}`);
    mine.splice(mine.indexOf(id), 1);
  }
  // Direct SQL writes emit no domain event, so the cached answers are dropped here, as a restart would.
  app.teamCache.clear(as.user.team!.id);
}

/** /api/oops/stats computed from scratch over the raw rows (the pre-rollup queries). */
async function naiveStats(teamId: number, days: number) {
  const inc = sql`kind = 'incident'`;
  const period = sql`now() - make_interval(days => ${days})`;
  const inPeriod = sql`created_at >= ${period}`;
  const [c] = await queryRows<Record<string, number | string | null>>(
    app.db,
    sql`select
      count(*) filter (where ${inc})::int as total,
      count(*) filter (where ${inc} and ${inPeriod})::int as recent,
      count(*) filter (where ${inc} and created_at >= now() - make_interval(days => ${days * 2}) and not ${inPeriod})::int as previous,
      count(*) filter (where ${inc} and created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')::int as this_month,
      count(*) filter (where ${inc} and ${inPeriod} and severity = 'Low')::int as low,
      count(*) filter (where ${inc} and ${inPeriod} and severity = 'Medium')::int as medium,
      count(*) filter (where ${inc} and ${inPeriod} and severity = 'High')::int as high,
      count(*) filter (where ${inc} and ${inPeriod} and severity = 'Critical')::int as critical,
      round(avg(extract(epoch from resolved_at - coalesce(occurred_at, created_at)) / 60)
        filter (where ${inc} and ${inPeriod} and resolved_at is not null))::int as mttr,
      count(*) filter (where ${inc} and ${inPeriod} and status = 'Closed')::int as resolved,
      round(avg(completeness) filter (where ${inPeriod}))::int as completeness,
      count(*) filter (where kind = 'near_miss' and ${inPeriod})::int as near_misses,
      count(*) filter (where kind = 'learning_moment' and ${inPeriod})::int as learning_moments,
      max(created_at) filter (where ${inc}) as last_at,
      (select floor(max(extract(epoch from created_at - prev)) / 86400)::int from (
        select created_at, lag(created_at) over (order by created_at) as prev
        from oops where team_id = ${teamId} and ${inc}) gaps) as best
    from oops where team_id = ${teamId}`,
  );
  const lastAt = c!.last_at === null ? null : new Date(c!.last_at as string).toISOString();
  const current = lastAt === null ? null : Math.floor((Date.now() - Date.parse(lastAt)) / 86_400_000);
  return {
    total_oops: c!.total,
    recent_oops: c!.recent,
    previous_period_oops: c!.previous,
    this_month: c!.this_month,
    severity_breakdown: { Low: c!.low, Medium: c!.medium, High: c!.high, Critical: c!.critical },
    mttr_minutes: c!.mttr,
    resolved_count: c!.resolved,
    avg_completeness: c!.completeness,
    near_misses: c!.near_misses,
    learning_moments: c!.learning_moments,
    last_oops_at: lastAt,
    current_streak_days: current,
    best_streak_days: Math.max(Number(c!.best ?? 0), current ?? 0),
  };
}

async function naiveDepartments(teamId: number) {
  const rows = await queryRows<{ department: string; total: number; avg: number }>(
    app.db,
    sql`select coalesce(nullif(area_department, ''), 'General') as department, count(*)::int as total,
          round(avg(${impactPointsSql(sql`severity`)}) * 100)::int as avg
        from oops where team_id = ${teamId} and kind = 'incident' group by 1 order by 1`,
  );
  return rows;
}

/** The recommendations' signals of the period counted over the raw rows (the pre-rollup query). */
async function naiveSignals(teamId: number, since: Date) {
  const [row] = await queryRows<Record<string, unknown>>(
    app.db,
    sql`with p as (select * from oops where team_id = ${teamId} and created_at >= ${since.toISOString()}::timestamptz)
      select
        (select json_agg(d) from (select area_department as name, count(*)::int as n from p
          where kind = 'incident' and severity in ('High', 'Critical') and area_department is not null
          group by 1 order by 2 desc, 1 limit 2) d) as departments,
        (select json_agg(t) from (select oops_type as name, count(*)::int as n from p
          where kind = 'incident' and oops_type is not null group by 1 order by 2 desc, 1 limit 1) t) as types,
        (select json_agg(c) from (select min(root_cause) as name, count(*)::int as n from p
          where root_cause is not null group by lower(root_cause) having count(*) >= 2
          order by 2 desc, 1 limit 1) c) as causes,
        (select count(*)::int from p where lesson_learned is not null) as with_lesson`,
  );
  return row;
}

async function expectExact(): Promise<void> {
  for (const as of teams) {
    const teamId = as.user.team!.id;
    expect(await checkStats(app.db, teamId)).toEqual([]);
    for (const days of [30, 90]) {
      const res = await app.inject({ url: `/api/oops/stats?days=${days}`, headers: as.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject(await naiveStats(teamId, days));
    }
    for (const days of [1, 30, 90]) {
      const since = new Date(Date.now() - days * 86_400_000);
      const [got] = await queryRows<Record<string, unknown>>(
        app.db,
        recommendationSignalsQuery(teamId, since),
      );
      expect(got).toMatchObject((await naiveSignals(teamId, since))!);
    }
    const departments = await app.inject({ url: '/api/oops/department-stats', headers: as.auth });
    const got = departments
      .json<{ department: string; total_oops: number; avg_impact: number }[]>()
      .map((d) => ({ department: d.department, total: d.total_oops, avg: Math.round(d.avg_impact * 100) }))
      .sort((a, b) => a.department.localeCompare(b.department));
    expect(got).toEqual(await naiveDepartments(teamId));
    const [mine] = (await app.inject({ url: '/api/teams/stats', headers: as.auth })).json<
      { total_oops: number; recent_oops: number }[]
    >();
    const naive = await naiveStats(teamId, 30);
    expect(mine).toMatchObject({ total_oops: naive.total_oops, recent_oops: naive.recent_oops });
  }
}

describe('statistics rollups', () => {
  it('stay equal to the raw rows under any sequence of writes by two teams', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 20 }), async (ops) => {
        for (const o of ops) {
          await apply(o);
          // The rollups are exact after every statement, not only at the end of a sequence. (Only these teams: on
          // PostgreSQL other files share the database, and the CLI test damages a rollup row of its own on purpose.)
          for (const as of teams) expect(await checkStats(app.db, as.user.team!.id)).toEqual([]);
        }
        await expectExact();
      }),
      { numRuns: 20 },
    );
    // Some hundreds of requests and checks: minutes, not seconds, on a busy two-core machine.
  }, 240_000);

  it('are removed with their team', async () => {
    const gone = await signUp(app);
    await logOops(app, gone, { root_cause: 'Disk full', lesson_learned: 'Watch the disk.' });
    const teamId = gone.user.team!.id;
    await app.db.execute(sql`delete from teams where id = ${teamId}`);
    const left = await queryRows<{ n: number }>(
      app.db,
      sql`select ((select count(*) from oops_daily_stats where team_id = ${teamId})
        + (select count(*) from oops_group_stats where team_id = ${teamId})
        + (select count(*) from oops_incident_days where team_id = ${teamId})
        + (select count(*) from oops_daily_signals where team_id = ${teamId}))::int as n`,
    );
    expect(left[0]!.n).toBe(0);
    expect(await checkStats(app.db, teamId)).toEqual([]);
  });
});

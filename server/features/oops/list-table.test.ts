// The log's table (decision 041): every filter and every sort of GET /api/oops against a hand-built team, checked
// against the same rules written in JavaScript; each sort paged both ways along its cursor; counts exact and cached.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OopsSummary } from '../../../common/contracts/oops';
import { OOPS_SORT_KEYS, type OopsSortKey } from '../../../common/contracts/oops-list-filters';
import { OOPS_KINDS, OOPS_STATUSES, SEVERITIES } from '../../../common/domain/oops-options';
import { createTestApp } from '../../test/app';
import { signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';

let app: FastifyInstance;
let me: SignedIn;
let all: OopsSummary[];
const ROWS = 30;

interface ListBody {
  oops: OopsSummary[];
  matched: number;
  next_cursor: string | null;
}

async function list(query: string): Promise<ListBody> {
  const res = await app.inject({ url: `/api/oops?${query}`, headers: me.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListBody>();
}

/** Every row of the query, page by page along next_cursor. */
async function walk(query: string, limit = 4): Promise<{ ids: number[]; matched: number }> {
  const ids: number[] = [];
  let cursor: string | null = null;
  let matched = -1;
  for (let pages = 0; pages < 50; pages++) {
    const page: ListBody = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    ids.push(...page.oops.map((o) => o.id));
    matched = page.matched;
    cursor = page.next_cursor;
    if (!cursor) break;
  }
  return { ids, matched };
}

beforeAll(async () => {
  app = await createTestApp();
  me = await signUp(app);
  const team = me.user.team!.id;
  // Ties on purpose (created within the same hour, occurred on the same day, equal texts): the id breaks them.
  await app.db.execute(sql`
    insert into oops (team_id, slug, title, description, severity, status, kind, area_department, oops_type,
                      owner_name, tags, occurred_at, created_at, resolved_at, completeness)
    select ${team}, 'row-' || g, 'Row ' || g, 'Hand-built row ' || g,
           (array['Low','Medium','High','Critical'])[1 + g % 4],
           (case when g % 3 = 0 then 'Closed' else 'Open' end)::oops_status,
           (array['incident','near_miss','learning_moment'])[1 + g % 5 % 3]::oops_kind,
           case when g % 4 = 0 then null else (array['Engineering','Sales','Support'])[g % 4] end,
           case when g % 7 = 0 then null else (array['Service Outage','Data Issue'])[1 + g % 2] end,
           case when g % 3 = 1 then 'Dana' when g % 3 = 2 then 'Zed' end,
           case when g % 5 = 0 then array['database','network'] when g % 2 = 0 then array['database'] else '{}' end,
           case when g % 6 = 0 then null else timestamptz '2026-01-01T00:00:00Z' + (g % 10) * interval '1 day' end,
           timestamptz '2026-02-01T00:00:00Z' + (g % 13) * interval '1 hour',
           case when g % 3 = 0 then timestamptz '2026-03-01T00:00:00Z' + (g % 4) * interval '5 hours' end,
           (g * 37) % 101
    from generate_series(1, ${ROWS}) g`);
  // Open and overdue, open and due later, done: on every fourth row each.
  await app.db.execute(sql`
    insert into oops_actions (oops_id, title, due_date, status)
    select o.id, 'Follow up', case when o.id % 4 = 1 then date '2000-01-01' else date '2999-01-01' end,
           (case when o.id % 4 = 3 then 'done' else 'open' end)::action_status
    from oops o where o.team_id = ${team} and o.id % 4 <> 0`);
  await app.db.execute(sql`
    insert into oops_actions (oops_id, title, due_date, status)
    select o.id, 'Second', date '2000-01-02', 'open' from oops o where o.team_id = ${team} and o.id % 8 = 1`);
  all = (await list('limit=100')).oops;
  expect(all).toHaveLength(ROWS);
});

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));
/** The sort rules of list-sorts.ts, in JavaScript. */
const VALUE: Record<OopsSortKey, (o: OopsSummary) => number | string> = {
  created: (o) => ms(o.created_at)!,
  occurred: (o) => ms(o.occurred_at) ?? ms(o.created_at)!,
  severity: (o) => (SEVERITIES as readonly string[]).indexOf(o.severity) + 1,
  status: (o) => OOPS_STATUSES.indexOf(o.status),
  kind: (o) => OOPS_KINDS.indexOf(o.kind),
  department: (o) => o.area_department ?? '',
  type: (o) => o.oops_type ?? '',
  owner: (o) => o.owner_name ?? '',
  time_to_resolve: (o) =>
    o.resolved_at
      ? Math.floor((ms(o.resolved_at)! - (ms(o.occurred_at) ?? ms(o.created_at)!)) / 1000)
      : Number.MAX_SAFE_INTEGER,
  completeness: (o) => o.completeness,
  open_actions: (o) => o.open_actions,
  overdue_actions: (o) => o.overdue_actions,
};

function expected(key: OopsSortKey, dir: 'asc' | 'desc', rows = all): number[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [VALUE[key](a), VALUE[key](b)];
      return sign * (x < y ? -1 : x > y ? 1 : a.id - b.id);
    })
    .map((o) => o.id);
}

describe('sorts', () => {
  it('the data set has what each sort orders by', () => {
    expect(all.some((o) => o.overdue_actions === 2)).toBe(true);
    expect(all.some((o) => o.resolved_at !== null)).toBe(true);
    expect(all.some((o) => o.occurred_at === null)).toBe(true);
  });

  for (const key of OOPS_SORT_KEYS) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`${key} ${dir}: pages along the cursor in order, every row once`, async () => {
        const { ids, matched } = await walk(`sort=${key}&dir=${dir}`);
        expect(ids).toEqual(expected(key, dir));
        expect(matched).toBe(ROWS);
      });
    }
  }

  it('a sort with filters pages the filtered rows in order', async () => {
    const { ids, matched } = await walk('sort=severity&dir=asc&status=Open&tag=database', 3);
    const rows = all.filter((o) => o.status === 'Open' && o.tags.includes('database'));
    expect(ids).toEqual(expected('severity', 'asc', rows));
    expect(matched).toBe(rows.length);
  });
});

describe('filters', () => {
  const cases: [string, (o: OopsSummary) => boolean][] = [
    ['severity=Critical', (o) => o.severity === 'Critical'],
    ['severity=High,Critical', (o) => ['High', 'Critical'].includes(o.severity)],
    ['kind=near_miss', (o) => o.kind === 'near_miss'],
    ['department=Sales', (o) => o.area_department === 'Sales'],
    ['type=Data%20Issue', (o) => o.oops_type === 'Data Issue'],
    ['tag=Network', (o) => o.tags.includes('network')],
    ['owner=dana', (o) => o.owner_name === 'Dana'],
    [
      'occurred_from=2026-01-03&occurred_to=2026-01-05',
      (o) => o.occurred_at !== null && o.occurred_at >= '2026-01-03' && o.occurred_at < '2026-01-06',
    ],
    ['occurred_from=2026-01-08', (o) => o.occurred_at !== null && o.occurred_at >= '2026-01-08'],
    ['overdue=true', (o) => o.overdue_actions > 0],
    ['overdue=false', (o) => o.overdue_actions === 0],
    ['overdue=true&status=Open&sort=created', (o) => o.overdue_actions > 0 && o.status === 'Open'],
    [
      'severity=Medium,Critical&department=Engineering&tag=database&status=Open',
      (o) =>
        ['Medium', 'Critical'].includes(o.severity) &&
        o.area_department === 'Engineering' &&
        o.tags.includes('database') &&
        o.status === 'Open',
    ],
  ];
  for (const [query, keep] of cases) {
    it(`${query}: exactly the matching rows, counted exactly`, async () => {
      const want = all.filter(keep).map((o) => o.id);
      expect(want.length).toBeGreaterThan(0);
      expect(want.length).toBeLessThan(ROWS);
      const { ids, matched } = await walk(query);
      expect(ids).toEqual(expected('created', 'desc', all.filter(keep)));
      expect(matched).toBe(want.length);
    });
  }

  it('the CSV export takes the same filters', async () => {
    const url = '/api/oops/export.csv?severity=Critical&owner=Zed&sort=completeness&dir=asc';
    const res = await app.inject({ url, headers: me.auth });
    expect(res.statusCode).toBe(200);
    const rows = all.filter((o) => o.severity === 'Critical' && o.owner_name === 'Zed');
    const titles = res.body.trim().split('\n').slice(1).map((line) => /Row \d+/.exec(line)?.[0]);
    const byId = new Map(all.map((o) => [o.id, o.title]));
    expect(titles).toEqual(expected('completeness', 'asc', rows).map((id) => byId.get(id)));
  });

  it('a cached count stays exact after a write', async () => {
    const query = 'severity=Critical&department=Support&limit=1';
    const before = (await list(query)).matched;
    expect((await list(query)).matched).toBe(before);
    await logOops(app, me, { severity: 'Critical', area_department: 'Support' });
    expect((await list(query)).matched).toBe(before + 1);
    // A count of other filters is its own: one more filter is a count of fewer rows.
    expect((await list(`${query}&owner=Zed`)).matched).toBeLessThan(before + 1);
  });
});

describe('bad parameters', () => {
  const bad: [string, RegExp][] = [
    ['sort=title', /sort must be one of created, occurred/],
    ['dir=up', /dir must be asc or desc/],
    ['severity=Huge', /severity must be one or more of Low, Medium, High, Critical/],
    ['occurred_from=2026-02-31', /occurred_from must be a date as YYYY-MM-DD/],
    ['occurred_from=2026-05-01&occurred_to=2026-04-01', /occurred_from must not be after occurred_to/],
    ['overdue=maybe', /overdue must be true or false/],
    ['department=', /department must not be empty/],
  ];
  for (const [query, message] of bad) {
    it(`${query}: 400 with a clear error`, async () => {
      const res = await app.inject({ url: `/api/oops?${query}`, headers: me.auth });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(message);
    });
  }

  it("a cursor of one sort is refused by another, and by the default order", async () => {
    const first = await list('sort=owner&dir=asc&limit=2');
    for (const query of ['sort=owner&dir=desc', 'sort=severity', '']) {
      const res = await app.inject({
        url: `/api/oops?${query}&limit=2&cursor=${first.next_cursor}`,
        headers: me.auth,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/cursor belongs to another sort/);
    }
    const plain = await list('limit=2');
    const res = await app.inject({ url: `/api/oops?sort=owner&cursor=${plain.next_cursor}`, headers: me.auth });
    expect(res.statusCode).toBe(400);
  });
});

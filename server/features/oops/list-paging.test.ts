// GET /api/oops pages along a keyset cursor and counts matches up to a cap (decision 017).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeOopsCursor, OOPS_CURSOR_MESSAGE } from '../../../common/contracts/oops-cursor';
import { MATCHED_COUNT_CAP, SEARCH_MATCHED_COUNT_CAP } from '../../../common/domain/oops-options';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp } from '../../test/app';
import { memberOf, signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

interface ListBody {
  oops: { id: number; title: string }[];
  total: number;
  matched: number;
  matched_capped: boolean;
  next_cursor: string | null;
}

async function list(as: SignedIn, query: string): Promise<ListBody> {
  const res = await app.inject({ url: `/api/oops?${query}`, headers: as.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListBody>();
}

/** Follows next_cursor to the end; `between` runs after each page (another user logging incidents meanwhile). */
async function walk(as: SignedIn, query: string, between: () => Promise<unknown> = async () => {}) {
  const ids: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: ListBody = await list(as, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
    ids.push(...page.oops.map((o) => o.id));
    cursor = page.next_cursor;
    pages += 1;
    await between();
  } while (cursor && pages < 100);
  return { ids, pages };
}

/**
 * `count` incidents written straight to the table in one statement; `created` and `status` are SQL over g
 * (1…count). Odd rows are Open and even rows Closed unless `status` says otherwise.
 */
async function seed(
  as: SignedIn,
  count: number,
  created: string,
  { suffix = '', status = `case when g % 2 = 0 then 'Closed' else 'Open' end` } = {},
): Promise<void> {
  await app.db.execute(
    sql.raw(`
      insert into oops (team_id, slug, title, description, severity, status, created_at)
      select ${as.user.team!.id}, 'seeded-' || g, 'Seeded ' || g || '${suffix}', 'Seeded row number ' || g,
             'Low', (${status})::oops_status, ${created}
      from generate_series(1, ${count}) as g`),
  );
}

/** The team's ids in the list's order, read straight from the table. */
async function idsInOrder(as: SignedIn, where = 'true'): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    app.db,
    sql.raw(
      `select id from oops where team_id = ${as.user.team!.id} and ${where} order by created_at desc, id desc`,
    ),
  );
  return rows.map((r) => Number(r.id));
}

describe('keyset paging', () => {
  it('walks every incident exactly once, in order, through ties and microseconds apart', async () => {
    const me = await signUp(app);
    // Groups of 4 share a created_at (ties are broken by id); groups are 1 µs apart (below a JS Date's precision).
    await seed(me, 23, `timestamptz '2026-01-01 12:00:00Z' - (g / 4) * interval '1 microsecond'`);
    const expected = await idsInOrder(me);
    const { ids, pages } = await walk(me, 'limit=5');
    expect(ids).toEqual(expected);
    expect(pages).toBe(5);
    // With a filter, the same walk gives the filter's rows only, each once.
    const open = await walk(me, 'limit=4&status=Open&search=seeded');
    expect(open.ids).toEqual(await idsInOrder(me, `status = 'Open'`));
  });

  it('neither repeats nor shows incidents logged during the walk; the next walk starts with them', async () => {
    const me = await signUp(app);
    await seed(me, 12, `now() - g * interval '1 minute'`);
    const before = await idsInOrder(me);
    let n = 0;
    const { ids } = await walk(me, 'limit=3', () => logOops(app, me, { title: `Logged mid-walk ${n++}` }));
    expect(ids).toEqual(before);
    const first = await list(me, 'limit=3');
    expect(first.oops.map((o) => o.title)).toEqual([
      `Logged mid-walk ${n - 1}`,
      `Logged mid-walk ${n - 2}`,
      `Logged mid-walk ${n - 3}`,
    ]);
  });

  it('ends with next_cursor null: an exact last page, and a cursor past the end answers no rows', async () => {
    const me = await signUp(app);
    await seed(me, 4, `now() - g * interval '1 minute'`);
    const first = await list(me, 'limit=2');
    const last = await list(me, `limit=2&cursor=${first.next_cursor}`);
    expect(last.oops).toHaveLength(2);
    expect(last.next_cursor).toBeNull();
    const past = encodeOopsCursor({ createdAt: '2000-01-01T00:00:00.000000Z', id: 1 });
    expect(await list(me, `cursor=${past}`)).toMatchObject({ oops: [], next_cursor: null, total: 4 });
  });

  it('still pages with offset for the spec callers, and refuses offset with a cursor', async () => {
    const me = await signUp(app);
    await seed(me, 5, `now() - g * interval '1 minute'`);
    const expected = await idsInOrder(me);
    const page = await list(me, 'limit=2&offset=2');
    expect(page.oops.map((o) => o.id)).toEqual(expected.slice(2, 4));
    // The cursor of an offset page continues after it.
    expect((await list(me, `limit=2&cursor=${page.next_cursor}`)).oops.map((o) => o.id)).toEqual(
      expected.slice(4),
    );
    const both = await app.inject({ url: `/api/oops?offset=2&cursor=${page.next_cursor}`, headers: me.auth });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toMatch(/either cursor or offset/);
  });

  it('answers later pages and searches from the team cache until the team changes, and the writer fresh', async () => {
    const me = await signUp(app);
    const viewer = await memberOf(app, me.user.team!.id, 'member');
    await seed(me, 3, `now() - g * interval '1 minute'`);
    const first = await list(viewer, 'limit=2');
    const second = await list(viewer, `limit=2&cursor=${first.next_cursor}`);
    const offset = await list(viewer, 'limit=2&offset=2');
    const search = await list(viewer, 'limit=2&search=late');
    expect(second.oops).toHaveLength(1);
    expect(offset.oops).toHaveLength(1);
    expect(search.matched).toBe(0);
    // Written behind the cache's back (no event): the cached answers stand, whoever asks.
    await seed(me, 1, `now() - interval '1 day'`, { suffix: ' late' });
    expect(await list(viewer, `limit=2&cursor=${first.next_cursor}`)).toEqual(second);
    expect(await list(me, 'limit=2&offset=2')).toEqual(offset);
    expect(await list(viewer, 'limit=2&search=late')).toEqual(search);
    // A change through the API makes them stale: its writer reads every page fresh at once.
    await logOops(app, me, { title: 'Logged through the API' });
    const after = await list(me, `limit=2&cursor=${first.next_cursor}`);
    expect(after.oops.map((o) => o.title)).toEqual(['Seeded 3', 'Seeded 1 late']);
    expect((await list(me, 'limit=2&search=late')).oops.map((o) => o.title)).toEqual(['Seeded 1 late']);
  });

  it('refuses a malformed cursor with 400 and a clear error', async () => {
    const me = await signUp(app);
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    const bad = [
      'abc',
      'not a cursor!',
      b64('hello'),
      b64('2026-02-31T00:00:00.000000Z|1'), // no such day
      b64('2026-01-01T00:00:00.000000Z|0'),
      b64('2026-01-01T00:00:00.000000Z|99999999999'),
      b64('2026-01-01T00:00:00.0000001Z|5'),
      b64('2026-01-01 00:00:00|5'),
      b64('2026-01-01T00:00:00Z|5|6'),
      b64("2026-01-01T00:00:00Z|1'; drop table oops; --"),
      'A'.repeat(101),
    ];
    for (const cursor of bad) {
      const res = await app.inject({
        url: `/api/oops?cursor=${encodeURIComponent(cursor)}`,
        headers: me.auth,
      });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error, cursor).toBe(OOPS_CURSOR_MESSAGE);
    }
    const good = b64('2026-01-01T00:00:00Z|5');
    expect((await app.inject({ url: `/api/oops?cursor=${good}`, headers: me.auth })).statusCode).toBe(200);
    // Empty is no cursor: the first page.
    expect((await app.inject({ url: '/api/oops?cursor=', headers: me.auth })).statusCode).toBe(200);
  });
});

describe('CSV export', () => {
  it('reads along the cursor in batches: the newest matching rows once each, at most 5,000', async () => {
    const me = await signUp(app);
    await seed(me, 5_003, `now() - g * interval '1 second'`);
    const csv = async (query: string) => {
      const res = await app.inject({ url: `/api/oops/export.csv?${query}`, headers: me.auth });
      expect(res.statusCode).toBe(200);
      return res.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => Number(line.split(',')[0]));
    };
    expect(await csv('')).toEqual((await idsInOrder(me)).slice(0, 5_000));
    expect(await csv('status=Open&search=seeded')).toEqual(await idsInOrder(me, `status = 'Open'`));
  });
});

describe('capped match count', () => {
  it(`counts a search's matches up to ${SEARCH_MATCHED_COUNT_CAP}, in a small team as in a large one`, async () => {
    const me = await signUp(app);
    const rows = SEARCH_MATCHED_COUNT_CAP + 1;
    await seed(me, rows, `now() - g * interval '1 second'`, { status: `'Open'` });
    expect(await list(me, 'limit=5&search=seeded')).toMatchObject({
      total: rows,
      matched: SEARCH_MATCHED_COUNT_CAP,
      matched_capped: true,
    });
    expect(await list(me, 'limit=1&status=Open')).toMatchObject({ matched: rows, matched_capped: false });
  });

  it(`counts matches exactly up to ${MATCHED_COUNT_CAP} and says when it stopped there`, async () => {
    const me = await signUp(app);
    const rows = MATCHED_COUNT_CAP + 1;
    // Every row matches "seeded"; all but the last are Open, so Open matches exactly the cap.
    await seed(me, rows, `now() - g * interval '1 second'`, {
      status: `case when g = ${rows} then 'Closed' else 'Open' end`,
    });
    // A search stops counting sooner than a filter (decision 047).
    const capped = await list(me, 'limit=5&search=seeded');
    expect(capped).toMatchObject({ total: rows, matched: SEARCH_MATCHED_COUNT_CAP, matched_capped: true });
    expect(capped.oops).toHaveLength(5);
    expect(capped.next_cursor).not.toBeNull();
    expect(await list(me, 'limit=1&status=Open')).toMatchObject({
      matched: MATCHED_COUNT_CAP,
      matched_capped: false,
    });
    expect(await list(me, 'limit=1&status=Closed')).toMatchObject({ matched: 1, matched_capped: false });
    expect(await list(me, 'limit=1&search=row%20number%20100')).toMatchObject({
      matched: 13, // 100, 1000…1009, 10000 and 10001
      matched_capped: false,
    });
    // No filter: every incident matches, and the team's total is exact.
    expect(await list(me, 'limit=1')).toMatchObject({ total: rows, matched: rows, matched_capped: false });
  });
});

describe('OpenAPI document', () => {
  it('documents the cursor parameter and the new list fields', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    const get = doc.paths['/api/oops'].get;
    const names = get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
    expect(names).toEqual(expect.arrayContaining(['query:cursor', 'query:offset', 'query:limit']));
    const body = get.responses['200'].content['application/json'].schema;
    expect(body.properties).toHaveProperty('matched_capped.type', 'boolean');
    expect(body.properties).toHaveProperty('next_cursor');
    expect(body.required).toEqual(expect.arrayContaining(['matched', 'matched_capped', 'next_cursor']));
    const exportNames = doc.paths['/api/oops/export.csv'].get.parameters.map((p: { name: string }) => p.name);
    expect(exportNames).not.toContain('cursor');
  });
});

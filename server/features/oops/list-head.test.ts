// Unfiltered list pages within the team's newest incidents are cut from one kept read (list-head.ts): the same bytes
// as reading each page from the database, and one read for all of them.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOopsQuery, listOopsResponse } from '../../../common/contracts/oops';
import { encodeOopsCursor } from '../../../common/contracts/oops-cursor';
import type { TeamActor } from '../../lib/actor';
import { jsonBytes } from '../../cache/cached-json';
import { createTestApp } from '../../test/app';
import { signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';
import { HEAD_ROWS } from './list-head';
import { listOops } from './list';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

/** The page as the route sends it (unzipped: no Accept-Encoding). */
async function routePage(as: SignedIn, query: string): Promise<string> {
  const res = await app.inject({ url: `/api/oops?${query}`, headers: as.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** The same page read from the database, without the team cache, encoded as the route encodes it. */
async function readPage(as: SignedIn, query: string): Promise<string> {
  const actor = {
    userId: as.user.id,
    via: 'session',
    sessionId: null,
    tokenId: null,
    scopes: null,
    email: as.email,
    name: as.user.name,
    username: null,
    userDepartment: null,
    isSuperAdmin: false,
    teamId: as.user.team!.id,
    teamName: as.user.team!.name,
    role: 'owner',
  } as TeamActor;
  const parsed = listOopsQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  return jsonBytes(listOopsResponse, await listOops({ db: app.db, actor }, parsed)).toString();
}

/**
 * `count` incidents written straight to the table: titles with accents, emoji and quotes (the head keeps bytes, so
 * rows of several bytes a character must still be cut in the right places), in groups of three sharing a created_at.
 */
async function seed(as: SignedIn, count: number): Promise<void> {
  await app.db.execute(sql`
    insert into oops (team_id, slug, title, description, severity, status, created_at)
    select ${as.user.team!.id}, 'head-' || g, 'Café « ' || g || ' » 🔥 "quoted"', 'Row number ' || g || ' — ünïcödé',
           'Low', (case when g % 2 = 0 then 'Closed' else 'Open' end)::oops_status,
           timestamptz '2026-03-01 12:00:00Z' - (g / 3) * interval '1 minute'
    from generate_series(1, ${count}) as g`);
}

const PAGES = [
  '',
  'limit=100',
  'limit=1',
  'limit=20',
  'limit=20&offset=20',
  'limit=20&offset=80',
  'limit=7&offset=93',
];

describe('list pages cut from the head', () => {
  for (const size of [0, 5, HEAD_ROWS - 1, HEAD_ROWS, HEAD_ROWS + 1, 130]) {
    it(`are the bytes the database read gives, in a team of ${size}`, async () => {
      const me = await signUp(app);
      await seed(me, size);
      for (const query of PAGES) expect(await routePage(me, query), query).toBe(await readPage(me, query));
      // Along the cursor, past the head's end (those pages are read from the database).
      let query = 'limit=30';
      for (let page = 0; page < 6; page += 1) {
        const body = await routePage(me, query);
        expect(body, query).toBe(await readPage(me, query));
        const next = JSON.parse(body).next_cursor as string | null;
        if (!next) break;
        query = `limit=30&cursor=${next}`;
      }
    });
  }

  it('serves every page among the newest incidents from one read, and reads the rest', async () => {
    const me = await signUp(app);
    await seed(me, 150);
    const titles = async (query: string) =>
      (JSON.parse(await routePage(me, query)) as { oops: { title: string }[] }).oops.map((o) => o.title);
    expect((await titles('limit=20')).length).toBe(20);
    // Changed behind the app's back, so that only a new read can show it.
    await app.db.execute(sql`update oops set title = 'Renamed in SQL' where team_id = ${me.user.team!.id}`);
    expect(await titles('limit=20&offset=40')).not.toContain('Renamed in SQL');
    expect(await titles('limit=100')).not.toContain('Renamed in SQL');
    // Beyond the head, and any filter, are read.
    expect(await titles('limit=20&offset=100')).toContain('Renamed in SQL');
    expect(await titles('limit=20&status=Open')).toContain('Renamed in SQL');
  });

  it('reads a page whose cursor the head does not hold, and still refuses a cursor with an offset', async () => {
    const me = await signUp(app);
    await seed(me, 40);
    const [first] = JSON.parse(await routePage(me, 'limit=1')).oops as { id: number; created_at: string }[];
    // The newest row's place, but written with fewer fractional digits than the head's: the same instant.
    const cursor = encodeOopsCursor({ createdAt: first!.created_at, id: first!.id });
    expect(await routePage(me, `limit=20&cursor=${cursor}`)).toBe(
      await readPage(me, `limit=20&cursor=${cursor}`),
    );
    const res = await app.inject({ url: `/api/oops?limit=20&offset=20&cursor=${cursor}`, headers: me.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/either cursor or offset/);
  });

  it('shows the writer its own write at once on every page cut from the head', async () => {
    const me = await signUp(app);
    await seed(me, 60);
    await routePage(me, 'limit=20');
    const logged = await logOops(app, me, { title: 'Logged just now' });
    const first = JSON.parse(await routePage(me, 'limit=20&offset=0')).oops as { id: number }[];
    expect(first[0]!.id).toBe(logged.id);
    const second = JSON.parse(await routePage(me, 'limit=20&offset=20')).oops as { id: number }[];
    expect(second.map((o) => o.id)).not.toContain(logged.id);
    expect(JSON.parse(await routePage(me, 'limit=100')).total).toBe(61);
  });
});

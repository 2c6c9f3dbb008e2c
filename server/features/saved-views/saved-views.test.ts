// /api/saved-views (decision 041): a user's own views in their team, validated as the list reads them.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAVED_VIEW_LIMITS } from '../../../common/contracts/saved-views';
import { createTestApp } from '../../test/app';
import { memberOf, signUp, type SignedIn } from '../../test/factories';

let app: FastifyInstance;
let me: SignedIn;
let teammate: SignedIn;
let outsider: SignedIn;

beforeAll(async () => {
  app = await createTestApp();
  me = await signUp(app);
  teammate = await memberOf(app, me.user.team!.id, 'admin');
  outsider = await signUp(app);
});

const create = (as: SignedIn, payload: object) =>
  app.inject({ method: 'POST', url: '/api/saved-views', headers: as.auth, payload });
const views = async (as: SignedIn) =>
  (await app.inject({ url: '/api/saved-views', headers: as.auth })).json<{
    views: { id: number; name: string; query: string }[];
  }>().views;

describe('saved views', () => {
  it('creates, lists by name, renames and deletes my views', async () => {
    const open = await create(me, { name: 'My open', query: '?status=Open&view=table&sort=severity&dir=desc' });
    expect(open.statusCode, open.body).toBe(201);
    const critical = await create(me, {
      name: 'Critical this quarter',
      query: 'severity=Critical&occurred_from=2026-10-01&occurred_to=2026-12-31',
    });
    expect(critical.statusCode).toBe(201);
    expect((await views(me)).map((v) => [v.name, v.query])).toEqual([
      ['Critical this quarter', 'severity=Critical&occurred_from=2026-10-01&occurred_to=2026-12-31'],
      ['My open', 'status=Open&view=table&sort=severity&dir=desc'],
    ]);
    const id = open.json<{ id: number }>().id;
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/saved-views/${id}`,
      headers: me.auth,
      payload: { name: 'Open ones' },
    });
    expect(renamed.json()).toMatchObject({ id, name: 'Open ones' });
    const gone = await app.inject({ method: 'DELETE', url: `/api/saved-views/${id}`, headers: me.auth });
    expect(gone.json()).toEqual({ success: true });
    expect((await views(me)).map((v) => v.name)).toEqual(['Critical this quarter']);
  });

  it('a name once per user, whatever its case; another user may use it', async () => {
    await create(me, { name: 'Dup', query: '' });
    const again = await create(me, { name: 'dup', query: 'status=Closed' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toMatch(/already have a view of that name/);
    expect((await create(teammate, { name: 'Dup', query: '' })).statusCode).toBe(201);
  });

  it("another member of the team neither sees nor changes mine; another team's is not found", async () => {
    const mine = (await create(me, { name: 'Private', query: 'kind=near_miss' })).json<{ id: number }>().id;
    expect((await views(teammate)).some((v) => v.id === mine)).toBe(false);
    for (const as of [teammate, outsider]) {
      const del = await app.inject({ method: 'DELETE', url: `/api/saved-views/${mine}`, headers: as.auth });
      expect(del.statusCode).toBe(404);
      const patch = await app.inject({
        method: 'PATCH',
        url: `/api/saved-views/${mine}`,
        headers: as.auth,
        payload: { name: 'Taken' },
      });
      expect(patch.statusCode).toBe(404);
    }
    expect((await views(me)).find((v) => v.id === mine)?.name).toBe('Private');
  });

  it('refuses a query the list would refuse, and names the problem', async () => {
    const cases: [string, RegExp][] = [
      ['sort=title', /sort must be one of/],
      ['severity=Huge', /severity must be one or more/],
      ['cursor=abc', /leave out cursor, offset and limit/],
      ['view=grid', /view must be one of cards, table/],
      ['colour=red', /Unknown parameter: colour/],
    ];
    for (const [query, message] of cases) {
      const res = await create(me, { name: `Bad ${query}`, query });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(message);
    }
    expect((await create(me, { name: '  ', query: '' })).statusCode).toBe(400);
    expect((await views(me)).some((v) => v.name.startsWith('Bad'))).toBe(false);
  });

  it(`keeps at most ${SAVED_VIEW_LIMITS.perUser} views a user`, async () => {
    const user = await signUp(app);
    for (let i = 0; i < SAVED_VIEW_LIMITS.perUser; i++) {
      expect((await create(user, { name: `View ${i}`, query: '' })).statusCode).toBe(201);
    }
    const over = await create(user, { name: 'One more', query: '' });
    expect(over.statusCode).toBe(400);
    expect(over.json<{ error: string }>().error).toMatch(/at most 50 saved views/);
  });

  it('API tokens cannot reach them (a session only)', async () => {
    const token = await app.inject({
      method: 'POST',
      url: '/api/user/tokens',
      headers: me.auth,
      payload: { name: 'script', scopes: ['read', 'write'] },
    });
    const auth = { authorization: `Bearer ${token.json<{ token: string }>().token}` };
    expect((await app.inject({ url: '/api/saved-views', headers: auth })).statusCode).toBe(403);
  });
});

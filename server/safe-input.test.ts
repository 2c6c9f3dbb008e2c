// Text no column can store (NUL, lone surrogates), ids past their int4 column and deep nesting: a 400 naming the
// field, and nothing written (decision 031).
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp } from './test/app';
import { signUp, type SignedIn } from './test/factories';
import { logOops, VALID_OOPS } from './test/oops-factory';
import { queryRows } from './lib/sql-rows';

let app: FastifyInstance;
let owner: SignedIn;
let oopsId: number;

const counts = async () =>
  JSON.stringify(
    await queryRows(
      app.db,
      sql`select (select count(*) from oops)::int as oops, (select count(*) from oops_notes)::int as notes,
        (select count(*) from oops_actions)::int as actions,
        (select count(*) from team_incident_types)::int as types`,
    ),
  );

beforeAll(async () => {
  app = await createTestApp();
  owner = await signUp(app);
  oopsId = (await logOops(app, owner)).id;
});

async function expectRefused(
  request: { method: 'POST' | 'GET' | 'PUT'; url: string; payload?: object },
  field: string | RegExp,
  what: RegExp,
) {
  const before = await counts();
  const res = await app.inject({ ...request, headers: owner.auth });
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ error: string; code: string }>();
  expect(body.code).toBe('bad_request');
  if (typeof field === 'string') expect(body.error.startsWith(field), body.error).toBe(true);
  else expect(body.error).toMatch(field);
  expect(body.error).toMatch(what);
  expect(await counts()).toBe(before);
}

const NUL = /NUL character/;
const SURROGATE = /unpaired surrogate/;

describe('text no column can store', () => {
  it('refuses NUL in an incident title, a note and an incident-type name, naming the field', async () => {
    await expectRefused(
      { method: 'POST', url: '/api/oops', payload: { ...VALID_OOPS, title: 'Disk\u0000full' } },
      'title',
      NUL,
    );
    await expectRefused(
      { method: 'POST', url: `/api/oops/${oopsId}/notes`, payload: { note: 'a\u0000b' } },
      'note',
      NUL,
    );
    await expectRefused(
      { method: 'POST', url: '/api/team/current/incident-types', payload: { name: '\u0000' } },
      'name',
      NUL,
    );
  });

  it('refuses lone surrogates (high without low, low without high) and keeps paired ones', async () => {
    await expectRefused(
      { method: 'POST', url: '/api/oops', payload: { ...VALID_OOPS, description: 'x\uD83Dy' } },
      'description',
      SURROGATE,
    );
    await expectRefused(
      { method: 'POST', url: `/api/oops/${oopsId}/notes`, payload: { note: '\uDE00' } },
      'note',
      SURROGATE,
    );
    const ok = await app.inject({
      method: 'POST',
      url: `/api/oops/${oopsId}/notes`,
      headers: owner.auth,
      payload: { note: 'Fixed \uD83D\uDE00' },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<{ note: string }>().note).toContain('\uD83D\uDE00');
  });

  it('names a nested field and a field name that carries the text', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: '/api/oops',
        payload: { ...VALID_OOPS, tags: ['fine', 'bad\u0000'] },
      },
      'tags.1',
      NUL,
    );
    await expectRefused(
      { method: 'POST', url: '/api/oops', payload: { ...VALID_OOPS, ['ti\u0000tle']: 'x' } },
      'A field name in The request body',
      NUL,
    );
  });

  it('refuses NUL in a query string and a path parameter', async () => {
    await expectRefused({ method: 'GET', url: '/api/oops?search=a%00b' }, 'search', NUL);
    await expectRefused({ method: 'GET', url: '/api/oops/detail/abc%00def' }, 'idSlug', NUL);
  });

  it('refuses a body nested deeper than any contract', async () => {
    const before = await counts();
    // Sent as text: a client's JSON.stringify would exhaust its own stack first.
    const deep = `${'['.repeat(20_000)}"x"${']'.repeat(20_000)}`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/oops',
      headers: { ...owner.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...VALID_OOPS, tags: '@' }).replace('"@"', deep),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/^tags\.0\.0.* is nested too deeply/);
    expect(await counts()).toBe(before);
  });
});

describe('integers with the range of their column', () => {
  it('refuses an action owner beyond int4 with a 400, not a 500', async () => {
    for (const owner_id of [2 ** 31, 2 ** 53, 1e300, -(2 ** 31) - 1, 0]) {
      await expectRefused(
        { method: 'POST', url: `/api/oops/${oopsId}/actions`, payload: { title: 'Fix it', owner_id } },
        /^Owner/,
        /./,
      );
    }
  });

  it('refuses ids past int4 in paths and query strings', async () => {
    await expectRefused({ method: 'GET', url: '/api/oops/2147483648/actions' }, 'id', /./);
    await expectRefused({ method: 'GET', url: '/api/actions?owner_id=99999999999' }, /^Owner/, /./);
    await expectRefused(
      { method: 'PUT', url: `/api/oops/${oopsId}/actions/2147483648`, payload: { title: 'x' } },
      'actionId',
      /./,
    );
  });
});

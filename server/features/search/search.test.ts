// Full-text search (decision 040) through the log's list (`search`) and the palette (GET /api/search): the same corpus
// and the same expected answers on PGlite and on PostgreSQL (TEST_DB=postgres runs this file against it).
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../common/contracts/search';
import { createTestApp } from '../../test/app';
import { memberOf, signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';

let app: FastifyInstance;
let owner: SignedIn;
let reporter: SignedIn;
let other: SignedIn;
const ids = new Map<string, number>();

const CORPUS = [
  { title: 'Primary Postgres ran out of disk', description: 'The data volume filled up overnight.' },
  {
    title: 'Refund job failed',
    description: 'Payments were not returned to customers.',
    note: 'A runaway cron job.',
  },
  {
    title: 'Billing page slow',
    description: 'The billing page waited on Postgres for seconds.',
    root_cause: 'Expired certificate on the replica',
  },
  {
    title: 'Café menu outage 🔥',
    description: '100% of orders failed; see the a_b log',
    tags: ['kubernetes'],
  },
  { title: '<b>Bold</b> markup in a title', description: 'Rendering check & more' },
];

beforeAll(async () => {
  app = await createTestApp();
  owner = await signUp(app);
  reporter = await memberOf(app, owner.user.team!.id, 'member');
  other = await signUp(app);
  for (const { note, ...fields } of CORPUS) {
    const created = await logOops(app, owner, fields);
    ids.set(fields.title, created.id);
    if (note) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/oops/${created.id}/notes`,
        headers: owner.auth,
        payload: { note },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  }
  const on = await app.inject({
    method: 'PUT',
    url: '/api/team/current/confidential',
    headers: owner.auth,
    payload: { enabled: true },
  });
  expect(on.statusCode, on.body).toBe(200);
  const secret = await logOops(app, reporter, {
    title: 'Wrench left near the press',
    description: 'Nobody was hurt.',
    kind: 'near_miss',
    confidential: true,
  });
  ids.set('Wrench left near the press', secret.id);
  await logOops(app, other, { title: 'Postgres ran out of disk in another team', description: 'Not yours.' });
});

async function listTitles(as: SignedIn, search: string): Promise<string[]> {
  const res = await app.inject({
    url: `/api/oops?limit=100&search=${encodeURIComponent(search)}`,
    headers: as.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ oops: { title: string }[] }>()
    .oops.map((o) => o.title)
    .sort();
}

async function palette(as: SignedIn, q: string): Promise<SearchResponse> {
  const res = await app.inject({ url: `/api/search?q=${encodeURIComponent(q)}`, headers: as.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** One expected answer for both databases: the titles found (any order for the list, ranked for the palette). */
const EXPECTED: [search: string, titles: string[]][] = [
  ['postgres disk', ['Primary Postgres ran out of disk']],
  ['disk postgres', ['Primary Postgres ran out of disk']],
  ['refunds', ['Refund job failed']],
  ['postg', ['Primary Postgres ran out of disk', 'Billing page slow']],
  ['"ran out"', ['Primary Postgres ran out of disk']],
  ['"disk primary"', []],
  ['runaway', ['Refund job failed']],
  ['certificates', ['Billing page slow']],
  ['kubernetes', ['Café menu outage 🔥']],
  ['café', ['Café menu outage 🔥']],
  ['CAFÉ MENU', ['Café menu outage 🔥']],
  ['🔥', ['Café menu outage 🔥']],
  ['100%', ['Café menu outage 🔥']],
  ['a_b', ['Café menu outage 🔥']],
  ['%', ['Café menu outage 🔥']],
  ['_', ['Café menu outage 🔥']],
  ['<b>', ['<b>Bold</b> markup in a title']],
  ['wrench', ['Wrench left near the press']],
  ['zebra', []],
];

describe('the same answers on both databases', () => {
  it.each(EXPECTED)('list search %j', async (search, titles) => {
    expect(await listTitles(owner, search)).toEqual([...titles].sort());
  });

  it.each(EXPECTED)('palette %j, ranked title first', async (search, titles) => {
    const found = await palette(owner, search);
    // Nothing found by the words: what comes back is the typo fallback's, flagged.
    const exact = found.fuzzy ? [] : found.incidents.map((i) => i.title.text);
    expect(exact).toEqual(titles);
  });

  it('a typo finds the incident through the trigram fallback, flagged as fuzzy', async () => {
    const found = await palette(owner, 'postgers');
    expect(found.fuzzy).toBe(true);
    expect(found.incidents.map((i) => i.title.text)[0]).toBe('Primary Postgres ran out of disk');
  });
});

describe('snippets', () => {
  it('carry plain text and the ranges of the matched words, stems and prefixes included', async () => {
    const [hit] = (await palette(owner, 'volumes fill')).incidents;
    expect(hit?.title.text).toBe('Primary Postgres ran out of disk');
    const marked = hit!.snippet.ranges.map(({ start, end }) =>
      hit!.snippet.text.slice(start, end).toLowerCase(),
    );
    expect(marked).toEqual(['volume', 'filled']);
    const [title] = (await palette(owner, 'postg')).incidents;
    expect(title!.title.ranges.map(({ start, end }) => title!.title.text.slice(start, end))).toEqual([
      'Postgres',
    ]);
  });

  it('never carry HTML: markup in the text stays text', async () => {
    const [hit] = (await palette(owner, 'markup')).incidents;
    expect(hit!.title.text).toBe('<b>Bold</b> markup in a title');
    expect(hit!.snippet.text).not.toMatch(/<mark|<\/?b>/);
  });
});

describe('the team and the confidential reporter', () => {
  it("finds only the actor's team's incidents", async () => {
    expect(await listTitles(other, 'postgres')).toEqual(['Postgres ran out of disk in another team']);
    const found = await palette(other, 'postgres');
    expect(found.incidents.map((i) => i.id)).not.toContain(ids.get('Primary Postgres ran out of disk'));
    expect(found.incidents).toHaveLength(1);
  });

  it('shows a confidential near-miss as the list does, and its reporter nowhere, even searched by name', async () => {
    const body = JSON.stringify(await palette(owner, 'wrench'));
    expect(body).not.toContain(reporter.user.email);
    expect(body).not.toContain(String(reporter.user.name));
    expect((await palette(owner, reporter.user.email)).incidents).toEqual([]);
    expect(await listTitles(owner, reporter.user.email)).toEqual([]);
  });

  it('finds actions and lessons of the team', async () => {
    const id = ids.get('Refund job failed')!;
    const res = await app.inject({
      method: 'POST',
      url: `/api/oops/${id}/actions`,
      headers: owner.auth,
      payload: { title: 'Alert on refund queue depth' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await logOops(app, owner, { title: 'Queue stuck', lesson_learned: 'Watch the refund queue' });
    const found = await palette(owner, 'refund queue');
    expect(found.actions.map((a) => [a.title.text, a.oops_id])).toEqual([
      ['Alert on refund queue depth', id],
    ]);
    expect(found.lessons.map((l) => l.text.text)).toEqual(['Watch the refund queue']);
    expect((await palette(other, 'refund queue')).actions).toEqual([]);
  });
});

describe('bad input', () => {
  it.each([
    ['/api/search'],
    ['/api/search?q=%20%20'],
    [`/api/search?q=${'x'.repeat(201)}`],
    ['/api/search?q=a&x=1'],
  ])('%s is a 400 with an error', async (url) => {
    const res = await app.inject({ url, headers: owner.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });
});

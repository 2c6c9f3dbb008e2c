// The list's search through the trigram and full-text indexes (decisions 017 and 040) finds exactly what a naive ILIKE
// or full-text match over rows read out of the table first finds, for text full of LIKE wildcards, backslashes,
// quotes, emoji and accented capitals.
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../lib/sql-rows';
import { containsPattern } from '../../lib/sql-like';
import { fullTextCondition, tsQueryText } from '../../lib/full-text';
import { createTestApp } from '../../test/app';
import { signUp, type SignedIn } from '../../test/factories';

let app: FastifyInstance;
let me: SignedIn;
beforeAll(async () => {
  app = await createTestApp();
  me = await signUp(app);
});

const teamId = () => me.user.team!.id;

// Letters with case pairs (ASCII, accented, Turkish dotted/dotless i, German sharp s, Greek sigmas), LIKE's
// wildcards and escape, quotes, emoji (outside the BMP) and spaces.
const PIECES = [
  'a', 'A', 'e', 'E', 'é', 'É', 'ü', 'Ü', 'ñ', 'Ñ', 'i', 'I', 'İ', 'ı', 'ß', 'ẞ', 'σ', 'Σ', 'ς',
  '%', '_', '\\', "'", '"', '😀', '🔥', ' ', '1', 'ab', 'Café', 'CAFÉ', 'naïve', '100%', 'a_b', 'x\\y',
]; // prettier-ignore
const text = (maxLength: number) =>
  fc.array(fc.constantFrom(...PIECES), { maxLength }).map((parts) => parts.join(''));
const flipCase = (s: string, flips: boolean[]) =>
  [...s].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c.toLowerCase())).join('');

const docs = fc.array(fc.record({ title: text(8), description: text(14) }), { minLength: 1, maxLength: 10 });
/** A search: either made of the same pieces, or a piece of some document with its case changed. */
const searchFor = (corpus: { title: string; description: string }[]) =>
  fc
    .oneof(
      text(4),
      fc
        .record({
          doc: fc.constantFrom(...corpus),
          field: fc.constantFrom('title' as const, 'description' as const),
          start: fc.nat(20),
          length: fc.integer({ min: 1, max: 6 }),
          flips: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
        })
        .map(({ doc, field, start, length, flips }) =>
          flipCase([...doc[field]].slice(start, start + length).join(''), flips),
        ),
      // An empty search is no search: the unfiltered first page, which the team cache answers (routes.ts), and the
      // rows here are written behind the cache's back.
    )
    .filter((s) => s.trim() !== '');

/**
 * The incidents matching `search` by a plain ILIKE, or their stored search_vector matching its tsquery, on rows read
 * out of the table first: no index can take part.
 */
async function naiveIds(search: string): Promise<number[]> {
  // LIKE's escapes written in SQL, independently of the server's containsPattern.
  const pattern = sql`'%' || replace(replace(replace(${search}::text, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
  const rows = await queryRows<{ id: number }>(
    app.db,
    sql`with corpus as materialized (select id, title, description, search_vector from oops where team_id = ${teamId()})
        select id from corpus where title ilike ${pattern} or description ilike ${pattern}
          or search_vector @@ to_tsquery('english', ${tsQueryText(search)}) order by id`,
  );
  return rows.map((r) => Number(r.id));
}

/** Runs `query` with every plan but bitmap scans of indexes turned off, so the trigram indexes must answer it. */
async function withTrigramPlan<T>(query: (tx: typeof app.db) => Promise<T>): Promise<T> {
  return app.db.transaction(async (tx) => {
    for (const setting of ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan', 'enable_tidscan']) {
      await tx.execute(sql.raw(`set local ${setting} = off`));
    }
    return query(tx);
  });
}

const trigramMatch = (pattern: string): SQL => sql`(title ilike ${pattern} or description ilike ${pattern})`;

async function apiIds(search: string): Promise<{ ids: number[]; matched: number }> {
  const res = await app.inject({
    url: `/api/oops?limit=100&search=${encodeURIComponent(search)}`,
    headers: me.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ oops: { id: number }[]; matched: number }>();
  return { ids: body.oops.map((o) => o.id).sort((a, b) => a - b), matched: body.matched };
}

async function insertDocs(corpus: { title: string; description: string }[]): Promise<void> {
  for (const [i, doc] of corpus.entries()) {
    await app.db.execute(sql`
      insert into oops (team_id, slug, title, description, severity)
      values (${teamId()}, ${`doc-${i}`}, ${doc.title}, ${doc.description}, 'Low')`);
  }
  // Written in SQL, without the domain events that make cached counts stale: drop them, as a restart would.
  app.teamCache.clear(teamId());
}

describe('indexed search', () => {
  it('the trigram indexes (led by the team) serve ILIKE on title and description (operator class and both indexes)', async () => {
    const plan = await withTrigramPlan((tx) =>
      queryRows<Record<string, string>>(
        tx,
        sql`explain select id from oops where ${trigramMatch(containsPattern('checkout'))}`,
      ),
    );
    const text = plan.map((row) => Object.values(row).join('')).join('\n');
    expect(text).toContain('oops_team_title_trgm_idx');
    expect(text).toContain('oops_team_description_trgm_idx');
    expect(text).not.toMatch(/Seq Scan/);
  });

  it('finds exactly the ids a naive ILIKE or full-text match finds (generated corpora and searches)', async () => {
    await fc.assert(
      fc.asyncProperty(
        docs.chain((corpus) => fc.tuple(fc.constant(corpus), searchFor(corpus))),
        async ([corpus, rawSearch]) => {
          await app.db.execute(sql`delete from oops where team_id = ${teamId()}`);
          await insertDocs(corpus);
          // The API trims the search text (its contract); the naive query gets what the API searched for.
          const search = rawSearch.trim();
          const expected = await naiveIds(search);
          const viaApi = await apiIds(search);
          expect(viaApi.ids).toEqual(expected);
          expect(viaApi.matched).toBe(expected.length);
          const viaIndex = await withTrigramPlan((tx) =>
            queryRows<{ id: number }>(
              tx,
              sql`select id from oops where team_id = ${teamId()} and ${fullTextCondition(search)}`,
            ),
          );
          expect(viaIndex.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(expected);
        },
      ),
      { numRuns: 100 },
    );
  }, 300_000);

  it('matches across case for accented capitals and treats wildcards, quotes and backslashes as text', async () => {
    await app.db.execute(sql`delete from oops where team_id = ${teamId()}`);
    await insertDocs([
      { title: 'CAFÉ ÉTÉ', description: 'Ünïcode 😀 emoji' },
      { title: 'Disk at 100% full', description: 'path C:\\temp\\x and a_b' },
      { title: 'O\'Brien said "hi"', description: 'plain text here' },
      { title: 'Disk at 1000 IOPS', description: 'ab' },
    ]);
    const titles = async (search: string) => {
      const { ids } = await apiIds(search);
      const rows = await queryRows<{ id: number; title: string }>(
        app.db,
        sql`select id, title from oops where team_id = ${teamId()}`,
      );
      return ids.map((id) => rows.find((r) => Number(r.id) === id)!.title);
    };
    expect(await titles('café été')).toEqual(['CAFÉ ÉTÉ']);
    expect(await titles('ünïCODE 😀')).toEqual(['CAFÉ ÉTÉ']);
    expect(await titles('100%')).toEqual(['Disk at 100% full']);
    expect(await titles('a_b')).toEqual(['Disk at 100% full']);
    expect(await titles('\\temp\\')).toEqual(['Disk at 100% full']);
    expect(await titles("o'brien")).toEqual(['O\'Brien said "hi"']);
    expect(await titles('"hi"')).toEqual(['O\'Brien said "hi"']);
    // Shorter than a trigram: still found (the index cannot narrow it; the result is the same).
    expect(await titles('ab')).toEqual(['Disk at 1000 IOPS']);
    expect(await titles('_')).toEqual(['Disk at 100% full']);
    expect(await titles('%')).toEqual(['Disk at 100% full']);
  });
});

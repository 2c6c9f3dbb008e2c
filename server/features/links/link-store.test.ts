// Links have one store, oops_links (decision 044): an incident's related_incidents lists its plain-text entries and
// then its linked incidents as they are now; a link changes no incident row but where the completeness changes. The
// migrations that moved older lists into links (0014, then 0028) link every entry that names an incident of the team.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { completenessPercent } from '../../../common/domain/completeness';
import { domainEvents, oops, oopsLinks } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { signUp, type SignedIn } from '../../test/factories';
import { logOops, VALID_OOPS } from '../../test/oops-factory';

let app: FastifyInstance;
let stranger: SignedIn;

beforeAll(async () => {
  app = await createTestApp();
  stranger = await signUp(app);
});

interface Detail {
  id: number;
  id_slug: string;
  related_incidents: string[];
  completeness: number;
  updated_at: string;
}
const detail = async (id: number, as: SignedIn) => {
  const res = await app.inject({ url: `/api/oops/detail/${id}`, headers: as.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Detail>();
};
const relatedIds = async (id: number, as: SignedIn) =>
  (await app.inject({ url: `/api/oops/${id}/related`, headers: as.auth }))
    .json<{ related: { id: number }[] }>()
    .related.map((r) => r.id);
/** The events of the team that tell of incident `id`, oldest first: type, and the fields an update names. */
const eventsOf = async (as: SignedIn, id: number) =>
  (await app.db.select().from(domainEvents).where(eq(domainEvents.teamId, as.user.team!.id)))
    .sort((a, b) => a.id - b.id)
    .map((e) => ({ type: e.type, ...(e.payload as { oops: { id: number }; changed?: string[] }) }))
    .filter((e) => e.oops.id === id)
    .map((e) => (e.changed ? { type: e.type, changed: e.changed } : { type: e.type }));
const storedRow = async (id: number) => (await app.db.select().from(oops).where(eq(oops.id, id)))[0]!;

describe('related_incidents, derived from the links', () => {
  it("names the other incident as it is now: a retitle shows without rewriting this one's row", async () => {
    const owner = await signUp(app);
    const a = await logOops(app, owner, { title: 'Pool exhausted' });
    const b = await logOops(app, owner, {
      title: 'Pool exhausted again',
      related_incidents: ['see the runbook', a.id_slug],
    });
    expect(b.related_incidents).toEqual(['see the runbook', a.id_slug]);
    const before = await storedRow(b.id);
    expect(before.relatedIncidents).toEqual(['see the runbook']);

    const put = await app.inject({
      method: 'PUT',
      url: `/api/oops/${a.id}`,
      headers: owner.auth,
      payload: { title: 'Connection pool exhausted' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const retitled = `${a.id}-connection-pool-exhausted`;
    expect(put.json<Detail>().id_slug).toBe(retitled);
    expect(put.json<Detail>().related_incidents).toEqual([b.id_slug]);
    expect((await detail(b.id, owner)).related_incidents).toEqual(['see the runbook', retitled]);
    // The list shows it too; b's row is the version it was.
    const list = await app.inject({ url: '/api/oops', headers: owner.auth });
    const listed = list.json<{ oops: Detail[] }>().oops.find((o) => o.id === b.id)!;
    expect(listed.related_incidents).toEqual(['see the runbook', retitled]);
    expect(await storedRow(b.id)).toEqual(before);
  });

  it('a create with repeat_of writes the new incident once, with its one event, and tells the other once', async () => {
    const owner = await signUp(app);
    const earlier = await logOops(app, owner, { title: 'Disk full on build agents' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/oops',
      headers: owner.auth,
      payload: { ...VALID_OOPS, title: 'Disk full again', repeat_of: earlier.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Detail>();
    expect(created.related_incidents).toEqual([earlier.id_slug]);
    // One insert, never updated: its updated_at is its created_at (both the transaction's time).
    const row = await storedRow(created.id);
    expect(row.updatedAt).toEqual(row.createdAt);
    expect(row.relatedIncidents).toEqual([]);
    expect(row.completeness).toBe(created.completeness);
    expect(created.completeness).toBe(completenessPercent(created as unknown as Record<string, unknown>));
    expect(await eventsOf(owner, created.id)).toEqual([{ type: 'oops.created' }]);

    // The earlier incident: one event naming the field, and its completeness counts its first related incident.
    expect(await eventsOf(owner, earlier.id)).toEqual([
      { type: 'oops.created' },
      { type: 'oops.updated', changed: ['related_incidents'] },
    ]);
    const other = await detail(earlier.id, owner);
    expect(other.related_incidents).toEqual([created.id_slug]);
    expect(other.completeness).toBeGreaterThan(earlier.completeness);
    expect(other.completeness).toBe(completenessPercent(other as unknown as Record<string, unknown>));
    expect(other.updated_at).toBe(earlier.updated_at);
  });

  it('keeps plain text before the links, and completeness while either remains', async () => {
    const owner = await signUp(app);
    const a = await logOops(app, owner, { title: 'Cert expired' });
    const b = await logOops(app, owner, { title: 'Cert expired again' });
    const plain = a.completeness;
    const put = (id: number, list: string[]) =>
      app.inject({
        method: 'PUT',
        url: `/api/oops/${id}`,
        headers: owner.auth,
        payload: { related_incidents: list },
      });
    expect((await put(a.id, [String(b.id), 'the 2019 outage'])).json<Detail>().related_incidents).toEqual([
      'the 2019 outage',
      b.id_slug,
    ]);
    const linked = (await detail(a.id, owner)).completeness;
    expect(linked).toBeGreaterThan(plain);
    // The link alone still counts; so does the text alone; neither: back to what it was.
    expect((await put(a.id, [b.id_slug])).json<Detail>()).toMatchObject({
      related_incidents: [b.id_slug],
      completeness: linked,
    });
    expect((await put(a.id, ['the 2019 outage'])).json<Detail>()).toMatchObject({
      related_incidents: ['the 2019 outage'],
      completeness: linked,
    });
    expect((await detail(b.id, owner)).completeness).toBe(b.completeness);
    expect((await put(a.id, [])).json<Detail>().completeness).toBe(plain);
  });
});

const migrationStatements = (file: string) =>
  readFileSync(new URL(`../../db/migrations/${file}`, import.meta.url), 'utf8').split(
    '--> statement-breakpoint',
  );
/** Sets lists as they were stored before links had one store (written around the API). */
const setList = (id: number, list: string[]) =>
  app.db.update(oops).set({ relatedIncidents: list }).where(eq(oops.id, id));
const run = async (statements: string[]) => {
  // Each statement as the migration runs it; on data the app writes now, none changes anything.
  for (const statement of statements) await app.db.execute(sql.raw(statement));
};

describe('the migrations of older lists', () => {
  it('0014 then 0028: entries that name an incident of the team become links, both ways; others stay text', async () => {
    const owner = await signUp(app);
    const text = readFileSync(
      new URL('../../db/migrations/0014_incident_links.sql', import.meta.url),
      'utf8',
    );
    const backfill = text.slice(text.indexOf('-- custom: backfill')).split('--> statement-breakpoint');
    const a = await logOops(app, owner, { title: 'Legacy A' });
    const b = await logOops(app, owner, { title: 'Legacy B' });
    const c = await logOops(app, owner, { title: 'Legacy C' });
    const theirs = await logOops(app, stranger);
    await setList(a.id, [String(b.id), 'free text', `${theirs.id}-x`]);
    await setList(c.id, [`${a.id}-an-old-slug`]);
    const before = (await detail(b.id, owner)).completeness;
    await run(backfill);
    await run(migrationStatements('0028_links_one_store.sql'));
    expect((await relatedIds(a.id, owner)).sort()).toEqual([b.id, c.id].sort());
    expect((await detail(a.id, owner)).related_incidents).toEqual([
      'free text',
      `${theirs.id}-x`,
      b.id_slug,
      c.id_slug,
    ]);
    expect((await detail(b.id, owner)).related_incidents).toEqual([a.id_slug]);
    expect((await detail(c.id, owner)).related_incidents).toEqual([a.id_slug]);
    const after = await detail(b.id, owner);
    expect(after.completeness).toBeGreaterThan(before);
    // The migration's SQL formula agrees with the app's rule (docs/product.md §5).
    expect(after.completeness).toBe(completenessPercent(after as unknown as Record<string, unknown>));
    expect(await relatedIds(theirs.id, stranger)).toEqual([]);
  });

  it('0028: links what a list names once, keeps existing links, and counts them in the completeness', async () => {
    const owner = await signUp(app);
    const x = await logOops(app, owner, { title: 'Old X' });
    const y = await logOops(app, owner, { title: 'Old Y' });
    const z = await logOops(app, owner, { title: 'Old Z', related_incidents: [x.id_slug] });
    const theirs = await logOops(app, stranger);
    // As the previous release stored them: x and z linked and listing each other; y named by x (twice) but unlinked.
    await setList(x.id, [String(y.id), 'the 2019 outage', z.id_slug, ` ${y.id}-old-slug `, `${theirs.id}`]);
    await setList(z.id, [x.id_slug]);
    const before = (await detail(y.id, owner)).completeness;
    await run(migrationStatements('0028_links_one_store.sql'));

    const links = await app.db
      .select()
      .from(oopsLinks)
      .where(
        or(inArray(oopsLinks.oopsId, [x.id, y.id, z.id]), inArray(oopsLinks.otherId, [x.id, y.id, z.id])),
      );
    expect(links).toHaveLength(2);
    expect((await storedRow(x.id)).relatedIncidents).toEqual(['the 2019 outage', `${theirs.id}`]);
    expect((await storedRow(z.id)).relatedIncidents).toEqual([]);
    expect((await detail(x.id, owner)).related_incidents).toEqual([
      'the 2019 outage',
      `${theirs.id}`,
      z.id_slug,
      y.id_slug,
    ]);
    expect((await detail(z.id, owner)).related_incidents).toEqual([x.id_slug]);
    const after = await detail(y.id, owner);
    expect(after.related_incidents).toEqual([x.id_slug]);
    expect(after.completeness).toBeGreaterThan(before);
    expect(after.completeness).toBe(completenessPercent(after as unknown as Record<string, unknown>));
    expect(await relatedIds(theirs.id, stranger)).toEqual([]);
    // Run again, it changes nothing.
    await run(migrationStatements('0028_links_one_store.sql'));
    expect((await detail(x.id, owner)).related_incidents).toHaveLength(4);
  });
});

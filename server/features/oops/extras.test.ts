// Notes, follow-up actions, similar incidents, exports and departments.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../test/app';
import { memberOf, signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';

let app: FastifyInstance;
let owner: SignedIn;
beforeAll(async () => {
  app = await createTestApp();
  owner = await signUp(app);
});

const post = (url: string, payload: Record<string, unknown>, as = owner) =>
  app.inject({ method: 'POST', url, headers: as.auth, payload });

describe('notes', () => {
  it('adds a note with added_by and added_at, shown on the detail page', async () => {
    const o = await logOops(app, owner);
    const res = await post(`/api/oops/${o.id}/notes`, {
      note: '<p>Root cause <b>confirmed</b><br/>by DBA</p>',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      note: '<p>Root cause <b>confirmed</b><br>by DBA</p>',
      added_by: owner.user.name,
    });
    const detail = (await app.inject({ url: `/api/oops/detail/${o.id}`, headers: owner.auth })).json();
    expect(detail.notes).toHaveLength(1);
  });

  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['<b onclick="steal()">bold</b>', '<b>bold</b>'],
    ['<a href="javascript:alert(1)">x</a>', '&lt;a href=&quot;javascript:alert(1)&quot;&gt;x&lt;/a&gt;'],
    ['<svg/onload=alert(1)>', '&lt;svg/onload=alert(1)&gt;'],
    ['<P>para</P> &amp; <em>em</em>', '<p>para</p> &amp;amp; <em>em</em>'],
  ])('stores %j sanitised', async (input, stored) => {
    const o = await logOops(app, owner);
    const res = await post(`/api/oops/${o.id}/notes`, { note: input });
    expect(res.json().note).toBe(stored);
  });

  it('refuses an empty note', async () => {
    const o = await logOops(app, owner);
    const res = await post(`/api/oops/${o.id}/notes`, { note: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Note is required.');
  });
});

describe('follow-up actions', () => {
  it('creates, lists, updates and deletes an action owned by a team member', async () => {
    const o = await logOops(app, owner);
    const mate = await memberOf(app, owner.user.team!.id, 'member');
    const created = await post(`/api/oops/${o.id}/actions`, {
      title: 'Add pool alerts',
      owner_id: mate.user.id,
      due_date: '2026-12-31',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      title: 'Add pool alerts',
      owner_id: mate.user.id,
      owner_name: mate.user.name,
      due_date: '2026-12-31',
      status: 'open',
    });
    const id = created.json().id;
    const list = (await app.inject({ url: `/api/oops/${o.id}/actions`, headers: owner.auth })).json();
    expect(list.actions).toHaveLength(1);
    expect(
      (await app.inject({ url: `/api/oops/detail/${o.id}`, headers: owner.auth })).json().open_actions,
    ).toBe(1);
    const done = await app.inject({
      method: 'PUT',
      url: `/api/oops/${o.id}/actions/${id}`,
      headers: mate.auth,
      payload: { status: 'done' },
    });
    expect(done.json().status).toBe('done');
    expect(
      (await app.inject({ url: `/api/oops/detail/${o.id}`, headers: owner.auth })).json().open_actions,
    ).toBe(0);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/oops/${o.id}/actions/${id}`,
      headers: owner.auth,
    });
    expect(del.statusCode).toBe(200);
    expect(
      (await app.inject({ url: `/api/oops/${o.id}/actions`, headers: owner.auth })).json().actions,
    ).toHaveLength(0);
  });

  it('shows open-action counts in the (team-cached) first page of the list at once', async () => {
    const me = await signUp(app);
    const o = await logOops(app, me);
    const firstPage = async () =>
      (await app.inject({ url: '/api/oops?limit=5', headers: me.auth })).json().oops[0].open_actions;
    expect(await firstPage()).toBe(0);
    expect(await firstPage()).toBe(0); // now answered from the team cache
    const created = await app.inject({
      method: 'POST',
      url: `/api/oops/${o.id}/actions`,
      headers: me.auth,
      payload: { title: 'Add pool alerts' },
    });
    expect(created.statusCode).toBe(201);
    expect(await firstPage()).toBe(1);
    await app.inject({
      method: 'DELETE',
      url: `/api/oops/${o.id}/actions/${created.json().id}`,
      headers: me.auth,
    });
    expect(await firstPage()).toBe(0);
  });

  it('refuses an owner from outside the team, a bad date and an empty title', async () => {
    const o = await logOops(app, owner);
    const stranger = await signUp(app);
    const outsider = await post(`/api/oops/${o.id}/actions`, { title: 'x', owner_id: stranger.user.id });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().error).toBe('The owner must be a member of your team.');
    expect(
      (await post(`/api/oops/${o.id}/actions`, { title: 'x', due_date: '31/12/2026' })).json().error,
    ).toBe('Due date must be a date such as 2026-12-31.');
    expect((await post(`/api/oops/${o.id}/actions`, { title: '' })).json().error).toBe(
      'Action title is required.',
    );
    expect(
      (await app.inject({ url: `/api/oops/${o.id}/actions`, headers: owner.auth })).json().actions,
    ).toHaveLength(0);
  });

  it('answers 404 for an action of another incident', async () => {
    const a = await logOops(app, owner);
    const b = await logOops(app, owner);
    const action = (await post(`/api/oops/${a.id}/actions`, { title: 'Only on A' })).json();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/oops/${b.id}/actions/${action.id}`,
      headers: owner.auth,
      payload: { status: 'done' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('similar incidents', () => {
  it('ranks up to 3 of the team incidents by full-text similarity', async () => {
    const me = await signUp(app);
    const db1 = await logOops(app, me, {
      title: 'Database connection pool exhausted',
      description: 'Connections to the database ran out at peak.',
    });
    await logOops(app, me, {
      title: 'Office coffee machine broken',
      description: 'No coffee for the whole morning shift.',
    });
    const res = await app.inject({
      url: `/api/oops/similar?text=${encodeURIComponent('database connections exhausted again')}`,
      headers: me.auth,
    });
    expect(res.statusCode).toBe(200);
    const found = res.json().oops;
    expect(found[0]).toMatchObject({ id: db1.id, id_slug: db1.id_slug });
    expect(found.map((f: { title: string }) => f.title)).not.toContain('Office coffee machine broken');
    const odd = await app.inject({
      url: `/api/oops/similar?text=${encodeURIComponent("'):*|&! <>")}`,
      headers: me.auth,
    });
    expect(odd.statusCode).toBe(200);
    expect(odd.json().oops).toEqual([]);
  });
});

describe('exports', () => {
  it('exports a postmortem in Markdown', async () => {
    const o = await logOops(app, owner, {
      root_cause: 'Pool too small',
      lesson_learned: 'Alert on saturation',
    });
    await post(`/api/oops/${o.id}/actions`, { title: 'Add alerts' });
    await post(`/api/oops/${o.id}/notes`, { note: 'DBA <b>confirmed</b>' });
    const res = await app.inject({ url: `/api/oops/${o.id}/export.md`, headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/markdown/);
    const md = res.body;
    expect(md).toMatch(/^# Postmortem: Database outage in checkout\n/);
    for (const heading of [
      '## Summary',
      '## Impact',
      '## Timeline',
      '## Root cause',
      '## Lesson learned',
      '## Follow-up actions',
    ]) {
      expect(md).toContain(heading);
    }
    expect(md).toContain('Pool too small');
    expect(md).toContain('- [ ] Add alerts');
    expect(md).toContain('DBA confirmed');
    expect(md).toContain('**Incident Detected**');
  });

  it('exports the filtered list as CSV, guarding against spreadsheet formulas', async () => {
    const me = await signUp(app);
    await logOops(app, me, {
      title: '=HYPERLINK("http://evil")',
      description: 'A title that looks like a formula.',
    });
    await logOops(app, me, { title: 'Plain, with comma', description: 'A title with a comma in it.' });
    const res = await app.inject({ url: '/api/oops/export.csv?search=comma', headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,title,severity,status,kind,oops_type,area_department,users_affected/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Plain, with comma"');
    const all = (await app.inject({ url: '/api/oops/export.csv', headers: me.auth })).body;
    expect(all).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });
});

describe('departments', () => {
  it('merges the team departments with the default list', async () => {
    const me = await signUp(app);
    await logOops(app, me, { area_department: 'Warehouse' });
    const res = (await app.inject({ url: '/api/oops/departments', headers: me.auth })).json();
    expect(res).toEqual(expect.arrayContaining(['Engineering', 'HR', 'General', 'Warehouse']));
  });
});

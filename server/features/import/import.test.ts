import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_TEXTS } from '../../../common/domain/import-texts';
import { auditEvents, domainEvents, oops } from '../../db/schema';
import { mintApiToken } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { memberOf, signUp, type SignedIn } from '../../test/factories';

let app: FastifyInstance;
let owner: SignedIn;
beforeAll(async () => {
  app = await createTestApp();
  owner = await signUp(app);
});

const HEADER = 'Title,Severity,What happened,Kind,Occurred,Tags,Status';
const GOOD_ROW =
  'Cache stampede,High,The cache expired everywhere at once and the database fell over.,Near-miss,2026-03-14,cache db,Open';

const post = (url: string, payload: Record<string, unknown>, as: Pick<SignedIn, 'auth'> = owner) =>
  app.inject({ method: 'POST', url, headers: as.auth, payload });
const preview = (csv: string, extra: Record<string, unknown> = {}, as?: SignedIn) =>
  post('/api/oops/import/preview', { csv, ...extra }, as);
const importCsv = (csv: string, extra: Record<string, unknown> = {}, as?: SignedIn) =>
  post('/api/oops/import', { csv, ...extra }, as);
const teamCount = async (teamId: number) =>
  (await app.db.select({ n: count() }).from(oops).where(eq(oops.teamId, teamId)))[0]!.n;

describe('POST /api/oops/import/preview', () => {
  it("suggests a mapping from headers in any case or spacing, and from the export's own names", async () => {
    const csv =
      'TITLE, severity ,what_happened,oops_type,Area Department,created_at,id,completeness,Whatever\nA title,Low,Ten characters at least,Other,Ops,2026-01-02,7,40,x\n';
    const res = await preview(csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.columns[1]).toBe('severity');
    expect(body.mapping).toEqual([
      'title',
      'severity',
      'description',
      'oops_type',
      'area_department',
      'created_at',
      null,
      null,
      null,
    ]);
    expect(body.row_count).toBe(1);
    expect(body.rows[0]).toEqual({
      line: 2,
      values: expect.objectContaining({ title: 'A title', severity: 'Low' }),
    });
    expect(body.error_count).toBe(0);
    expect(body.targets).toContainEqual({ value: 'description', label: 'Detailed description' });
  });

  it("maps the CSV export's own headers back to their fields", async () => {
    const exported = await app.inject({ url: '/api/oops/export.csv', headers: owner.auth });
    const header = exported.body.split('\r\n')[0]!;
    const res = await preview(
      `${header}\n${header
        .split(',')
        .map(() => '')
        .join(',')}`,
    );
    const { columns, mapping } = res.json<{ columns: string[]; mapping: (string | null)[] }>();
    const byColumn = Object.fromEntries(columns.map((c, i) => [c, mapping[i]]));
    for (const field of [
      'title',
      'severity',
      'status',
      'kind',
      'oops_type',
      'area_department',
      'tags',
      'created_at',
    ]) {
      expect(byColumn[field], field).toBe(field);
    }
    // Bookkeeping columns are the server's, not the file's.
    for (const column of ['id', 'created_by', 'completeness', 'open_actions'])
      expect(byColumn[column]).toBeNull();
  });

  it('reports each bad cell with its line and column', async () => {
    const csv = [
      HEADER,
      GOOD_ROW,
      'Bad severity,Huge,Long enough description here.,Incident,2026-03-14,,Open',
      'Bad date,Low,Long enough description here.,Incident,31/02/2026,,Open',
      ',Low,Missing the title but long enough.,Incident,,,Open',
      '"Multi-line",Low,"Line one,\nline two of the description",Incident,,,Nope',
    ].join('\n');
    const res = await preview(csv);
    expect(res.statusCode).toBe(200);
    const { errors, error_count } = res.json();
    expect(error_count).toBe(4);
    expect(errors).toEqual([
      expect.objectContaining({
        line: 3,
        column: 2,
        column_name: 'Severity',
        field: 'severity',
        message: expect.stringContaining('Severity must be one of'),
      }),
      expect.objectContaining({
        line: 4,
        column: 5,
        column_name: 'Occurred',
        message: IMPORT_TEXTS.badDate('Occurred'),
      }),
      expect.objectContaining({ line: 5, column: 1, column_name: 'Title', field: 'title' }),
      // The record starts on line 6 although its description spans two lines.
      expect.objectContaining({ line: 6, column: 7, column_name: 'Status', field: 'status' }),
    ]);
  });

  it('reports a row with more cells than the header', async () => {
    const res = await preview(`${HEADER}\n${GOOD_ROW},extra\n`);
    expect(res.json().errors).toEqual([expect.objectContaining({ line: 2, column: 8 })]);
  });

  it('refuses a file that is not CSV (unbalanced quotes) with the line of the problem', async () => {
    const res = await preview(`${HEADER}\n${GOOD_ROW}\n"Unclosed,Low,Text that goes on,Incident,,,Open\n`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'import_file',
      errors: [expect.objectContaining({ line: expect.any(Number) })],
    });
    expect(res.json().error).toMatch(/^The file is not valid CSV: Quote Not Closed/);
  });

  it('refuses an empty file, a mapping of the wrong length, a field mapped twice and an unknown field', async () => {
    expect((await preview('Title,Severity\n')).json().error).toBe(IMPORT_TEXTS.empty);
    expect((await preview(`${HEADER}\n${GOOD_ROW}`, { mapping: ['title'] })).json().error).toBe(
      IMPORT_TEXTS.mappingLength,
    );
    const twice = await preview('a,b\nx,y', { mapping: ['title', 'title'] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe(IMPORT_TEXTS.mappedTwice('Title'));
    expect((await preview('a\nx', { mapping: ['password_hash'] })).statusCode).toBe(400);
  });
});

describe('POST /api/oops/import', () => {
  it("imports every row with the file's dates, one event and an audit entry with the count only", async () => {
    const team = await signUp(app);
    const csv = [
      'title,severity,description,kind,status,created_at,resolved_at,occurred_at,stakeholders_notified,downtime_hours',
      'Old outage,Critical,The whole site was down for an hour.,incident,Closed,03/04/2025,03/04/2025 11:00,2025-04-03T09:00:00+02:00,yes,1',
      'Near miss,low,Almost shipped a broken migration.,near_miss,,2025-05-01,,,no,',
    ].join('\r\n');
    const res = await importCsv(csv, { day_first: true }, team);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ imported: 2 });
    const rows = await app.db.select().from(oops).where(eq(oops.teamId, team.user.team!.id)).orderBy(oops.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      title: 'Old outage',
      severity: 'Critical',
      status: 'Closed',
      createdById: team.user.id,
      createdAt: new Date('2025-04-03T00:00:00Z'),
      resolvedAt: new Date('2025-04-03T11:00:00Z'),
      occurredAt: new Date('2025-04-03T07:00:00Z'),
      stakeholdersNotified: true,
      downtimeHours: 1,
      usersAffected: '1-1000 Users',
    });
    expect(rows[1]).toMatchObject({ kind: 'near_miss', severity: 'Low', status: 'Open', resolvedAt: null });
    expect(rows[1]!.completeness).toBeGreaterThan(0);
    const events = await app.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.teamId, team.user.team!.id));
    expect(events.map((e) => e.type)).toEqual(['oops.imported']);
    expect(events[0]!.payload).toMatchObject({
      import: { count: 2, first_id: rows[0]!.id, last_id: rows[1]!.id },
    });
    const audits = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.teamId, team.user.team!.id), eq(auditEvents.action, 'oops.imported')));
    expect(audits.map((a) => a.details)).toEqual([{ count: 2 }]);
    // The statistics rollups (statement triggers) follow the bulk insert, and the first sight of the team is fresh.
    const stats = await app.inject({ url: '/api/oops/stats', headers: team.auth });
    // total_oops (from the rollups) counts incidents, not near-misses, of all time; "last" is the imported one.
    expect(stats.json()).toMatchObject({ total_oops: 1 });
    const last = await app.inject({ url: '/api/oops/last', headers: team.auth });
    expect(last.json()).toMatchObject({ id: rows[0]!.id, severity: 'Critical' });
  });

  it('stamps what a row was logged with at its resolution when the file gives no logging date', async () => {
    const team = await signUp(app);
    const csv = [
      'title,severity,description,resolved_at,root_cause',
      'Disk full,High,The primary database ran out of disk.,2025-06-01 10:00,Logs were never rotated.',
    ].join('\n');
    expect((await importCsv(csv, {}, team)).statusCode).toBe(201);
    const [row] = await app.db.select().from(oops).where(eq(oops.teamId, team.user.team!.id));
    expect(row).toMatchObject({
      status: 'Closed',
      resolvedAt: new Date('2025-06-01T10:00:00Z'),
      rootCauseIdentifiedAt: new Date('2025-06-01T10:00:00Z'),
    });
  });

  it('imports nothing when any row is bad, and lists the problems', async () => {
    const teamId = owner.user.team!.id;
    const before = await teamCount(teamId);
    const rows = Array.from({ length: 50 }, (_, i) => GOOD_ROW.replace('Cache stampede', `Row ${i}`));
    rows.push('Late bad row,Low,Long enough description here.,Incident,2026-13-01,,Open');
    const res = await importCsv([HEADER, ...rows].join('\n'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'import_invalid',
      error: IMPORT_TEXTS.rowsInvalid(1),
      error_count: 1,
      errors: [expect.objectContaining({ line: 52, column: 5 })],
    });
    expect(await teamCount(teamId)).toBe(before);
  });

  it('stores injection-shaped cells as text, and the CSV export escapes them again', async () => {
    const team = await signUp(app);
    const cells = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-3', '@SUM(A1)'];
    const csv = [
      'title,severity,description',
      ...cells.map(
        (c) => `"${c.replace(/"/g, '""')}",Low,"${c.replace(/"/g, '""')} is the description text"`,
      ),
    ].join('\n');
    expect((await importCsv(csv, {}, team)).statusCode).toBe(201);
    const stored = await app.db
      .select({ title: oops.title })
      .from(oops)
      .where(eq(oops.teamId, team.user.team!.id))
      .orderBy(oops.id);
    expect(stored.map((r) => r.title)).toEqual(cells);
    const exported = await app.inject({ method: 'GET', url: '/api/oops/export.csv', headers: team.auth });
    const body = exported.body;
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(body).toContain(`,'+1+2,`);
    expect(body).toContain(`,'-3,`);
    expect(body).toContain(`,'@SUM(A1),`);
    expect(body).not.toMatch(/(^|,)[=+\-@]/m);
  });

  it('lets only owners and admins import, into their own team only', async () => {
    const team = await signUp(app);
    const teamId = team.user.team!.id;
    const member = await memberOf(app, teamId, 'member');
    const admin = await memberOf(app, teamId, 'admin');
    const csv = `${HEADER}\n${GOOD_ROW}`;
    const refused = await importCsv(csv, {}, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(IMPORT_TEXTS.managersOnly);
    expect((await preview(csv, {}, member)).statusCode).toBe(403);
    const otherBefore = await teamCount(owner.user.team!.id);
    expect((await importCsv(csv, {}, admin)).statusCode).toBe(201);
    expect(await teamCount(teamId)).toBe(1);
    expect(await teamCount(owner.user.team!.id)).toBe(otherBefore);
  });

  it('takes a token with the write scope, not one with read', async () => {
    const team = await signUp(app);
    const csv = `${HEADER}\n${GOOD_ROW}`;
    const read = await mintApiToken(app, team.user.id, ['read']);
    const write = await mintApiToken(app, team.user.id, ['write']);
    expect(
      (await post('/api/oops/import', { csv }, { auth: { authorization: `Bearer ${read.token}` } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await post('/api/oops/import', { csv }, { auth: { authorization: `Bearer ${write.token}` } }))
        .statusCode,
    ).toBe(201);
    const template = await app.inject({
      method: 'GET',
      url: '/api/oops/import/template.csv',
      headers: { authorization: `Bearer ${read.token}` },
    });
    expect(template.statusCode).toBe(200);
  });

  it('refuses a file over the size limit with 413 and over the row limit with 400', async () => {
    const big = 'x'.repeat(11 * 1024 * 1024);
    const tooBig = await importCsv(big);
    expect(tooBig.statusCode).toBe(413);
    const justOver = await importCsv('t'.repeat(5 * 1024 * 1024 + 1));
    expect(justOver.statusCode).toBe(400);
    expect(justOver.json().error).toBe(IMPORT_TEXTS.tooLarge);
    const many = `title\n${'a\n'.repeat(10_001)}`;
    const tooMany = await preview(many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe(IMPORT_TEXTS.tooManyRows(10_000));
  });
});

it('captures imported lessons into the lessons library (its trigger follows bulk inserts)', async () => {
  const team = await signUp(app);
  const csv =
    'title,severity,description,lesson_learned\nLesson row,Low,Something small went wrong here.,Always check the backups twice\n';
  expect((await importCsv(csv, {}, team)).statusCode).toBe(201);
  const lessons = await app.inject({ url: '/api/lessons', headers: team.auth });
  expect(JSON.stringify(lessons.json())).toContain('Always check the backups twice');
});

describe('GET /api/oops/import/template.csv', () => {
  it('gives a template whose example row imports as it is', async () => {
    const team = await signUp(app);
    const res = await app.inject({ method: 'GET', url: '/api/oops/import/template.csv', headers: team.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const check = await preview(res.body, {}, team);
    expect(check.json()).toMatchObject({ row_count: 1, error_count: 0 });
    expect(check.json().mapping).not.toContain(null);
    expect((await importCsv(res.body, {}, team)).statusCode).toBe(201);
  });
});

// Custom field values on incidents (decision 026): create and edit through the one common validator,
// "required for a type" with its clear 400, every incident answer carrying custom_fields, the cf.<key> list
// filter, the CSV and Markdown exports, and the CSV import's custom:<key> targets.
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomFieldView } from '../../../common/contracts/custom-fields';
import type { OopsDetail, OopsSummary } from '../../../common/contracts/oops';
import { CUSTOM_FIELD_LIMITS as L } from '../../../common/domain/custom-field-limits';
import { CUSTOM_FIELD_TEXTS as T } from '../../../common/domain/custom-field-texts';
import { CONFIDENTIAL_REPORTER } from '../../../common/domain/confidential-texts';
import { domainEvents, oops } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { memberOf, signUp, type SignedIn } from '../../test/factories';
import { logOops, VALID_OOPS } from '../../test/oops-factory';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const FIELDS = '/api/team/current/custom-fields';
const send = (method: 'GET' | 'POST' | 'PUT', url: string, as: SignedIn, payload?: object) =>
  app.inject({ method, url, headers: as.auth, ...(payload ? { payload } : {}) });
const defineField = async (as: SignedIn, payload: object): Promise<CustomFieldView> => {
  const res = await send('POST', FIELDS, as, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const typeIdOf = async (as: SignedIn, name: string) => {
  const res = await send('GET', '/api/team/current/incident-types?include_archived=1', as);
  return res
    .json<{ incident_types: { id: number; name: string }[] }>()
    .incident_types.find((t) => t.name === name)!.id;
};
const createOops = (as: SignedIn, extra: object) =>
  send('POST', '/api/oops', as, { ...VALID_OOPS, ...extra });
const editOops = (as: SignedIn, id: number, body: object) => send('PUT', `/api/oops/${id}`, as, body);
const listOops = async (as: SignedIn, query: string) => {
  const res = await send('GET', `/api/oops?${query}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ oops: OopsSummary[]; matched: number; next_cursor: string | null }>();
};
const expect400 = async (
  res: Promise<{ statusCode: number; json: () => { error: string } }>,
  error: string,
) => {
  const answer = await res;
  expect([answer.statusCode, answer.json().error]).toEqual([400, error]);
};

/** A team with one field of each type; the member is the user field's other choice. */
async function teamWithFields() {
  const owner = await signUp(app);
  const member = await memberOf(app, owner.user.team!.id, 'member');
  const fields = {
    tier: await defineField(owner, { label: 'Customer tier', type: 'select', options: ['Gold', 'Silver'] }),
    note: await defineField(owner, { label: 'Ticket note', type: 'text' }),
    cost: await defineField(owner, { label: 'Cost', type: 'number' }),
    regions: await defineField(owner, {
      label: 'Regions',
      type: 'multi_select',
      options: ['EU', 'US', 'APAC'],
    }),
    due: await defineField(owner, { label: 'Review date', type: 'date' }),
    lead: await defineField(owner, { label: 'Lead', type: 'user', key: 'lead' }),
  };
  return { owner, member, fields };
}

describe('values on create and edit', () => {
  it('stores each type normalised and answers custom_fields everywhere an incident is shown', async () => {
    const { owner, member } = await teamWithFields();
    const res = await createOops(owner, {
      custom_fields: {
        customer_tier: 'Gold',
        ticket_note: '  Call back on Monday  ',
        cost: 1250.5,
        regions: ['US', 'EU', 'US'],
        review_date: '2026-02-28',
        lead: member.user.id,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const expected = {
      customer_tier: 'Gold',
      ticket_note: 'Call back on Monday',
      cost: 1250.5,
      regions: ['EU', 'US'],
      review_date: '2026-02-28',
      lead: member.user.id,
    };
    const created = res.json<OopsDetail>();
    expect(created.custom_fields).toEqual(expected);
    const detail = await send('GET', `/api/oops/detail/${created.id_slug}`, member);
    expect(detail.json().custom_fields).toEqual(expected);
    expect((await listOops(member, '')).oops[0]!.custom_fields).toEqual(expected);
    // Without values: an empty object, never missing; '' and [] are "no value".
    const bare = await createOops(owner, { custom_fields: { ticket_note: '   ', regions: [] } });
    expect(bare.json().custom_fields).toEqual({});
    expect((await logOops(app, owner)).custom_fields).toEqual({});
  });

  it('refuses unknown keys, archived fields and wrong values with the field named, and saves nothing', async () => {
    const { owner, fields } = await teamWithFields();
    const other = await signUp(app);
    await send('POST', `${FIELDS}/${fields.cost.id}/archive`, owner);
    const cases: [object, string][] = [
      [{ nope: 'x' }, T.unknownField('nope')],
      [{ constructor: 'x' }, T.unknownField('constructor')],
      [{ cost: 3 }, T.archivedField('Cost')],
      [{ customer_tier: 'Bronze' }, 'Customer tier must be one of: Gold, Silver.'],
      [{ customer_tier: 'gold' }, 'Customer tier must be one of: Gold, Silver.'],
      [{ regions: 'EU' }, 'Regions must be a list of: EU, US, APAC.'],
      [{ regions: ['EU', 'Mars'] }, 'Regions must be a list of: EU, US, APAC.'],
      [{ ticket_note: 42 }, 'Ticket note must be text.'],
      [{ ticket_note: 'x'.repeat(2001) }, 'Ticket note must be at most 2,000 characters.'],
      [{ review_date: '2026-02-30' }, 'Review date must be a date (YYYY-MM-DD).'],
      [{ review_date: '28/02/2026' }, 'Review date must be a date (YYYY-MM-DD).'],
      [{ lead: other.user.id }, 'Lead must be a member of the team.'],
      [{ lead: String(owner.user.id) }, 'Lead must be a member of the team.'],
    ];
    for (const [values, error] of cases) await expect400(createOops(owner, { custom_fields: values }), error);
    await expect400(createOops(owner, { custom_fields: ['Gold'] }), T.valuesInvalid);
    const rows = await app.db.select({ id: oops.id }).from(oops).where(eq(oops.teamId, owner.user.team!.id));
    expect(rows).toEqual([]);

    const incident = await logOops(app, owner, { custom_fields: { customer_tier: 'Gold' } });
    await expect400(
      editOops(owner, incident.id, { custom_fields: { customer_tier: 'Bronze' } }),
      T.selectInvalid('Customer tier', ['Gold', 'Silver']),
    );
    await expect400(
      editOops(owner, incident.id, { title: 'Renamed', custom_fields: { nope: 1 } }),
      T.unknownField('nope'),
    );
    const after = await send('GET', `/api/oops/detail/${incident.id}`, owner);
    expect(after.json()).toMatchObject({ title: incident.title, custom_fields: { customer_tier: 'Gold' } });
  });

  it('merges an edit: only sent keys change, null clears, and the edit is named in the event', async () => {
    const { owner, member } = await teamWithFields();
    const incident = await logOops(app, owner, {
      custom_fields: { customer_tier: 'Gold', ticket_note: 'First', lead: owner.user.id },
    });
    const res = await editOops(member, incident.id, {
      custom_fields: { ticket_note: null, cost: 7, lead: member.user.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().custom_fields).toEqual({ customer_tier: 'Gold', cost: 7, lead: member.user.id });
    const [event] = await app.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(and(eq(domainEvents.teamId, owner.user.team!.id), eq(domainEvents.type, 'oops.updated')))
      .orderBy(desc(domainEvents.id))
      .limit(1);
    expect((event!.payload as { changed: string[] }).changed).toEqual([
      'Custom field Ticket note',
      'Custom field Cost',
      'Custom field Lead',
    ]);
    // The same values again change nothing: no new event, updated_at kept.
    const again = await editOops(member, incident.id, { custom_fields: { cost: 7 } });
    expect(again.json().updated_at).toBe(res.json().updated_at);
  });

  it('keeps a value whose select option was removed readable, and other edits still pass', async () => {
    const { owner, fields } = await teamWithFields();
    const incident = await logOops(app, owner, { custom_fields: { customer_tier: 'Silver' } });
    const edit = await send('PUT', `${FIELDS}/${fields.tier.id}`, owner, {
      label: 'Customer tier',
      options: ['Gold'],
    });
    expect(edit.statusCode).toBe(200);
    const res = await editOops(owner, incident.id, { custom_fields: { customer_tier: 'Silver', cost: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().custom_fields).toEqual({ customer_tier: 'Silver', cost: 1 });
    await expect400(
      createOops(owner, { custom_fields: { customer_tier: 'Silver' } }),
      'Customer tier must be one of: Gold.',
    );
  });
});

describe('limits and confidential reports', () => {
  it(`refuses more than ${L.valuesMax} keys in one body`, async () => {
    const { owner } = await teamWithFields();
    const many = Object.fromEntries(Array.from({ length: L.valuesMax + 1 }, (_, i) => [`k${i}`, null]));
    await expect400(createOops(owner, { custom_fields: many }), T.tooManyValues);
  });

  it('a confidential near-miss carries its values; its reporter edits them under the mask', async () => {
    const { owner, member } = await teamWithFields();
    const on = await send('PUT', '/api/team/current/confidential', owner, { enabled: true });
    expect(on.statusCode).toBe(200);
    const res = await createOops(member, {
      kind: 'near_miss',
      confidential: true,
      custom_fields: { customer_tier: 'Gold' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json<OopsDetail>();
    expect([report.created_by, report.custom_fields]).toEqual([
      CONFIDENTIAL_REPORTER,
      { customer_tier: 'Gold' },
    ]);
    const edit = await editOops(member, report.id, { custom_fields: { ticket_note: 'Seen twice' } });
    expect(edit.json().custom_fields).toEqual({ customer_tier: 'Gold', ticket_note: 'Seen twice' });
    const [event] = await app.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(and(eq(domainEvents.teamId, owner.user.team!.id), eq(domainEvents.type, 'oops.updated')))
      .orderBy(desc(domainEvents.id))
      .limit(1);
    expect(event!.payload).toMatchObject({
      actor: { id: 0, name: CONFIDENTIAL_REPORTER },
      changed: ['Custom field Ticket note'],
    });
    expect(JSON.stringify(event!.payload)).not.toContain(member.email);
  });
});

describe('required for a type', () => {
  async function requiredTeam() {
    const owner = await signUp(app);
    const outage = await typeIdOf(owner, 'Service Outage');
    const tier = await defineField(owner, {
      label: 'Customer tier',
      type: 'select',
      options: ['Gold', 'Silver'],
      required_for: [outage],
    });
    return { owner, tier };
  }

  it('blocks a create without the value with a clear 400; other types need nothing', async () => {
    const { owner } = await requiredTeam();
    await expect400(createOops(owner, {}), 'Customer tier is required for Service Outage incidents.');
    await expect400(
      createOops(owner, { custom_fields: { customer_tier: null } }),
      'Customer tier is required for Service Outage incidents.',
    );
    expect((await createOops(owner, { custom_fields: { customer_tier: 'Gold' } })).statusCode).toBe(201);
    expect((await createOops(owner, { oops_type: 'Security Incident' })).statusCode).toBe(201);
    expect((await createOops(owner, { oops_type: undefined })).statusCode).toBe(201);
  });

  it('blocks an edit that clears it or moves to a type that needs it; other edits pass', async () => {
    const { owner } = await requiredTeam();
    const outage = await logOops(app, owner, { custom_fields: { customer_tier: 'Gold' } });
    await expect400(
      editOops(owner, outage.id, { custom_fields: { customer_tier: null } }),
      'Customer tier is required for Service Outage incidents.',
    );
    const security = await logOops(app, owner, { oops_type: 'Security Incident' });
    await expect400(
      editOops(owner, security.id, { oops_type: 'Service Outage' }),
      'Customer tier is required for Service Outage incidents.',
    );
    const moved = await editOops(owner, security.id, {
      oops_type: 'Service Outage',
      custom_fields: { customer_tier: 'Silver' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Leaving the type drops the need: the value may then be cleared.
    const back = await editOops(owner, outage.id, {
      oops_type: 'Security Incident',
      custom_fields: { customer_tier: null },
    });
    expect([back.statusCode, back.json().custom_fields]).toEqual([200, {}]);
  });

  it('does not block edits of older incidents that lack the value, nor archived fields', async () => {
    const owner = await signUp(app);
    const older = await logOops(app, owner);
    const outage = await typeIdOf(owner, 'Service Outage');
    const field = await defineField(owner, { label: 'Region', type: 'text', required_for: [outage] });
    expect((await editOops(owner, older.id, { title: 'An older outage' })).statusCode).toBe(200);
    await send('POST', `${FIELDS}/${field.id}/archive`, owner);
    expect((await createOops(owner, {})).statusCode).toBe(201);
  });
});

describe('the cf.<key> list filter', () => {
  it('filters by each type, combines keys, and keeps the count and cursor', async () => {
    const { owner, member } = await teamWithFields();
    const make = (title: string, custom_fields: object) => logOops(app, owner, { title, custom_fields });
    const a = await make('Alpha', {
      customer_tier: 'Gold',
      ticket_note: 'Refund ASAP',
      cost: 5,
      regions: ['EU', 'US'],
      review_date: '2026-04-01',
      lead: member.user.id,
    });
    const b = await make('Bravo', {
      customer_tier: 'Gold',
      ticket_note: 'nothing',
      cost: 5.5,
      regions: ['US'],
    });
    const c = await make('Charlie', { customer_tier: 'Silver', regions: ['EU'], lead: owner.user.id });
    await make('Delta', {});
    const ids = async (query: string) => (await listOops(owner, query)).oops.map((o) => o.id);
    expect(await ids('cf.customer_tier=Gold')).toEqual([b.id, a.id]);
    expect(await ids('cf.ticket_note=refund')).toEqual([a.id]);
    expect(await ids('cf.ticket_note=%25')).toEqual([]);
    expect(await ids('cf.cost=5')).toEqual([a.id]);
    expect(await ids('cf.cost=5.50')).toEqual([b.id]);
    expect(await ids('cf.regions=EU')).toEqual([c.id, a.id]);
    expect(await ids('cf.review_date=2026-04-01')).toEqual([a.id]);
    expect(await ids(`cf.lead=${member.user.id}`)).toEqual([a.id]);
    expect(await ids('cf.customer_tier=Gold&cf.regions=EU')).toEqual([a.id]);
    expect(await ids('cf.customer_tier=Gold&search=bravo')).toEqual([b.id]);

    const first = await listOops(owner, 'cf.regions=US&limit=1');
    expect([first.matched, first.oops.map((o) => o.id)]).toEqual([2, [b.id]]);
    const second = await listOops(owner, `cf.regions=US&limit=1&cursor=${first.next_cursor}`);
    expect([second.oops.map((o) => o.id), second.next_cursor]).toEqual([[a.id], null]);
  });

  it('refuses an unknown key, a bad value or a key sent twice', async () => {
    const { owner } = await teamWithFields();
    const bad = (query: string) => send('GET', `/api/oops?${query}`, owner);
    await expect400(bad('cf.nope=1'), T.filterInvalid('nope'));
    await expect400(bad('cf.customer_tier=Bronze'), 'Customer tier must be one of: Gold, Silver.');
    await expect400(bad('cf.cost=five'), 'Cost must be a number.');
    await expect400(bad('cf.review_date=2026-13-01'), 'Review date must be a date (YYYY-MM-DD).');
    await expect400(bad('cf.lead=me'), 'Lead must be a member of the team.');
    await expect400(bad('cf.cost=1&cf.cost=2'), 'Send cf.cost once, as text.');
    expect((await bad('colour=red')).statusCode).toBe(400);
    // Another team's key is unknown here.
    const other = await signUp(app);
    await expect400(send('GET', '/api/oops?cf.customer_tier=Gold', other), T.filterInvalid('customer_tier'));
  });
});

describe('exports', () => {
  it('CSV: one column per active field after the built-ins, filtered like the list, escaped', async () => {
    const { owner, member, fields } = await teamWithFields();
    await logOops(app, owner, {
      title: 'Exported',
      custom_fields: {
        customer_tier: 'Gold',
        ticket_note: '=HYPERLINK("x"), "quoted"',
        regions: ['EU', 'APAC'],
        lead: member.user.id,
        cost: 3,
      },
    });
    await logOops(app, owner, { title: 'Filtered out', custom_fields: { customer_tier: 'Silver' } });
    await send('POST', `${FIELDS}/${fields.due.id}/archive`, owner);
    const res = await send('GET', '/api/oops/export.csv?cf.customer_tier=Gold', owner);
    expect(res.statusCode, res.body).toBe(200);
    const [header, row, end] = res.body.split('\r\n');
    expect(header!.split(',').slice(-5)).toEqual(['Customer tier', 'Ticket note', 'Cost', 'Regions', 'Lead']);
    expect(header!.startsWith('id,')).toBe(true);
    expect(row).toContain(',Exported,');
    expect(row!.endsWith(`,Gold,"'=HYPERLINK(""x""), ""quoted""",3,EU; APAC,${member.user.name}`)).toBe(true);
    expect(end).toBe('');
    await expect400(send('GET', '/api/oops/export.csv?cf.nope=1', owner), T.filterInvalid('nope'));
  });

  it('Markdown: a "Custom fields" section with the set values', async () => {
    const { owner, member } = await teamWithFields();
    const incident = await logOops(app, owner, {
      custom_fields: {
        customer_tier: 'Gold',
        regions: ['US', 'APAC'],
        lead: member.user.id,
        review_date: '2026-05-06',
      },
    });
    const res = await send('GET', `/api/oops/${incident.id}/export.md`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      [
        '## Custom fields',
        '',
        '- **Customer tier:** Gold',
        '- **Regions:** US; APAC',
        '- **Review date:** 2026-05-06',
        `- **Lead:** ${member.user.name}`,
        '',
      ].join('\n'),
    );
    expect(res.body).not.toContain('Ticket note');
    const bare = await logOops(app, owner);
    expect((await send('GET', `/api/oops/${bare.id}/export.md`, owner)).body).not.toContain(
      '## Custom fields',
    );
  });
});

describe('CSV import into custom fields', () => {
  const HEADER = 'Title,Severity,What happened,Incident type,customer tier,Cost,Regions,Review date,Lead';
  const line = (cells: (string | number)[]) => cells.join(',');
  const row = (
    tier: string,
    cost: string,
    regions: string,
    date: string,
    lead: string,
    type = 'Service Outage',
  ) => line(['Imported', 'Low', 'Ten characters or more of text.', type, tier, cost, regions, date, lead]);

  it('offers custom:<key> targets by label, maps headers by label or key, and reads each type from text', async () => {
    const { owner, member } = await teamWithFields();
    const csv = [
      HEADER,
      row('gold', '"12,5"', 'us; eu', '06/05/2026', member.email),
      row('Silver', '', '', '', member.user.name),
    ].join('\n');
    const preview = await send('POST', '/api/oops/import/preview', owner, { csv, day_first: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body.targets).toContainEqual({ value: 'custom:customer_tier', label: 'Customer tier' });
    expect(body.mapping.slice(4)).toEqual([
      'custom:customer_tier',
      'custom:cost',
      'custom:regions',
      'custom:review_date',
      'custom:lead',
    ]);
    expect(body.error_count).toBe(0);
    const res = await send('POST', '/api/oops/import', owner, { csv, day_first: true });
    expect(res.statusCode, res.body).toBe(201);
    const imported = (await listOops(owner, 'search=Imported')).oops.map((o) => o.custom_fields);
    expect(imported).toContainEqual({
      customer_tier: 'Gold',
      cost: 12.5,
      regions: ['EU', 'US'],
      review_date: '2026-05-06',
      lead: member.user.id,
    });
    expect(imported).toContainEqual({ customer_tier: 'Silver', lead: member.user.id });
  });

  it('reports bad cells and missing required values by line and column, and imports nothing', async () => {
    const { owner } = await teamWithFields();
    const outage = await typeIdOf(owner, 'Service Outage');
    const tier = (await send('GET', FIELDS, owner)).json<{ fields: CustomFieldView[] }>().fields[0]!;
    await send('PUT', `${FIELDS}/${tier.id}`, owner, { label: tier.label, required_for: [outage] });
    const csv = [
      HEADER,
      row('Bronze', 'lots', 'EU;Mars', '2026-02-30', 'nobody@example.com'),
      row('', '1', '', '', ''),
      row('', '1', '', '', '', 'Security Incident'),
    ].join('\n');
    const res = await send('POST', '/api/oops/import', owner, { csv });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<{
      errors: { line: number; column: number | null; column_name: string | null; message: string }[];
    }>();
    expect(errors).toEqual([
      {
        line: 2,
        column: 5,
        column_name: 'customer tier',
        field: 'custom:customer_tier',
        message: 'Customer tier must be one of: Gold, Silver.',
      },
      { line: 2, column: 6, column_name: 'Cost', field: 'custom:cost', message: 'Cost must be a number.' },
      {
        line: 2,
        column: 7,
        column_name: 'Regions',
        field: 'custom:regions',
        message: 'Regions must be a list of: EU, US, APAC.',
      },
      {
        line: 2,
        column: 8,
        column_name: 'Review date',
        field: 'custom:review_date',
        message: 'Review date must be a date (YYYY-MM-DD).',
      },
      {
        line: 2,
        column: 9,
        column_name: 'Lead',
        field: 'custom:lead',
        message: 'Lead must be a member of the team.',
      },
      {
        line: 3,
        column: 5,
        column_name: 'customer tier',
        field: 'custom:customer_tier',
        message: 'Customer tier is required for Service Outage incidents.',
      },
    ]);
    expect((await listOops(owner, '')).oops).toEqual([]);
  });

  it('reads back its own CSV export: the same values in a new incident', async () => {
    const { owner, member } = await teamWithFields();
    const values = {
      customer_tier: 'Silver',
      ticket_note: 'Refund, then call',
      cost: 99.5,
      regions: ['EU', 'APAC'],
      review_date: '2026-07-08',
      lead: member.user.id,
    };
    await logOops(app, owner, { title: 'Round trip', custom_fields: values });
    const exported = (await send('GET', '/api/oops/export.csv', owner)).body;
    // The list export has no description column (it is a list, not the record); the file gains one.
    const [header, ...rows] = exported.trimEnd().split('\r\n');
    const csv = [`${header},What happened`, ...rows.map((r) => `${r},Ten characters or more.`)].join('\r\n');
    const preview = (await send('POST', '/api/oops/import/preview', owner, { csv })).json<{
      mapping: string[];
    }>();
    expect(preview.mapping.slice(-7, -1)).toEqual(Object.keys(values).map((key) => `custom:${key}`));
    const res = await send('POST', '/api/oops/import', owner, { csv });
    expect(res.statusCode, res.body).toBe(201);
    const copies = (await listOops(owner, 'search=Round trip')).oops;
    expect(copies.map((o) => o.custom_fields)).toEqual([values, values]);
  });

  it('gives a second column of a built-in name to the custom field of that label', async () => {
    const owner = await signUp(app);
    await defineField(owner, { label: 'Severity', type: 'text', key: 'customer_severity' });
    const csv = 'Title,Severity,What happened,Severity\nA,Low,Ten characters or more.,Annoyed\n';
    const res = await send('POST', '/api/oops/import/preview', owner, { csv });
    expect(res.json().mapping).toEqual(['title', 'severity', 'description', 'custom:customer_severity']);
  });

  it('refuses a mapping to a field the team does not have', async () => {
    const { owner } = await teamWithFields();
    const csv = 'Title,Severity,What happened,X\nA,Low,Ten characters or more.,1\n';
    await expect400(
      send('POST', '/api/oops/import/preview', owner, {
        csv,
        mapping: ['title', 'severity', 'description', 'custom:nope'],
      }),
      'Unknown field in the mapping.',
    );
  });
});

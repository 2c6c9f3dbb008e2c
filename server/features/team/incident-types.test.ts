// The team's incident types (templates, decision 025): owners and admins edit them, members read them,
// archived types stay valid on old incidents, and a team that edits nothing keeps the built-in behaviour.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { IncidentTypeView, IncidentTypesResponse } from '../../../common/contracts/incident-types';
import { INCIDENT_TYPE_TEXTS as T } from '../../../common/domain/incident-type-texts';
import { INCIDENT_TYPES } from '../../../common/domain/oops-options';
import { INCIDENT_TEMPLATES } from '../../../common/domain/templates';
import { createTestApp } from '../../test/app';
import { memberOf, signUp, type SignedIn } from '../../test/factories';
import { logOops, VALID_OOPS } from '../../test/oops-factory';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const BASE = '/api/team/current/incident-types';
const send = (method: 'POST' | 'PUT', url: string, as: SignedIn, payload?: object) =>
  app.inject({ method, url, headers: as.auth, ...(payload ? { payload } : {}) });
const list = async (as: SignedIn, query = '') => {
  const res = await app.inject({ url: `${BASE}${query}`, headers: as.auth });
  expect(res.statusCode).toBe(200);
  return res.json<IncidentTypesResponse>();
};
const typeNamed = async (as: SignedIn, name: string) =>
  (await list(as, '?include_archived=1')).incident_types.find((t) => t.name === name)!;

const HR_TYPE = {
  name: 'Workplace Conflict',
  icon: 'users',
  severity: 'Medium',
  area_department: 'People',
  tags: ['hr'],
  detection_methods: ['Employee report'],
  common_impacts: ['Team morale'],
  owners: ['People Team'],
  root_causes: ['Unclear roles'],
  lessons_learned: ['Hold regular one-to-ones'],
};

describe('a team that never edited its types', () => {
  it('accepts every canonical type and alias and rejects others with the same message as before', async () => {
    const owner = await signUp(app);
    for (const type of INCIDENT_TYPES) {
      expect((await logOops(app, owner, { oops_type: type })).oops_type).toBe(type);
    }
    expect((await logOops(app, owner, { oops_type: 'Deployment Failure' })).oops_type).toBe(
      'Deployment Issue',
    );
    const res = await send('POST', '/api/oops', owner, { ...VALID_OOPS, oops_type: 'Coffee Spill' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(`Incident Type must be one of: ${INCIDENT_TYPES.join(', ')}.`);
  });

  it('lists the six built-in templates, in order, with their suggestions', async () => {
    const member = await memberOf(app, (await signUp(app)).user.team!.id, 'member');
    const body = await list(member);
    expect(body.incident_types.map((t) => t.name)).toEqual(INCIDENT_TEMPLATES.map((t) => t.name));
    const outage = body.incident_types[0]!;
    expect(outage).toMatchObject({
      icon: 'server-crash',
      severity: 'High',
      detection_methods: INCIDENT_TEMPLATES[0]!.detection_methods,
      archived: false,
    });
    expect(body.other_types).toEqual(INCIDENT_TYPES.slice(6));
  });
});

describe('editing the team types', () => {
  it('an owner edits suggestions and creates a type; a member can log with it; an admin can edit too', async () => {
    const owner = await signUp(app);
    const teamId = owner.user.team!.id;
    const admin = await memberOf(app, teamId, 'admin');
    const member = await memberOf(app, teamId, 'member');
    const outage = await typeNamed(owner, 'Service Outage');
    const edit = await send('PUT', `${BASE}/${outage.id}`, owner, {
      ...INCIDENT_TEMPLATES[0],
      detection_methods: ['Pager', 'Pager', 'Status page'],
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json<IncidentTypeView>().detection_methods).toEqual(['Pager', 'Status page']);

    const created = await send('POST', BASE, admin, HR_TYPE);
    expect(created.statusCode).toBe(201);
    expect(created.json<IncidentTypeView>()).toMatchObject({ ...HR_TYPE, position: 6, archived: false });

    const names = (await list(member)).incident_types.map((t) => t.name);
    expect(names.at(-1)).toBe('Workplace Conflict');
    expect((await logOops(app, member, { oops_type: 'Workplace Conflict' })).oops_type).toBe(
      'Workplace Conflict',
    );
    // Other teams do not get it.
    const stranger = await signUp(app);
    const res = await send('POST', '/api/oops', stranger, { ...VALID_OOPS, oops_type: 'Workplace Conflict' });
    expect(res.statusCode).toBe(400);
  });

  it('refuses members, and another team cannot touch the type (404)', async () => {
    const owner = await signUp(app);
    const member = await memberOf(app, owner.user.team!.id, 'member');
    const outage = await typeNamed(owner, 'Service Outage');
    const refused = await send('PUT', `${BASE}/${outage.id}`, member, INCIDENT_TEMPLATES[0]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(T.managersOnly);
    expect((await send('POST', BASE, member, HR_TYPE)).statusCode).toBe(403);
    const other = await signUp(app);
    expect((await send('PUT', `${BASE}/${outage.id}`, other, INCIDENT_TEMPLATES[0])).statusCode).toBe(404);
    expect((await send('POST', `${BASE}/${outage.id}/archive`, other)).statusCode).toBe(404);
    expect((await typeNamed(owner, 'Service Outage')).archived).toBe(false);
  });

  it('validates bodies with clear messages and changes nothing', async () => {
    const owner = await signUp(app);
    const cases: [object, string][] = [
      [{ ...HR_TYPE, name: '  ' }, T.nameRequired],
      [{ ...HR_TYPE, name: 'x'.repeat(61) }, T.nameTooLong],
      [{ ...HR_TYPE, name: 'deployment failure' }, T.nameIsAlias('Deployment Issue')],
      [{ ...HR_TYPE, icon: 'skull' }, T.iconInvalid],
      [{ ...HR_TYPE, severity: 'Severe' }, T.severityInvalid],
      [{ ...HR_TYPE, area_department: 'd'.repeat(101) }, T.departmentTooLong],
      [{ ...HR_TYPE, tags: ['t'.repeat(41)] }, T.tagInvalid],
      [{ ...HR_TYPE, owners: Array.from({ length: 21 }, (_, i) => `o${i}`) }, T.listTooLong('Owners')],
      [{ ...HR_TYPE, root_causes: [''] }, T.itemInvalid('Root causes')],
    ];
    for (const [payload, error] of cases) {
      const res = await send('POST', BASE, owner, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error).toContain(error);
    }
    const dup = await send('POST', BASE, owner, { ...HR_TYPE, name: 'service OUTAGE' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(T.nameTaken);
    expect((await list(owner)).incident_types).toHaveLength(6);
  });

  it('renaming carries the team’s incidents to the new name', async () => {
    const owner = await signUp(app);
    const old = await logOops(app, owner, { oops_type: 'Data Issue' });
    const data = await typeNamed(owner, 'Data Issue');
    expect(data.incident_count).toBe(1);
    const res = await send('PUT', `${BASE}/${data.id}`, owner, {
      ...INCIDENT_TEMPLATES[4],
      name: 'Data Quality',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<IncidentTypeView>().incident_count).toBe(1);
    const detail = await app.inject({ url: `/api/oops/detail/${old.id}`, headers: owner.auth });
    expect(detail.json().oops_type).toBe('Data Quality');
  });
});

describe('archived types', () => {
  it('stay valid on old incidents but cannot be chosen for new ones; restore brings them back', async () => {
    const owner = await signUp(app);
    const old = await logOops(app, owner, { oops_type: 'Performance Issue' });
    const perf = await typeNamed(owner, 'Performance Issue');
    const archived = await send('POST', `${BASE}/${perf.id}/archive`, owner);
    expect(archived.statusCode).toBe(200);
    expect(archived.json<IncidentTypeView>().archived).toBe(true);
    expect((await list(owner)).incident_types.map((t) => t.name)).not.toContain('Performance Issue');
    expect((await typeNamed(owner, 'Performance Issue')).archived).toBe(true);

    const fresh = await send('POST', '/api/oops', owner, { ...VALID_OOPS, oops_type: 'Performance Issue' });
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().error).not.toContain('Performance Issue');
    // The old incident keeps it through edits that resend it, and may move off it.
    const keep = await app.inject({
      method: 'PUT',
      url: `/api/oops/${old.id}`,
      headers: owner.auth,
      payload: { oops_type: 'Performance Issue', title: 'Slow checkout again' },
    });
    expect(keep.statusCode).toBe(200);
    expect(keep.json().oops_type).toBe('Performance Issue');
    const other = await logOops(app, owner, { oops_type: 'Service Outage' });
    const moveBack = await app.inject({
      method: 'PUT',
      url: `/api/oops/${other.id}`,
      headers: owner.auth,
      payload: { oops_type: 'Performance Issue' },
    });
    expect(moveBack.statusCode).toBe(400);

    expect((await send('POST', `${BASE}/${perf.id}/restore`, owner)).statusCode).toBe(200);
    expect((await logOops(app, owner, { oops_type: 'Performance Issue' })).oops_type).toBe(
      'Performance Issue',
    );
  });

  it('keeps one active type', async () => {
    const owner = await signUp(app);
    const types = (await list(owner)).incident_types;
    for (const t of types.slice(1)) {
      expect((await send('POST', `${BASE}/${t.id}/archive`, owner)).statusCode).toBe(200);
    }
    const last = await send('POST', `${BASE}/${types[0]!.id}/archive`, owner);
    expect(last.statusCode).toBe(400);
    expect(last.json().error).toBe(T.lastActive);
  });
});

describe('CSV import and team types', () => {
  it('imports archived and custom types of the team (any case), and refuses unknown ones with line and column', async () => {
    const owner = await signUp(app);
    expect((await send('POST', BASE, owner, HR_TYPE)).statusCode).toBe(201);
    const perf = await typeNamed(owner, 'Performance Issue');
    expect((await send('POST', `${BASE}/${perf.id}/archive`, owner)).statusCode).toBe(200);
    const header = 'Title,Severity,What happened,Type';
    const good = `${header}\nA,Low,Ten characters at least,workplace conflict\nB,Low,Ten characters at least,Performance Issue\n`;
    const ok = await send('POST', '/api/oops/import', owner, { csv: good });
    expect(ok.statusCode, ok.body).toBe(201);
    const list = await app.inject({ url: '/api/oops?limit=10', headers: owner.auth });
    const types = list
      .json<{ oops: { oops_type: string }[] }>()
      .oops.map((o) => o.oops_type)
      .sort();
    expect(types).toEqual(['Performance Issue', 'Workplace Conflict']);

    const bad = await send('POST', '/api/oops/import', owner, {
      csv: `${header}\nC,Low,Ten characters at least,Coffee Spill\n`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { line: number; column: number; field: string }[] }>().errors).toEqual([
      expect.objectContaining({ line: 2, column: 4, field: 'oops_type' }),
    ]);
  });
});

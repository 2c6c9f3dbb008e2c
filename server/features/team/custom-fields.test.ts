// The team's custom field definitions (decision 026): owners and admins edit them, members and read
// tokens only read them, another team's field is a 404, and the limits hold with the contract's texts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CustomFieldView, CustomFieldsResponse } from '../../../common/contracts/custom-fields';
import { CUSTOM_FIELD_LIMITS as L } from '../../../common/domain/custom-field-limits';
import { CUSTOM_FIELD_TEXTS as T } from '../../../common/domain/custom-field-texts';
import { mintApiToken } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { memberOf, signUp, unique, type SignedIn } from '../../test/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const BASE = '/api/team/current/custom-fields';
type Caller = { auth: Record<string, string> };
const send = (method: 'GET' | 'POST' | 'PUT', url: string, as: Caller, payload?: object) =>
  app.inject({ method, url, headers: as.auth, ...(payload ? { payload } : {}) });
const list = async (as: Caller, query = '') => {
  const res = await send('GET', `${BASE}${query}`, as);
  expect(res.statusCode).toBe(200);
  return res.json<CustomFieldsResponse>().fields;
};
const create = async (as: Caller, payload: object): Promise<CustomFieldView> => {
  const res = await send('POST', BASE, as, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const tierField = { label: 'Customer tier', type: 'select', options: ['Gold', 'Silver'] };
const typeIdOf = async (as: Caller, name: string) => {
  const res = await send('GET', '/api/team/current/incident-types?include_archived=1', as);
  return res
    .json<{ incident_types: { id: number; name: string }[] }>()
    .incident_types.find((t) => t.name === name)!.id;
};

/** Every write of the definitions, on a field of the caller's team created by its owner. */
const WRITES: Record<
  string,
  (owner: SignedIn) => Promise<{ method: 'POST' | 'PUT'; url: string; payload?: object }>
> = {
  create: async () => ({ method: 'POST', url: BASE, payload: { label: `Field ${unique()}`, type: 'text' } }),
  edit: async (owner) => {
    const field = await create(owner, { label: `Edit ${unique()}`, type: 'number' });
    return { method: 'PUT', url: `${BASE}/${field.id}`, payload: { label: `Edited ${unique()}` } };
  },
  archive: async (owner) => {
    const field = await create(owner, { label: `Archive ${unique()}`, type: 'date' });
    return { method: 'POST', url: `${BASE}/${field.id}/archive` };
  },
  restore: async (owner) => {
    const field = await create(owner, { label: `Restore ${unique()}`, type: 'date' });
    await send('POST', `${BASE}/${field.id}/archive`, owner);
    return { method: 'POST', url: `${BASE}/${field.id}/restore` };
  },
  reorder: async (owner) => {
    const ids = (await list(owner)).map((f) => f.id);
    return { method: 'PUT', url: `${BASE}/order`, payload: { ids: [...ids].reverse() } };
  },
};

describe('who may do what', () => {
  let owner: SignedIn;
  let roles: Record<'owner' | 'admin' | 'member', Caller>;
  let tokens: Record<'read' | 'write', Caller>;
  beforeAll(async () => {
    owner = await signUp(app);
    const teamId = owner.user.team!.id;
    await create(owner, tierField);
    const token = async (scope: 'read' | 'write') => ({
      auth: { authorization: `Bearer ${(await mintApiToken(app, owner.user.id, [scope])).token}` },
    });
    roles = {
      owner,
      admin: await memberOf(app, teamId, 'admin'),
      member: await memberOf(app, teamId, 'member'),
    };
    tokens = { read: await token('read'), write: await token('write') };
  });

  it.each(['owner', 'admin', 'member'] as const)('a team %s reads the list', async (role) => {
    expect((await list(roles[role])).map((f) => f.label)).toContain('Customer tier');
  });
  it.each(['read', 'write'] as const)('a %s token reads the list', async (scope) => {
    const res = await send('GET', BASE, tokens[scope]);
    // A write token is not a read token (decision 013): reads need the read scope.
    expect(res.statusCode).toBe(scope === 'read' ? 200 : 403);
  });

  const cells = Object.keys(WRITES).flatMap((action) =>
    (['owner', 'admin', 'member', 'readToken', 'writeToken'] as const).map((who) => [action, who] as const),
  );
  it.each(cells)('%s as %s', async (action, who) => {
    const { method, url, payload } = await WRITES[action]!(owner);
    const caller =
      who === 'readToken' ? tokens.read : who === 'writeToken' ? tokens.write : roles[who as 'owner'];
    const before = await list(owner, '?include_archived=1');
    const res = await send(method, url, caller, payload);
    if (who === 'member') {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(T.managersOnly);
    } else if (who === 'readToken') {
      expect(res.statusCode).toBe(403);
    } else {
      expect(res.statusCode, res.body).toBe(action === 'create' ? 201 : 200);
      return;
    }
    // A refused write changes nothing.
    expect(await list(owner, '?include_archived=1')).toEqual(before);
  });
});

describe("another team's fields", () => {
  it('are 404 for every write and absent from the list', async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const field = await create(owner, tierField);
    expect(await list(other, '?include_archived=1')).toEqual([]);
    const attempts = [
      send('PUT', `${BASE}/${field.id}`, other, { label: 'Stolen' }),
      send('POST', `${BASE}/${field.id}/archive`, other),
      send('POST', `${BASE}/${field.id}/restore`, other),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(T.notFound);
    }
    const order = await send('PUT', `${BASE}/order`, other, { ids: [field.id] });
    expect(order.statusCode).toBe(400);
    expect(order.json().error).toBe(T.orderInvalid);
    expect(await list(owner)).toEqual([field]);
  });

  it('cannot be named in required_for as incident types', async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const res = await send('POST', BASE, owner, {
      ...tierField,
      required_for: [await typeIdOf(other, 'Service Outage')],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(T.requiredForUnknown);
  });
});

describe('definitions', () => {
  it('answers the contract shape, with a key slugged from the label and made unique', async () => {
    const owner = await signUp(app);
    const outage = await typeIdOf(owner, 'Service Outage');
    const first = await create(owner, { ...tierField, required_for: [outage, outage] });
    expect(first).toEqual({
      id: first.id,
      key: 'customer_tier',
      label: 'Customer tier',
      type: 'select',
      options: ['Gold', 'Silver'],
      required_for: [outage],
      position: 0,
      archived: false,
    });
    const second = await create(owner, { label: 'Customer  tier!', type: 'text' });
    expect(second.key).toBe('customer_tier_2');
    expect(second.options).toEqual([]);
    const third = await create(owner, { label: 'Ticket', type: 'text', key: 'ticket_ref' });
    expect(third.key).toBe('ticket_ref');
    expect((await list(owner)).map((f) => [f.key, f.position])).toEqual([
      ['customer_tier', 0],
      ['customer_tier_2', 1],
      ['ticket_ref', 2],
    ]);
  });

  it('refuses bad definitions with clear texts and stores nothing', async () => {
    const owner = await signUp(app);
    await create(owner, tierField);
    const cases: [object, number, string][] = [
      [{ type: 'text' }, 400, T.labelRequired],
      [{ label: ' ', type: 'text' }, 400, T.labelRequired],
      [{ label: 'x'.repeat(L.labelMax + 1), type: 'text' }, 400, T.labelTooLong],
      [{ label: 'Colour', type: 'colour' }, 400, T.typeInvalid],
      [{ label: 'Colour', type: 'select' }, 400, T.optionsRequired],
      [{ label: 'Colour', type: 'select', options: [] }, 400, T.optionsRequired],
      [{ label: 'Colour', type: 'text', options: ['Red'] }, 400, T.optionsNotAllowed],
      [{ label: 'Colour', type: 'select', options: ['Red', 'red'] }, 400, T.optionDuplicate('red')],
      [{ label: 'Colour', type: 'select', options: ['x'.repeat(L.optionMax + 1)] }, 400, T.optionInvalid],
      [
        { label: 'Colour', type: 'select', options: Array.from({ length: 51 }, (_, i) => `o${i}`) },
        400,
        T.optionsRequired,
      ],
      [{ label: 'Colour', type: 'text', key: 'Colour' }, 400, T.keyInvalid],
      [{ label: 'Colour', type: 'text', key: '1colour' }, 400, T.keyInvalid],
      [{ label: 'Colour', type: 'text', key: 'c'.repeat(41) }, 400, T.keyInvalid],
      [{ label: 'Colour', type: 'text', required_for: ['x'] }, 400, T.requiredForInvalid],
      [{ label: 'Colour', type: 'text', required_for: [999_999_999] }, 400, T.requiredForUnknown],
      [{ label: 'CUSTOMER TIER', type: 'text' }, 409, T.labelTaken],
      [{ label: 'Colour', type: 'text', key: 'customer_tier' }, 409, T.keyTaken],
    ];
    for (const [payload, status, error] of cases) {
      const res = await send('POST', BASE, owner, payload);
      expect([res.statusCode, res.json().error], JSON.stringify(payload)).toEqual([status, error]);
    }
    expect((await list(owner, '?include_archived=1')).map((f) => f.key)).toEqual(['customer_tier']);
  });

  it('edits label, options and required types; key and type never change', async () => {
    const owner = await signUp(app);
    const field = await create(owner, tierField);
    const other = await create(owner, { label: 'Region', type: 'text' });
    const url = `${BASE}/${field.id}`;
    const refused: [object, number, string][] = [
      [{ label: 'Tier', key: 'tier' }, 400, T.keyImmutable],
      [{ label: 'Tier', type: 'text' }, 400, T.typeImmutable],
      [{ label: 'Tier', options: [] }, 400, T.optionsRequired],
      [{ label: 'region' }, 409, T.labelTaken],
      [{ label: 'Tier', position: 3 }, 400, 'Unrecognized key: "position"'],
    ];
    for (const [payload, status, error] of refused) {
      const res = await send('PUT', url, owner, payload);
      expect([res.statusCode, res.json().error], JSON.stringify(payload)).toEqual([status, error]);
    }
    const textEdit = await send('PUT', `${BASE}/${other.id}`, owner, { label: 'Region', options: ['A'] });
    expect([textEdit.statusCode, textEdit.json().error]).toEqual([400, T.optionsNotAllowed]);
    expect(await list(owner)).toEqual([field, other]);

    const security = await typeIdOf(owner, 'Security Incident');
    const res = await send('PUT', url, owner, {
      label: 'Tier',
      key: 'customer_tier',
      type: 'select',
      options: ['Gold', 'Platinum'],
      required_for: [security],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...field,
      label: 'Tier',
      options: ['Gold', 'Platinum'],
      required_for: [security],
    });
    // Options and required types may be left out: they stay.
    const relabel = await send('PUT', url, owner, { label: 'Customer tier' });
    expect(relabel.json()).toMatchObject({
      label: 'Customer tier',
      options: ['Gold', 'Platinum'],
      required_for: [security],
    });
  });

  it('archives and restores; archived fields are listed only on request', async () => {
    const owner = await signUp(app);
    const a = await create(owner, { label: 'A', type: 'text' });
    const b = await create(owner, { label: 'B', type: 'number' });
    const archived = await send('POST', `${BASE}/${a.id}/archive`, owner);
    expect(archived.json()).toEqual({ ...a, archived: true });
    // Archiving twice is a no-op, not an error.
    expect((await send('POST', `${BASE}/${a.id}/archive`, owner)).statusCode).toBe(200);
    expect(await list(owner)).toEqual([b]);
    expect(await list(owner, '?include_archived=1')).toEqual([{ ...a, archived: true }, b]);
    expect((await send('POST', `${BASE}/${a.id}/restore`, owner)).json()).toEqual(a);
    const bad = await send('GET', `${BASE}?include_archived=yes`, owner);
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'include_archived must be 1 or 0.']);
  });

  it('reorders: ids name every active field once; archived ones follow', async () => {
    const owner = await signUp(app);
    const [a, b, c] = [
      await create(owner, { label: 'A', type: 'text' }),
      await create(owner, { label: 'B', type: 'text' }),
      await create(owner, { label: 'C', type: 'text' }),
    ];
    await send('POST', `${BASE}/${b.id}/archive`, owner);
    for (const ids of [[c.id], [c.id, a.id, a.id], [c.id, a.id, 2_000_000_000]]) {
      const res = await send('PUT', `${BASE}/order`, owner, { ids });
      expect([res.statusCode, res.json().error]).toEqual([400, T.orderInvalid]);
    }
    const res = await send('PUT', `${BASE}/order`, owner, { ids: [c.id, a.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json<CustomFieldsResponse>().fields.map((f) => [f.label, f.position, f.archived])).toEqual([
      ['C', 0, false],
      ['A', 1, false],
      ['B', 2, true],
    ]);
    expect((await list(owner)).map((f) => f.label)).toEqual(['C', 'A']);
  });

  it(`holds at most ${L.fieldsMax} active fields; archiving frees a place, restoring needs one`, async () => {
    const owner = await signUp(app);
    const fields: CustomFieldView[] = [];
    for (let i = 0; i < L.fieldsMax; i++) fields.push(await create(owner, { label: `F${i}`, type: 'text' }));
    const over = await send('POST', BASE, owner, { label: 'One too many', type: 'text' });
    expect([over.statusCode, over.json().error]).toEqual([400, T.tooMany]);
    await send('POST', `${BASE}/${fields[0]!.id}/archive`, owner);
    await create(owner, { label: 'Now fits', type: 'text' });
    const restore = await send('POST', `${BASE}/${fields[0]!.id}/restore`, owner);
    expect([restore.statusCode, restore.json().error]).toEqual([400, T.tooMany]);
    expect(await list(owner)).toHaveLength(L.fieldsMax);
  });
});

describe('API documentation', () => {
  it('documents the calls, and the list query keeps its named parameters beside cf.<key>', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; tags?: string[] }>>;
    }>();
    const base = '/api/team/current/custom-fields';
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        base,
        `${base}/order`,
        `${base}/{id}`,
        `${base}/{id}/archive`,
        `${base}/{id}/restore`,
      ]),
    );
    expect(doc.paths[base]!.post!.tags).toEqual(['team']);
    const query = (path: string) =>
      (doc.paths[path]!.get!.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(query('/api/oops')).toEqual(
      expect.arrayContaining(['limit', 'cursor', 'search', 'status', 'kind']),
    );
    expect(query('/api/oops/export.csv')).toEqual(expect.arrayContaining(['search', 'status', 'kind']));
  });
});

// docs/product.md §3's detail-page option values and §9's short logging names are accepted (decision 005): stored as the
// canonical bucket that holds their range where one does, else as sent.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../test/app';
import { signUp, type SignedIn } from '../../test/factories';
import { logOops, VALID_OOPS } from '../../test/oops-factory';

let app: FastifyInstance;
let owner: SignedIn;
beforeAll(async () => {
  app = await createTestApp();
  owner = await signUp(app);
});

const create = (extra: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/oops',
    headers: owner.auth,
    payload: { ...VALID_OOPS, ...extra },
  });

describe('option values from either spec list', () => {
  it.each([
    ['11-100 Users', '1-100 Users'],
    ['101-1000 Users', '1-1000 Users'],
    ['1000+ Users', '1000+ Users'],
    ['All Users', 'All Users'],
    ['1-100', '1-100 Users'],
    ['External', 'External Users'],
  ])('users_affected %s is stored as %s on create', async (sent, stored) => {
    const res = await create({ users_affected: sent });
    expect(res.statusCode).toBe(201);
    const detail = await app.inject({ url: `/api/oops/detail/${res.json().id}`, headers: owner.auth });
    expect(detail.json().users_affected).toBe(stored);
  });

  it.each([
    ['2-5 Systems', '2-5 Systems'],
    ['6-10 Systems', '6-10 Systems'],
    ['10+ Systems', '10+ Systems'],
    ['All Systems', 'All Systems'],
    ['2-3', '2-3 Systems'],
    ['6+', '6+ Systems'],
  ])('systems_impacted %s is stored as %s on update', async (sent, stored) => {
    const o = await logOops(app, owner);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/oops/${o.id}`,
      headers: owner.auth,
      payload: { systems_impacted: sent },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().systems_impacted).toBe(stored);
  });

  it('still refuses a value neither list names, and changes nothing', async () => {
    const o = await logOops(app, owner);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/oops/${o.id}`,
      headers: owner.auth,
      payload: { users_affected: '7 Users', systems_impacted: '2-5 Systems' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Users affected must be one of: 1-10 Users, 1-100 Users/);
    const detail = await app.inject({ url: `/api/oops/detail/${o.id}`, headers: owner.auth });
    expect(detail.json().systems_impacted).toBe(o.systems_impacted);
  });
});

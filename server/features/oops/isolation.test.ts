// A second team can neither read, list, search, export nor change the first team's incidents, notes or actions.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { OopsDetail } from '../../../common/contracts/oops';
import { createTestApp } from '../../test/app';
import { signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';

let app: FastifyInstance;
let alice: SignedIn;
let mallory: SignedIn;
let secret: OopsDetail;
let actionId: number;

beforeAll(async () => {
  app = await createTestApp();
  alice = await signUp(app);
  mallory = await signUp(app);
  secret = await logOops(app, alice, {
    title: 'Secret zebra incident',
    description: 'Only the zebra team may know this.',
  });
  await app.inject({
    method: 'POST',
    url: `/api/oops/${secret.id}/notes`,
    headers: alice.auth,
    payload: { note: 'zebra note' },
  });
  actionId = (
    await app.inject({
      method: 'POST',
      url: `/api/oops/${secret.id}/actions`,
      headers: alice.auth,
      payload: { title: 'zebra action' },
    })
  ).json().id;
});

async function unchanged() {
  const detail = (await app.inject({ url: `/api/oops/detail/${secret.id}`, headers: alice.auth })).json();
  expect(detail.title).toBe('Secret zebra incident');
  expect(detail.notes).toHaveLength(1);
  expect(detail.status).toBe('Open');
  const actions = (await app.inject({ url: `/api/oops/${secret.id}/actions`, headers: alice.auth })).json()
    .actions;
  expect(actions).toMatchObject([{ title: 'zebra action', status: 'open' }]);
}

describe('tenant isolation', () => {
  it.each([
    ['GET', () => `/api/oops/detail/${secret.id_slug}`, undefined],
    ['PUT', () => `/api/oops/${secret.id}`, { title: 'pwned' }],
    ['PUT', () => `/api/oops/${secret.id}`, { status: 'Closed' }],
    ['POST', () => `/api/oops/${secret.id}/notes`, { note: 'pwned' }],
    ['GET', () => `/api/oops/${secret.id}/actions`, undefined],
    ['POST', () => `/api/oops/${secret.id}/actions`, { title: 'pwned' }],
    ['PUT', () => `/api/oops/${secret.id}/actions/${actionId}`, { status: 'done' }],
    ['DELETE', () => `/api/oops/${secret.id}/actions/${actionId}`, undefined],
    ['GET', () => `/api/oops/${secret.id}/export.md`, undefined],
  ] as const)('%s %s answers 404 to another team and changes nothing', async (method, url, payload) => {
    const res = await app.inject({
      method,
      url: url(),
      headers: mallory.auth,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('zebra');
    await unchanged();
  });

  it('lists, searches, exports and similar-matches only the own team', async () => {
    for (const url of [
      '/api/oops',
      '/api/oops?search=zebra',
      '/api/oops/export.csv',
      '/api/oops/export.csv?search=zebra',
      '/api/oops/similar?text=zebra%20incident',
      '/api/oops/departments',
    ]) {
      const res = await app.inject({ url, headers: mallory.auth });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('zebra');
    }
    const own = (await app.inject({ url: '/api/oops?search=zebra', headers: alice.auth })).json();
    expect(own.matched).toBe(1);
  });

  it('ignores a team id smuggled into the query, body or headers', async () => {
    const teamId = alice.user.team!.id;
    const q = await app.inject({ url: `/api/oops?team_id=${teamId}`, headers: mallory.auth });
    expect(q.statusCode).toBe(400);
    const body = await app.inject({
      method: 'POST',
      url: '/api/oops',
      headers: mallory.auth,
      payload: { title: 't', severity: 'Low', description: 'description here', team_id: teamId },
    });
    expect(body.statusCode).toBe(400);
    const header = await app.inject({
      url: '/api/oops',
      headers: { ...mallory.auth, 'x-team-id': String(teamId) },
    });
    expect(header.body).not.toContain('zebra');
  });

  it('refuses every incident endpoint without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/oops'],
      ['POST', '/api/oops'],
      ['GET', `/api/oops/detail/${secret.id}`],
      ['PUT', `/api/oops/${secret.id}`],
      ['GET', '/api/oops/export.csv'],
      ['GET', '/api/oops/similar?text=a'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

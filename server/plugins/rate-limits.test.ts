// Per-user (per-address when anonymous) limits on writes and on searches and exports: 429 with Retry-After and a
// clear error, nothing changed, other users untouched; 0 turns a limit off.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../test/app';
import { signUp, type SignedIn } from '../test/factories';
import { VALID_OOPS } from '../test/oops-factory';

const logOops = (app: FastifyInstance, as: SignedIn) =>
  app.inject({ method: 'POST', url: '/api/oops', headers: as.auth, payload: VALID_OOPS });

// Signing up is two anonymous writes from inject's one address, so the write limit leaves room for the file's users.
const WRITES = 12;

describe('rate limits', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ rateLimits: { writesPerMinute: WRITES, readsPerMinute: 2 } });
  });

  it('refuses a user’s writes past the limit with 429, Retry-After and an error, and creates nothing', async () => {
    const owner = await signUp(app);
    for (let i = 0; i < WRITES; i++) expect((await logOops(app, owner)).statusCode).toBe(201);
    const refused = await logOops(app, owner);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: expect.stringMatching(/^Too many requests\. Try again in \d+ (second|minute)s?\.$/),
      code: 'too_many_requests',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const list = await app.inject({ url: '/api/oops?limit=10', headers: owner.auth });
    expect(list.json().matched).toBe(WRITES);
  });

  it('counts each user apart', async () => {
    const busy = await signUp(app);
    const other = await signUp(app);
    for (let i = 0; i <= WRITES; i++) await logOops(app, busy);
    expect((await logOops(app, busy)).statusCode).toBe(429);
    expect((await logOops(app, other)).statusCode).toBe(201);
  });

  it('counts anonymous calls per client address', async () => {
    // A new address each time, so that the per-account sign-in throttle stays out of it.
    let attempt = 0;
    const login = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email: `nobody${++attempt}@example.com`, password: 'wrong-Pass1' },
      });
    for (let i = 0; i < WRITES; i++) expect((await login('198.51.100.7')).statusCode).toBe(401);
    expect((await login('198.51.100.7')).statusCode).toBe(429);
    expect((await login('198.51.100.8')).statusCode).toBe(401);
  });

  it('limits searches and exports, not plain reads', async () => {
    const owner = await signUp(app);
    const get = (url: string) => app.inject({ url, headers: owner.auth });
    expect((await get('/api/oops?search=outage')).statusCode).toBe(200);
    expect((await get('/api/oops/export.csv')).statusCode).toBe(200);
    expect((await get('/api/oops?search=checkout')).statusCode).toBe(429);
    for (let i = 0; i < 5; i++) expect((await get('/api/oops?limit=5')).statusCode).toBe(200);
  });
});

describe('a limit of 0', () => {
  it('turns the limit off', async () => {
    const app = await createTestApp({ rateLimits: { writesPerMinute: 0, readsPerMinute: 0 } });
    const owner = await signUp(app);
    for (let i = 0; i < 8; i++) expect((await logOops(app, owner)).statusCode).toBe(201);
  });
});

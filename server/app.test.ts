// Cross-cutting behaviour of the HTTP layer: health, errors, limits, headers, documentation.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from './test/app';
import { signUp } from './test/factories';
import { VALID_OOPS } from './test/oops-factory';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

describe('health', () => {
  it('GET /healthz answers ok', async () => {
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 while the database answers', async () => {
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
  });
});

describe('over HTTP, new requests start a few per turn of the event loop (server/lib/request-turns.ts)', () => {
  it('answers concurrent requests, bodies included, each once', async () => {
    const served = await createTestApp({ requestsPerTurn: 2 });
    try {
      const base = await served.listen({ port: 0, host: '127.0.0.1' });
      const owner = await signUp(served);
      const headers = { ...owner.auth, 'content-type': 'application/json' };
      const titles = Array.from({ length: 24 }, (_, i) => `Logged alongside others ${i}`);
      const answers = await Promise.all(
        titles.map((title) =>
          fetch(`${base}/api/oops`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ ...VALID_OOPS, title }),
          }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(titles.map(() => 201));
      expect((await Promise.all(answers.map((a) => a.json()))).map((o) => o.title)).toEqual(titles);
      const list = await fetch(`${base}/api/oops?limit=100`, { headers: owner.auth });
      const listed: string[] = (await list.json()).oops.map((o: { title: string }) => o.title);
      expect(listed.toSorted()).toEqual(titles.toSorted());
    } finally {
      await served.close();
    }
  });
});

describe('bad requests never reach a 500', () => {
  it('malformed JSON is a 400 with an error', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The request body is not valid JSON.', code: 'bad_request' });
  });

  it('an oversized body is a 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('The request body is too large.');
  });

  it('wrong types and unknown fields are 400s naming the field', async () => {
    const wrongType = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 5, password: 'x' },
    });
    expect(wrongType.statusCode).toBe(400);
    const extra = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x', admin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toMatch(/admin/);
  });

  it('a wrong content type is a 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBeTypeOf('string');
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found.', code: 'not_found' });
  });
});

describe('headers', () => {
  it('sets a strict CSP and no-store on authenticated API answers', async () => {
    const me = await signUp(app);
    const res = await app.inject({ url: '/api/user/profile', headers: me.auth });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI document generated from the contracts', async () => {
    const res = await app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/user/profile']),
    );
    expect(
      doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
  });

  it('serves a browsable UI at /api/docs', async () => {
    const res = await app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/html/);
  });
});

describe('headers on every route', () => {
  it('every GET route answers with the CSP, nosniff, a referrer policy and no CORS; API answers are no-store', async () => {
    const me = await signUp(app);
    const gets = app.routeTable.filter((r) => r.method === 'GET' && r.url !== '/api/live');
    expect(gets.length).toBeGreaterThan(20);
    for (const route of gets) {
      const url = route.url
        .replace(':idSlug', '1')
        .replace(':actionId', '1')
        .replace(':id', '1')
        .replace('*', 'x.css');
      const res = await app.inject({ url, headers: { ...me.auth, origin: 'https://evil.example' } });
      const where = `${route.url} (${res.statusCode})`;
      expect(String(res.headers['content-security-policy']), where).toContain("object-src 'none'");
      expect(String(res.headers['content-security-policy']), where).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], where).toBe('nosniff');
      expect(res.headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
      expect(res.headers['access-control-allow-origin'], where).toBeUndefined();
      if (url.startsWith('/api/') && !url.startsWith('/api/docs'))
        expect(res.headers['cache-control'], where).toBe('no-store');
    }
  });
});

// docs/product.md §7 sends logout (and refresh-presentation, which shares its shape) with the bearer token, a JSON content type
// and no body at all. Those calls must work as sent, and logout must end the session.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../test/app';
import { signUp } from '../../test/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const asSpecSends = (url: string, token: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });

describe('calls with a JSON content type and an empty body', () => {
  it('logout answers 200 and the token stops working', async () => {
    const { token } = await signUp(app);
    const res = await asSpecSends('/api/auth/logout', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const after = await app.inject({
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('refresh-presentation answers 200', async () => {
    const { token } = await signUp(app);
    const res = await asSpecSends('/api/auth/refresh-presentation', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
  });

  it('a route that needs a body says it is missing, and changes nothing', async () => {
    const { token, user } = await signUp(app);
    const res = await asSpecSends('/api/user/profile', token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'The request body is missing: send a JSON object.',
      code: 'bad_request',
    });
    const profile = await app.inject({
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.json().name).toBe(user.name);
  });

  it('whitespace alone is no body either, and malformed JSON is still refused', async () => {
    const { token } = await signUp(app);
    const blank = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: ' \n',
    });
    expect(blank.statusCode).toBe(200);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"x":1},',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('The request body is not valid JSON.');
  });
});

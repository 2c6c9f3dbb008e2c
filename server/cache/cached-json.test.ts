// Team-cached answers: the same JSON as the schema would give, gzipped for clients that accept it.
import { gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../test/app';
import { signUp } from '../test/factories';
import { logOops } from '../test/oops-factory';
import { acceptsGzip, ownBytes } from './cached-json';

describe('acceptsGzip', () => {
  it('reads Accept-Encoding as browsers and proxies send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('deflate, br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('ownBytes', () => {
  it('copies bytes that share a larger block into memory of their own, and keeps bytes that do not', () => {
    const pooled = Buffer.from('{"n":1}'); // small buffers are cut from a shared block
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    const own = ownBytes(pooled);
    expect(own.equals(pooled)).toBe(true);
    expect(own.buffer.byteLength).toBe(own.length);
    const slice = gzipSync(Buffer.alloc(5000, 'a'), { level: 3 }); // a slice of zlib's output block
    expect(ownBytes(slice).buffer.byteLength).toBe(slice.length);
    expect(ownBytes(own)).toBe(own);
  });
});

describe('team-cached answers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });

  it('send a large list gzipped to a client that accepts it, and the same JSON to one that does not', async () => {
    const me = await signUp(app);
    for (let i = 0; i < 5; i++) await logOops(app, me, { title: `Gzip check ${i}` });
    const plain = await app.inject({ url: '/api/oops?limit=100', headers: me.auth });
    const zipped = await app.inject({
      url: '/api/oops?limit=100',
      headers: { ...me.auth, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(plain.json().oops).toHaveLength(5);
  });

  it('leave small answers uncompressed', async () => {
    const me = await signUp(app);
    const res = await app.inject({
      url: '/api/teams/stats',
      headers: { ...me.auth, 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveLength(1);
  });
});

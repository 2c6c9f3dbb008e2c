// The built web app as served: precompressed files picked by Accept-Encoding, HEAD wherever GET works, 200 for the
// app's pages and 404 (with the app's not-found page) for other paths, and no source maps unless asked for.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../common/domain/messages';
import { createTestApp } from '../test/app';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-1a2b.js"></script></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const MAP = '{"version":3,"sources":["../../web/main.tsx"],"mappings":""}';

/** The build's map of source modules to chunks: an entry with a shared chunk, and two pages. */
const MANIFEST = {
  'index.html': { file: 'assets/app-1a2b.js', isEntry: true, imports: ['_shared-1.js'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_widget-2.js': {
    file: 'assets/widget-2.js',
    imports: ['_shared-1.js', 'index.html'],
    css: ['assets/widget-2.css'],
  },
  'web/features/dashboard/dashboard-page.tsx': {
    file: 'assets/dashboard-page-3.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-1.js', '_widget-2.js'],
    css: ['assets/dashboard-page-3.css'],
  },
  'web/features/oops/oops-detail-page.tsx': {
    file: 'assets/oops-detail-page-4.js',
    isDynamicEntry: true,
    imports: ['index.html', '_widget-2.js'],
  },
  'web/features/auth/login-page.tsx': {
    file: 'assets/login-page-5.js',
    isDynamicEntry: true,
    imports: ['index.html'],
    css: ['assets/login-page-5.css'],
  },
};

const PRERENDERED = {
  login:
    '<!doctype html><html><body><div id="root" data-prerendered><form>Sign in</form></div></body></html>',
  'not-found':
    '<!doctype html><html><body><div id="root" data-prerendered><h1>Not found</h1></div></body></html>',
};

/**
 * A build as `vite build` leaves it: each text file with its .br and .gz beside it; with `prerendered`, the sign-in
 * and not-found pages drawn at build time too (decision 054).
 */
function writeDist({ prerendered = false } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oopsboard-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const write = (file: string, text: string) => {
    fs.writeFileSync(path.join(dir, file), text);
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(text));
  };
  write('index.html', INDEX);
  if (prerendered) {
    fs.mkdirSync(path.join(dir, 'prerendered'));
    for (const [name, html] of Object.entries(PRERENDERED)) write(`prerendered/${name}.html`, html);
  }
  write('assets/app-1a2b.js', SCRIPT);
  write('assets/app-1a2b.js.map', MAP);
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  fs.writeFileSync(path.join(dir, 'demo-poster.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]));
  return dir;
}

const distDir = writeDist();
const prerenderedDistDir = writeDist({ prerendered: true });
afterAll(() => {
  for (const dir of [distDir, prerenderedDistDir]) fs.rmSync(dir, { recursive: true, force: true });
});

describe('static files', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({}, undefined, { distDir });
  });

  it('answers brotli, gzip or plain by Accept-Encoding, always with Vary: Accept-Encoding', async () => {
    const url = '/assets/app-1a2b.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    for (const url of ['/assets/app-1a2b.js', '/demo-poster.jpg']) {
      const headers = { 'accept-encoding': 'br' };
      const get = await app.inject({ url, headers });
      const head = await app.inject({ method: 'HEAD', url, headers });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.headers['content-length'], url).toBe(get.headers['content-length']);
      expect(head.body, url).toBe('');
    }
  });

  it('serves no source map unless source maps are turned on', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await app.inject({ method, url: '/assets/app-1a2b.js.map' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('mappings');
    }
    expect((await app.inject({ url: '/assets/app-1a2b.js.map.br' })).statusCode).toBe(404);
    const withMaps = await createTestApp({ sourceMaps: true }, undefined, { distDir });
    const res = await withMaps.inject({ url: '/assets/app-1a2b.js.map' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(MAP);
  });
});

describe('pages', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({}, undefined, { distDir });
  });

  it("answers the app's pages with index.html and 200, on GET and HEAD, compressed", async () => {
    for (const url of ['/', '/login', '/dashboard', '/oops/42-disk-full', '/admin/audit?x=1', '/Login/']) {
      const get = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(get.statusCode, url).toBe(200);
      expect(get.headers['content-type'], url).toMatch(/^text\/html/);
      expect(get.headers['content-encoding'], url).toBe('br');
      expect(get.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(get.rawPayload).toString(), url).toBe(INDEX);
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toMatch(/^text\/html/);
      expect(head.body, url).toBe('');
    }
  });

  it("answers any other path with 404 and index.html, whose router shows the app's not-found page", async () => {
    for (const url of ['/nope', '/oops/1/extra', '/admin/nope', '/assets/missing.js']) {
      const get = await app.inject({ url });
      expect(get.statusCode, url).toBe(404);
      expect(get.headers['content-type'], url).toMatch(/^text\/html/);
      expect(get.headers['cache-control'], url).toBe('no-cache');
      expect(get.body, url).toBe(INDEX);
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(404);
      expect(head.body, url).toBe('');
    }
  });

  it('keeps JSON 404s for the API and for writes to pages', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['HEAD', '/api/nope'],
      ['POST', '/dashboard'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
      if (method !== 'HEAD') expect(res.json()).toEqual({ error: MESSAGES.notFound, code: 'not_found' });
    }
  });
});

describe('page preloads', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({}, undefined, { distDir });
  });

  it("names the entry's and the page's scripts and stylesheets in a Link header, each once", async () => {
    const dashboard = await app.inject({ url: '/dashboard' });
    expect(dashboard.statusCode).toBe(200);
    // The entry's files first: the browser fetches what the header names before what the HTML names.
    const entry = '</assets/app-1a2b.js>; rel=modulepreload, </assets/shared-1.js>; rel=modulepreload';
    expect(dashboard.headers.link).toBe(
      [
        '</assets/dashboard-page-3.css>; rel=preload; as=style; crossorigin',
        '</assets/widget-2.css>; rel=preload; as=style; crossorigin',
        entry,
        '</assets/dashboard-page-3.js>; rel=modulepreload',
        '</assets/widget-2.js>; rel=modulepreload',
      ].join(', '),
    );
    const head = await app.inject({ method: 'HEAD', url: '/dashboard?x=1' });
    expect(head.headers.link).toBe(dashboard.headers.link);
  });

  it('matches pages as the router does: a fixed path before a parameter, and nothing for other paths', async () => {
    const incident = await app.inject({ url: '/oops/42-disk-full' });
    expect(incident.headers.link).toBe(
      '</assets/widget-2.css>; rel=preload; as=style; crossorigin, </assets/app-1a2b.js>; rel=modulepreload, </assets/shared-1.js>; rel=modulepreload, </assets/oops-detail-page-4.js>; rel=modulepreload, </assets/widget-2.js>; rel=modulepreload',
    );
    // /oops/new is its own page, absent from this build; a redirect and an unknown path have no code of their own.
    for (const url of ['/oops/new', '/new-oops', '/nope']) {
      expect((await app.inject({ url })).headers.link, url).toBeUndefined();
    }
  });
});

describe('pages drawn at build time', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({}, undefined, { distDir: prerenderedDistDir });
  });

  it('answers a drawn page with its drawing, compressed, and its stylesheets but not its scripts', async () => {
    for (const url of ['/login', '/Login/']) {
      const get = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(get.statusCode, url).toBe(200);
      expect(get.headers['content-type'], url).toMatch(/^text\/html/);
      expect(get.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(get.rawPayload).toString(), url).toBe(PRERENDERED.login);
      // The stylesheets draw the page; the scripts wait until the visitor needs the app (public/before-app.js).
      expect(get.headers.link, url).toBe('</assets/login-page-5.css>; rel=preload; as=style; crossorigin');
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
    }
  });

  it('answers any other path with 404 and the drawn not-found page', async () => {
    for (const url of ['/nope', '/oops/1/extra']) {
      const get = await app.inject({ url });
      expect(get.statusCode, url).toBe(404);
      expect(get.body, url).toBe(PRERENDERED['not-found']);
    }
  });

  it('answers index.html for a URL with a query, and for a page not drawn, as before', async () => {
    for (const [url, status] of [
      ['/login?returnTo=%2Fdashboard', 200],
      ['/dashboard', 200],
      ['/nope?x=1', 404],
    ] as const) {
      const get = await app.inject({ url });
      expect(get.statusCode, url).toBe(status);
      expect(get.body, url).toBe(INDEX);
    }
    const login = await app.inject({ url: '/login?returnTo=%2Fdashboard' });
    expect(login.headers.link).toBe(
      '</assets/login-page-5.css>; rel=preload; as=style; crossorigin, </assets/app-1a2b.js>; rel=modulepreload, </assets/shared-1.js>; rel=modulepreload, </assets/login-page-5.js>; rel=modulepreload',
    );
  });
});

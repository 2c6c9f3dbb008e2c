// Serves the built SPA from dist/: static files precompressed at build time (brotli or gzip by Accept-Encoding),
// and index.html for the app's pages, with status 404 for any other path so that monitors and crawlers see what the
// app's not-found page says (decision 029). HEAD works wherever GET does.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { PRERENDERED_PAGES, pageOf } from '../../common/domain/app-pages';
import { MESSAGES } from '../../common/domain/messages';
import { pagePreloads } from './page-preloads';

interface SpaOptions {
  distDir: string;
  /** Source maps are served only when asked for, since they publish the whole client source. */
  sourceMaps?: boolean;
}

const SOURCE_MAP_FILES = ['**/*.map', '**/*.map.br', '**/*.map.gz'];

/** The build-time pages present in dist/prerendered/, as a lookup from a page's name to the file to send. */
function prerenderedPages(distDir: string): (name: string) => string | null {
  const built = new Set(
    Object.keys(PRERENDERED_PAGES).filter((name) =>
      fs.existsSync(path.join(distDir, 'prerendered', `${name}.html`)),
    ),
  );
  return (name) => (built.has(name) ? `prerendered/${name}.html` : null);
}

export const spaPlugin = fp<SpaOptions>(async (app, { distDir, sourceMaps = false }) => {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const preloadsOf = pagePreloads(distDir);
  const prerenderedOf = prerenderedPages(distDir);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Routes are made for the files present at start-up (a build is never changed in place), so a file left out
      // here is not served at all.
      wildcard: false,
      globIgnore: sourceMaps ? [] : SOURCE_MAP_FILES,
      index: false,
      preCompressed: true,
      // Hashed assets never change; index.html must always be fresh.
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !isRead || !hasBuild) {
      return reply.status(404).send({ error: MESSAGES.notFound, code: 'not_found' });
    }
    const [pathname = '/', query] = request.url.split('?', 2);
    const page = pageOf(pathname);
    // A page drawn at build time is sent as drawn, but only for a URL without a query: a query (a token, a return
    // path, an error) can change what the page shows, and the drawing must match the first render (decision 054).
    const prerendered = query === undefined ? prerenderedOf(page ?? 'not-found') : null;
    const preloads = preloadsOf(pathname, prerendered ? 'later' : 'preload');
    if (preloads) reply.header('link', preloads);
    return reply
      .status(page ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html')
      .sendFile(prerendered ?? 'index.html');
  });
});

// Serves the built SPA from dist/: static files precompressed at build time (brotli or gzip by Accept-Encoding),
// and index.html for the app's pages, with status 404 for any other path so that monitors and crawlers see what the
// app's not-found page says (decision 029). HEAD works wherever GET does.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { isAppPage } from '../../common/domain/app-pages';
import { MESSAGES } from '../../common/domain/messages';
import { pagePreloads } from './page-preloads';

interface SpaOptions {
  distDir: string;
  /** Source maps are served only when asked for, since they publish the whole client source. */
  sourceMaps?: boolean;
}

const SOURCE_MAP_FILES = ['**/*.map', '**/*.map.br', '**/*.map.gz'];

export const spaPlugin = fp<SpaOptions>(async (app, { distDir, sourceMaps = false }) => {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const preloadsOf = pagePreloads(distDir);
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
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const preloads = preloadsOf(pathname);
    if (preloads) reply.header('link', preloads);
    return reply
      .status(isAppPage(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html')
      .sendFile('index.html');
  });
});

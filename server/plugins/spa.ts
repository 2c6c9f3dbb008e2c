// Serves the built SPA from dist/ with an index.html fallback for client-side routes.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '../../common/domain/messages';

export const spaPlugin = fp<{ distDir: string }>(async (app, { distDir }) => {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
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
    if (isApi || request.method !== 'GET' || !hasBuild) {
      return reply.status(404).send({ error: MESSAGES.notFound, code: 'not_found' });
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
});

// Opens the database (PGlite or PostgreSQL), exposes it as app.database / app.db, closes it on app.close().
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';
import { asRequestStartedNow } from '../db/oldest-first';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

export const dbPlugin = fp<{ database: Database }>(async (app, { database }) => {
  app.decorate('database', database);
  app.decorate('db', database.db);
  // PGlite lets the database calls of older requests in first (server/db/oldest-first.ts); hooks run in the order
  // they were added, so this one comes before the session lookup of the auth plugin's.
  if (database.kind === 'pglite')
    app.addHook('onRequest', (_request, _reply, done) => asRequestStartedNow(done));
  app.addHook('onClose', async () => {
    await database.close();
  });
});

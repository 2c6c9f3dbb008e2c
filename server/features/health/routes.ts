import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/healthz',
    { config: { public: true }, schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get('/readyz', { config: { public: true } }, async (request, reply) => {
    // A stopping process still serves, but tells the balancer to send new requests elsewhere (decision 034).
    if (app.readiness.stopping)
      return reply.status(503).send({ error: 'Shutting down', code: 'unavailable' });
    try {
      await app.database.ping();
      return { status: 'ready', database: app.database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'database not answering');
      return reply.status(503).send({ error: 'Database unavailable', code: 'unavailable' });
    }
  });
}

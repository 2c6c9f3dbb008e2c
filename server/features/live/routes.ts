// GET /api/live: a Server-Sent Events stream of the actor's team events. Browsers read it with fetch (so the bearer
// header is sent as on every call). Each heartbeat re-checks the session, so logout, disable or a team switch ends it.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions, users } from '../../db/schema';
import { requireSessionActor, requireTeamActor } from '../../plugins/auth';

export async function liveRoutes(
  app: FastifyInstance,
  { heartbeatMs }: { heartbeatMs: number },
): Promise<void> {
  const open = new Set<() => void>();
  // Open streams would keep shutdown waiting: end them before the server stops accepting.
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get('/api/live', { schema: { tags: ['live'], hide: false } }, async (request, reply) => {
    const { teamId } = requireTeamActor(request);
    const { sessionId } = requireSessionActor(request);

    const stillValid = async () => {
      const rows = await app.db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionId), eq(users.isActive, true), eq(users.currentTeamId, teamId)))
        .limit(1);
      return rows.length === 1;
    };

    reply.hijack();
    const res = reply.raw;
    // Subscribed before the client sees the stream open, so no event after that moment is missed.
    const unsubscribe = app.live.subscribe(teamId, (event) => {
      res.write(`event: oops\ndata: ${JSON.stringify(event)}\n\n`);
    });
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 3000\n: connected\n\n`);
    const heartbeat = setInterval(() => {
      void stillValid()
        .then((ok) => (ok ? res.write(': heartbeat\n\n') : res.end()))
        .catch(() => res.end());
    }, heartbeatMs);
    const stop = () => {
      if (!open.has(end)) return;
      app.metrics.liveConnections.dec();
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
    };
    const end = () => {
      stop();
      res.end();
    };
    open.add(end);
    app.metrics.liveConnections.inc();
    request.raw.on('close', stop);
  });
}

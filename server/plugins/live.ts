// Publishes team events through the database's fan-out (LISTEN/NOTIFY or in-process) and lets streams subscribe.
import fp from 'fastify-plugin';
import { liveEventSchema, type LiveEvent } from '../../common/contracts/live';
import { z } from 'zod';

const envelope = z.object({ team: z.number(), event: liveEventSchema });

export interface Live {
  publish(teamId: number, event: LiveEvent): Promise<void>;
  /** Calls `fn` for each event of this team; returns the unsubscribe function. */
  subscribe(teamId: number, fn: (event: LiveEvent) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
  }
}

export const livePlugin = fp(async (app) => {
  app.decorate('live', {
    async publish(teamId, event) {
      try {
        await app.database.publish(JSON.stringify({ team: teamId, event }));
      } catch (error) {
        // A lost live event must not fail the write that caused it; dashboards also refresh every 30 s.
        app.log.warn({ err: error }, 'live event not published');
      }
    },
    subscribe(teamId, fn) {
      return app.database.subscribe((payload) => {
        const parsed = envelope.safeParse(JSON.parse(payload));
        if (parsed.success && parsed.data.team === teamId) fn(parsed.data.event);
      });
    },
  } satisfies Live);
});

// Live streams: each stream of a team subscribes here, and hears the live events that committed writes cause
// (server/events/effects.ts) once no answer from before them is served any more.
import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import type { LiveEvent } from '../../common/contracts/live';
import { LIVE_STREAM_DELAY_MS } from '../cache/freshness';
import type { LiveItem } from '../events/effects';

export interface Live {
  /** Hands a live event to this process's streams of its team, LIVE_STREAM_DELAY_MS from now. */
  toStreams(item: LiveItem): void;
  /** Calls `fn` for each event of this team; returns the unsubscribe function. */
  subscribe(teamId: number, fn: (event: LiveEvent) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
  }
}

export const livePlugin = fp(async (app) => {
  // One listener per process: each stream subscribes to its team here, not to every notification of every team.
  const streams = new EventEmitter().setMaxListeners(0);
  const pending = new Set<NodeJS.Timeout>();
  /** Streams hear a change once no answer from before it is served any more. */
  function toStreams({ team, event }: LiveItem): void {
    if (streams.listenerCount(String(team)) === 0) return;
    const timer = setTimeout(() => {
      pending.delete(timer);
      streams.emit(String(team), event);
    }, LIVE_STREAM_DELAY_MS);
    pending.add(timer);
  }
  app.addHook('onClose', async () => {
    for (const timer of pending) clearTimeout(timer);
  });

  app.decorate('live', {
    toStreams,
    subscribe(teamId, fn) {
      streams.on(String(teamId), fn);
      return () => streams.off(String(teamId), fn);
    },
  } satisfies Live);
});

// What a write request does about its events: it collects those it emits (server/events/outbox.ts), and before its
// answer leaves it applies what its author must see on their next call (decision 027).
import type { FastifyInstance } from 'fastify';
import { actorCredential } from '../cache/freshness';
import type { Dispatcher } from './dispatcher';
import { applyCommitted, changesActors, staleTeamsOf, type EffectTargets } from './effects';
import { collectEmittedEvents, type EmittedEvent } from './outbox';

declare module 'fastify' {
  interface FastifyRequest {
    /** The events a write request emitted (null for reads). */
    emittedEvents: EmittedEvent[] | null;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const isApiWrite = (request: { method: string; url: string }) =>
  !READ_METHODS.has(request.method) && request.url.startsWith('/api/');

export function addRequestHooks(app: FastifyInstance, dispatcher: Dispatcher, targets: EffectTargets): void {
  // A write collects the events it emits: they decide what its answer waits for.
  app.decorateRequest('emittedEvents', null);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isApiWrite(request)) return done();
    const emitted: EmittedEvent[] = [];
    request.emittedEvents = emitted;
    collectEmittedEvents(emitted, dispatcher.neededNow, done);
  });

  // The author of a change sees its effects on their next call (decision 027). A change of who an actor is (a role,
  // a membership, a session) must hold in every process before the answer leaves: the answer waits for its events'
  // dispatch, whose effects include every process's actor cache. Any other change's effect on the author is the
  // team's cached answers, made stale here at once and in the other processes by the commit's own wake-up: that
  // answer leaves without waiting for the dispatch, which follows within a pass (the webhook deliveries, the live
  // events of other dashboards). Waiting for it made writes the whole tail of the mixed load (docs/performance.md).
  // Either way the team cache serves the author fresh answers from now on (server/cache/team-cache.ts).
  app.addHook('onSend', async (request, reply) => {
    if (!isApiWrite(request)) return;
    // A refused write changed nothing, so it has no effects to wait for.
    if (reply.statusCode >= 400) return;
    const emitted = request.emittedEvents ?? [];
    if (emitted.some(changesActors)) await dispatcher.settle(emitted.map((event) => event.id));
    else await applyCommitted(targets, { teams: staleTeamsOf(emitted) });
    const actor = request.actor;
    if (actor?.teamId) app.teamCache.markWriter(actor.teamId, actorCredential(actor));
  });
}

// Prometheus metrics: request counts and durations by route and status, database pool, live connections.
// Nothing serves them to the network by default (decision 030): the metrics listener on 127.0.0.1 (METRICS_PORT,
// started by server/main.ts) answers without a token; the app's own port serves GET /metrics only when METRICS_TOKEN
// is set, and then only to `Authorization: Bearer <METRICS_TOKEN>` (404 without METRICS_TOKEN).
import { timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config';
import { MESSAGES } from '../../common/domain/messages';
import { AppError } from '../lib/errors';
import { closeListener, listenForMetrics, listenerPort } from './metrics-listener';
import { registerTeamMetrics } from './team-metrics';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: {
      liveConnections: Gauge;
      /** Starts the metrics listener on 127.0.0.1:`port` (0: any free port); answers its port. Closed with the app. */
      listen(port: number): Promise<number>;
    };
  }
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const metricsPlugin = fp<{ config: Config }>(async (app, { config }) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'oopsboard_http_requests_total',
    help: 'HTTP requests',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'oopsboard_http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const liveConnections = new Gauge({
    name: 'oopsboard_live_connections',
    help: 'Open live (SSE) streams',
    registers: [registry],
  });
  new Gauge({
    name: 'oopsboard_db_pool_connections',
    help: 'Database connections by state',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const s = app.database.poolStats();
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  new Counter({
    name: 'oopsboard_team_cache_lookups_total',
    help: 'Team cache lookups: answers served as kept (hit) and computed (miss)',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      const { hits, misses } = app.teamCache.lookups;
      this.reset();
      this.inc({ result: 'hit' }, hits);
      this.inc({ result: 'miss' }, misses);
    },
  });
  registerTeamMetrics(
    registry,
    () => app.db,
    (error) => app.log.warn({ err: error }, 'The shared teams\' metrics could not be read; left out of this scrape.'),
  );
  const listeners: Server[] = [];
  const listen = async (port: number) => {
    const server = await listenForMetrics(registry, port);
    listeners.push(server);
    return listenerPort(server);
  };
  app.addHook('onClose', async () => {
    await Promise.all(listeners.splice(0).map(closeListener));
  });
  app.decorate('metrics', { liveConnections, listen });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL, so label values stay few (and carry no ids or tokens).
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  // Without METRICS_TOKEN this port serves no metrics: the figures name every route and its traffic, which is
  // nobody's business beyond this host. It answers 404 JSON, as an unknown API path does, rather than the SPA's page
  // that other unknown paths get, so a scraper pointed here fails plainly.
  const token = config.metricsToken;
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (token === undefined) throw new AppError('not_found', MESSAGES.notFound);
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, token))
      throw new AppError('unauthenticated', 'Metrics need the METRICS_TOKEN bearer token.');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});

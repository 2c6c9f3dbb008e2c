// The metrics listener: GET /metrics on a port of its own, bound to loopback, so that a Prometheus on the same host
// (or a sidecar sharing its network) scrapes without a token while the app's public port serves no metrics unless
// METRICS_TOKEN is set (decision 030). A plain HTTP server: nothing of the app's (routes, auth, rate limits) is here.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { MESSAGES } from '../../common/domain/messages';

/** Loopback only: the listener has no token, so nothing beyond this host may reach it. */
export const METRICS_HOST = '127.0.0.1';

/** The listener could not take its port; start-up stops with this message. */
export class MetricsListenerError extends Error {}

function answer(response: http.ServerResponse, status: number, type: string, body: string | undefined): void {
  response.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  response.end(body);
}

function json(body: object): string {
  return JSON.stringify(body);
}

/** Starts the listener on 127.0.0.1:`port` (0: any free port) and answers once it listens. */
export async function listenForMetrics(registry: Registry, port: number): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (path !== '/metrics' || !read) {
      answer(
        response,
        404,
        'application/json; charset=utf-8',
        json({ error: MESSAGES.notFound, code: 'not_found' }),
      );
      return;
    }
    registry.metrics().then(
      (text) => answer(response, 200, registry.contentType, request.method === 'HEAD' ? undefined : text),
      () =>
        answer(
          response,
          500,
          'application/json; charset=utf-8',
          json({ error: 'The metrics could not be collected.', code: 'internal' }),
        ),
    );
  });
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) =>
      reject(
        new MetricsListenerError(
          `The metrics listener could not use ${METRICS_HOST}:${port} (${error.code ?? error.message}): ` +
            "set METRICS_PORT to a free port, or to 'off'",
        ),
      );
    server.once('error', failed);
    server.listen(port, METRICS_HOST, () => {
      server.off('error', failed);
      resolve();
    });
  });
  return server;
}

/** The listener's port (the one picked when it was asked for 0). */
export function listenerPort(server: http.Server): number {
  return (server.address() as AddressInfo).port;
}

/** Stops the listener, ending idle and open scrapes alike (a scrape is short; shutdown must not wait for it). */
export async function closeListener(server: http.Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
}

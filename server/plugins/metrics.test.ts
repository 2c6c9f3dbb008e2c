// Who may read the metrics (decision 030): the loopback listener answers without a token; the app's own port has no
// /metrics unless METRICS_TOKEN is set, and then only with that bearer token.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import { createTestApp } from '../test/app';
import { signUp } from '../test/factories';
import { closeListener, listenForMetrics, MetricsListenerError } from './metrics-listener';

const TOKEN = 'a-long-metrics-token-123';

describe('the metrics listener on loopback', () => {
  it('counts requests by route pattern and status, with pool and live figures, and no ids or tokens', async () => {
    const app = await createTestApp();
    const port = await app.metrics.listen(0);
    const me = await signUp(app);
    await app.inject({ url: '/api/oops/detail/12345-secret-title', headers: me.auth });
    // The same statistic twice: computed, then served from the team cache.
    for (let i = 0; i < 2; i++) await app.inject({ url: '/api/oops/stats', headers: me.auth });
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body).toMatch(
      /oopsboard_http_requests_total\{method="GET",route="\/api\/oops\/detail\/:idSlug",status="404"\} 1/,
    );
    expect(body).toMatch(
      /oopsboard_http_request_duration_seconds_bucket\{le="0.005",method="POST",route="\/api\/auth\/login",status="200"\}/,
    );
    expect(body).toMatch(/oopsboard_db_pool_connections\{state="total"\} \d+/);
    expect(body).toMatch(/oopsboard_live_connections 0/);
    const lookups = (result: string) =>
      Number(new RegExp(`oopsboard_team_cache_lookups_total\\{result="${result}"\\} (\\d+)`).exec(body)?.[1]);
    expect(lookups('hit')).toBeGreaterThanOrEqual(1);
    expect(lookups('miss')).toBeGreaterThanOrEqual(1);
    expect(body).not.toContain('secret-title');
    expect(body).not.toContain(me.token);
  });

  it('listens on 127.0.0.1 only, serves nothing but GET /metrics, and closes with the app', async () => {
    const registry = new Registry();
    const server = await listenForMetrics(registry, 0);
    const address = server.address() as net.AddressInfo;
    expect(address.address).toBe('127.0.0.1');
    const base = `http://127.0.0.1:${address.port}`;
    expect((await fetch(`${base}/metrics`, { method: 'HEAD' })).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/api/oops'],
      ['GET', '/metrics/x'],
      ['POST', '/metrics'],
    ] as const) {
      const res = await fetch(`${base}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ error: 'Not found.', code: 'not_found' });
    }
    await closeListener(server);

    const app = await createTestApp();
    const port = await app.metrics.listen(0);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    await app.close();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('refuses to start on a port already taken, naming the variable to change', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const failure = listenForMetrics(new Registry(), port);
      await expect(failure).rejects.toBeInstanceOf(MetricsListenerError);
      await expect(failure).rejects.toThrow(
        `The metrics listener could not use 127.0.0.1:${port} (EADDRINUSE): set METRICS_PORT to a free port, or to 'off'`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe("GET /metrics on the app's own port", () => {
  it('answers 404 when METRICS_TOKEN is unset, whoever asks', async () => {
    const app = await createTestApp();
    const me = await signUp(app);
    for (const headers of [{}, me.auth, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found.', code: 'not_found' });
    }
  });

  it('needs the bearer token when METRICS_TOKEN is set; a session is no substitute', async () => {
    const app = await createTestApp({ metricsToken: TOKEN });
    const me = await signUp(app);
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/metrics', headers: me.auth })).statusCode).toBe(401);
    const wrong = await app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer wrong-token-of-some-length' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: 'Metrics need the METRICS_TOKEN bearer token.',
      code: 'unauthenticated',
    });
    const right = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toMatch(/oopsboard_http_requests_total\{/);
    // The loopback listener still answers without it.
    const port = await app.metrics.listen(0);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
  });
});

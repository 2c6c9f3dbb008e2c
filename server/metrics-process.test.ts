// The real server process and its metrics listener (decision 030): by default /metrics is served on 127.0.0.1 at
// METRICS_PORT and not on the app's port; a METRICS_PORT already taken stops start-up with a clear line.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { useInstallations } from './test/installation';
import { freePort } from './test/server-process';

const { installation, start } = useInstallations();

describe('the metrics listener of the server process', () => {
  it("serves /metrics on loopback at METRICS_PORT, not on the app's port, and stops with the process", async () => {
    const metricsPort = await freePort();
    const server = await start(installation({ METRICS_PORT: String(metricsPort) }), await freePort());
    // 404 JSON, not the SPA's page, whether or not a build of the web app is there.
    const onAppPort = await fetch(`${server.url}/metrics`);
    expect(onAppPort.status).toBe(404);
    expect(await onAppPort.json()).toEqual({ error: 'Not found.', code: 'not_found' });
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toMatch(/oopsboard_http_requests_total\{method="GET",route="\/healthz"/);
    expect(server.output()).toContain(
      `Metrics for Prometheus at http://127.0.0.1:${metricsPort}/metrics (this host only)`,
    );
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  }, 120_000);

  it('stops start-up when METRICS_PORT is taken, and serves nothing', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const metricsPort = (taken.address() as net.AddressInfo).port;
    try {
      const port = await freePort();
      const server = await start(installation({ METRICS_PORT: String(metricsPort) }), port, false);
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        `The metrics listener could not use 127.0.0.1:${metricsPort} (EADDRINUSE): set METRICS_PORT to a free port, or to 'off'`,
      );
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 120_000);
});

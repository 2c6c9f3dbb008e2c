// A stopping process behind a balancer (decision 034): on SIGTERM with SHUTDOWN_DRAIN_SECONDS set, /readyz answers
// 503 at once while requests are still served, and only then does the process stop accepting and exit 0. A stop asked
// for while it is still starting waits for the app, and also exits 0.
import { describe, expect, it } from 'vitest';
import { databaseKind } from './test/app';
import { signedInOwner, useInstallations } from './test/installation';
import { startReceiver } from './test/receiver';
import { freePort, post } from './test/server-process';

const { installation, start } = useInstallations();

describe(`shutdown drain (${databaseKind()})`, () => {
  it('answers 503 on /readyz and keeps serving during the drain, then exits 0', async () => {
    const server = await start(installation({ SHUTDOWN_DRAIN_SECONDS: '2' }), await freePort());
    const token = await signedInOwner(server.url);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const signalled = Date.now();
    server.child.kill('SIGTERM');

    let readyz = await fetch(`${server.url}/readyz`);
    while (readyz.status === 200) readyz = await fetch(`${server.url}/readyz`);
    expect(readyz.status).toBe(503);
    expect(await readyz.json()).toEqual({ error: 'Shutting down', code: 'unavailable' });
    // Still serving: the balancer has not taken it out yet.
    const served = await fetch(`${server.url}/api/oops`, { headers: { authorization: `Bearer ${token}` } });
    expect(served.status).toBe(200);
    expect(Date.now() - signalled).toBeLessThan(2000);

    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(2000);
  }, 120_000);

  it('exits 0 in time with a webhook delivery hanging on a receiver that never answers', async () => {
    const receiver = await startReceiver();
    receiver.setFallback({ status: 200, hang: true });
    const server = await start(installation({ SHUTDOWN_DRAIN_SECONDS: '1' }), await freePort());
    const token = await signedInOwner(server.url);
    const hook = await post(
      server.url,
      '/api/team/current/webhooks',
      { url: `${receiver.url}/hook`, events: ['*'], kind: 'generic' },
      token,
    );
    expect(hook.status).toBe(201);
    const logged = await post(
      server.url,
      '/api/oops',
      { title: 'Delivered at shutdown', severity: 'Low', description: 'Its delivery hangs.' },
      token,
    );
    expect(logged.status).toBe(201);
    // The delivery is under way (its 10 s timeout has not passed) when the process is told to stop.
    await receiver.received(1);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    // The drain, then at most the job engine's 5 s wait: well inside the 10 s the process gives its shutdown.
    expect(Date.now() - signalled).toBeLessThan(9_000);
    expect(server.output()).not.toMatch(/shutdown took longer|error during shutdown|unhandled rejection/);
  }, 120_000);

  it('exits 0 when told to stop while it is still starting', async () => {
    const server = await start(installation({ SHUTDOWN_DRAIN_SECONDS: '0' }), await freePort(), false);
    // The first line comes before the database is opened: the signal arrives during the start-up.
    while (!server.output().includes('OopsBoard is starting')) {
      if (server.child.exitCode !== null) throw new Error(server.output());
      await new Promise((resolve) => setImmediate(resolve));
    }
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    expect(server.output()).not.toMatch(/failed to start|error during shutdown|unhandled rejection/);
  }, 120_000);
});

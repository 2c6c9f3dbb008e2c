// A stopping process behind a balancer (decision 034): on SIGTERM with SHUTDOWN_DRAIN_SECONDS set, /readyz answers
// 503 at once while requests are still served, and only then does the process stop accepting and exit 0.
import { describe, expect, it } from 'vitest';
import { databaseKind } from './test/app';
import { signedInOwner, useInstallations } from './test/installation';
import { freePort } from './test/server-process';

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
});

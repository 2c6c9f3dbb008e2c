// Durability of the real server process: kill -9 under 50 concurrent writers loses no acknowledged write; a second
// process on the same DATA_DIR is refused while the first runs; SIGTERM finishes in-flight requests.
import { describe, expect, it } from 'vitest';
import { databaseKind } from './test/app';
import { signedInOwner as signedIn, useInstallations } from './test/installation';
import { freePort, post } from './test/server-process';

const { installation, newDataDir, start } = useInstallations();

describe(`durability (${databaseKind()})`, () => {
  it('keeps every acknowledged write across kill -9 and opens cleanly afterwards', async () => {
    const env = installation();
    const port = await freePort();
    const first = await start(env, port);
    const token = await signedIn(first.url);
    const acknowledged: number[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await post(
            first.url,
            '/api/oops',
            {
              title: `Writer ${w} #${i}`,
              severity: 'Low',
              description: 'Written during the durability test.',
            },
            token,
          );
          if (res.status === 201) acknowledged.push(res.json!.id as number);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 50 }, (_, w) => writer(w));
    while (acknowledged.length < 100) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await first.exited;

    const second = await start(env, port);
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
    const headers = { authorization: `Bearer ${token}` };
    const missing: number[] = [];
    for (const id of acknowledged) {
      const res = await fetch(`${second.url}/api/oops/detail/${id}`, { headers });
      if (res.status !== 200) missing.push(id);
    }
    expect(missing).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(100);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('finishes in-flight requests on SIGTERM, then exits 0', async () => {
    const env = installation();
    const server = await start(env, await freePort());
    const token = await signedIn(server.url);
    const inFlight = Array.from({ length: 20 }, (_, i) =>
      post(
        server.url,
        '/api/oops',
        { title: `In flight ${i}`, severity: 'Low', description: 'Sent just before SIGTERM.' },
        token,
      ),
    );
    await new Promise((r) => setTimeout(r, 5));
    server.child.kill('SIGTERM');
    const results = await Promise.allSettled(inFlight);
    const statuses = results.map((r) => (r.status === 'fulfilled' ? r.value.status : 'refused'));
    // Requests already being handled complete (201); ones that arrive after SIGTERM are turned away (503 or a
    // refused connection); none is cut off half-way.
    expect(
      statuses.every((s) => s === 201 || s === 503 || s === 'refused'),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
    expect(await server.exited).toBe(0);
  }, 60_000);

  // A PGlite matter, so it runs on a DATA_DIR even in the PostgreSQL run.
  it('refuses a second process on the same DATA_DIR with a clear error', async () => {
    const env = { DATA_DIR: newDataDir() };
    const first = await start(env, await freePort());
    const second = await start(env, await freePort(), false);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/DATA_DIR .* is in use by another OopsBoard process \(pid \d+\)/);
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
  }, 60_000);
});

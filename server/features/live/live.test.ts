// Live events over real HTTP: a logged oops reaches every open stream of the team, and only of the team.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, databaseKind } from '../../test/app';
import { signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await createTestApp({ liveHeartbeatMs: 200 });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

interface Stream {
  events: { type: string; id: number }[];
  ended: Promise<void>;
  close(): void;
}

async function openStream(url: string, as: SignedIn): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/live`, { headers: as.auth, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: Stream['events'] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)));
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return { events, ended, close: () => controller.abort() };
}

const until = (check: () => boolean, timeout = 2000) =>
  vi.waitFor(() => expect(check()).toBe(true), { timeout, interval: 20 });

const streams: Stream[] = [];
afterAll(() => streams.forEach((s) => s.close()));

describe('GET /api/live', () => {
  it('needs a session', async () => {
    const res = await fetch(`${base}/api/live`);
    expect(res.status).toBe(401);
  });

  it('delivers a new oops to every stream of the team within 2 s, and to no other team', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const mine = await openStream(base, owner);
    const theirs = await openStream(base, stranger);
    streams.push(mine, theirs);
    const o = await logOops(app, owner);
    await until(() => mine.events.length > 0);
    expect(mine.events[0]).toEqual({ type: 'oops.created', id: o.id });
    await app.inject({
      method: 'PUT',
      url: `/api/oops/${o.id}`,
      headers: owner.auth,
      payload: { title: 'Edited live' },
    });
    await until(() => mine.events.length > 1);
    expect(mine.events[1]).toEqual({ type: 'oops.updated', id: o.id });
    await app.inject({
      method: 'POST',
      url: `/api/oops/${o.id}/notes`,
      headers: owner.auth,
      payload: { note: 'A live note' },
    });
    await app.inject({
      method: 'POST',
      url: `/api/oops/${o.id}/actions`,
      headers: owner.auth,
      payload: { title: 'A live action' },
    });
    await until(() => mine.events.length > 3);
    expect(mine.events.slice(2)).toEqual([
      { type: 'oops.notes', id: o.id },
      { type: 'oops.actions', id: o.id },
    ]);
    expect(theirs.events).toEqual([]);
  });

  it('ends the stream at the next heartbeat after logout', async () => {
    const owner = await signUp(app);
    const stream = await openStream(base, owner);
    streams.push(stream);
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: owner.auth });
    await expect(
      Promise.race([stream.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('open'), 2000))]),
    ).resolves.toBe('ended');
  });

  it(`reaches a stream served by a second app process (${databaseKind() === 'postgres' ? 'LISTEN/NOTIFY' : 'same process on PGlite'})`, async () => {
    // On PostgreSQL the second app has its own pool and listener, as a second process would.
    const second = databaseKind() === 'postgres' ? await createTestApp() : app;
    const owner = await signUp(app);
    const stream = await openStream(base, owner);
    streams.push(stream);
    const o = await logOops(second, owner);
    await until(() => stream.events.some((e) => e.id === o.id));
  });
});

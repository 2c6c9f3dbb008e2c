// The container image and the production topology (compose.yaml's shape), run for real: the image built from the
// Containerfile, two replicas on one PostgreSQL database, HAProxy with deploy/haproxy.cfg in front (decision 034).
// Needs podman, runc, mmdebstrap and haproxy (`.ci/run` installs them); scripts/container-test.mjs runs this file.
import fs from 'node:fs';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD } from '../../server/test/factories';
import { buildAppImage, podman, root } from './podman';
import {
  isReady,
  metric,
  replicaEnv,
  scratchDatabase,
  startProxy,
  startReceiver,
  startReplica,
  waitFor,
  waitReady,
  type Replica,
} from './topology';

// Ports: the proxy, then replica A, replica B and the webhook receiver on the next three.
const PORT = Number(process.env.CONTAINER_TEST_PORT ?? 4471);
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let image: string;
let db: Awaited<ReturnType<typeof scratchDatabase>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let proxy: ReturnType<typeof startProxy>;
let replicas: Replica[] = [];
let token = '';

const auth = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const logOops = (url: string, title: string) =>
  fetch(`${url}/api/oops`, {
    method: 'POST',
    headers: auth(),
    body: JSON.stringify({ title, severity: 'Low', description: 'Logged by the container topology test.' }),
  });

beforeAll(async () => {
  image = await buildAppImage();
  db = await scratchDatabase(PG_URL);
  receiver = await startReceiver(PORT + 3);
  const env = replicaEnv(db.url, `http://127.0.0.1:${PORT}`);
  const suffix = `${process.pid}`;
  // Both replicas start together on the empty database: the migrations must still run once each.
  replicas = await Promise.all([
    startReplica(image, `oopsboard-test-a-${suffix}`, PORT + 1, env),
    startReplica(image, `oopsboard-test-b-${suffix}`, PORT + 2, env),
  ]);
  for (const r of replicas) await waitReady(r);
  proxy = startProxy(PORT, replicas);
  await waitFor('the proxy', () => isReady(proxy.url));
}, 1_200_000);

afterAll(async () => {
  await proxy?.stop();
  for (const r of replicas) {
    if (process.env.CONTAINER_TEST_VERBOSE === '1')
      console.log((await podman(['logs', r.name], { check: false })).stderr);
    await podman(['rm', '--force', '--time', '0', r.name], { check: false });
  }
  await receiver?.close();
  await db?.drop();
}, 120_000);

describe('the container image', () => {
  it('runs as a non-root user, with the SPA prebuilt, a health check, a data volume and node as its process', async () => {
    const [inspected] = JSON.parse((await podman(['image', 'inspect', image])).stdout) as {
      Config: { User: string; Cmd: string[]; Volumes: Record<string, unknown>; StopSignal?: string };
      Healthcheck?: { Test: string[] };
    }[];
    const config = inspected!.Config;
    expect(config.User).toBe('10001');
    expect(Object.keys(config.Volumes)).toEqual(['/data']);
    expect(inspected!.Healthcheck?.Test.join(' ')).toContain('/readyz');
    expect(config.Cmd[0]).toBe('node');
    expect(config.StopSignal).toBe('SIGTERM');

    const a = replicas[0]!;
    expect((await podman(['exec', a.name, 'id', '-u'])).stdout.trim()).toBe('10001');
    // PID 1 is node itself, so SIGTERM reaches the server.
    const pid1 = (await podman(['exec', a.name, 'cat', '/proc/1/cmdline'])).stdout.split('\0');
    expect(pid1.slice(0, 2)).toEqual(['node', '--max-semi-space-size=64']);
    // npm ci --omit=dev: no build tools or web libraries at run time.
    for (const dev of ['vite', 'react', 'typescript', 'vitest'])
      expect(
        (await podman(['exec', a.name, 'test', '-e', `node_modules/${dev}`], { check: false })).code,
      ).toBe(1);
    expect((await podman(['healthcheck', 'run', a.name], { check: false })).code).toBe(0);

    const page = await fetch(`${proxy.url}/dashboard`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('applied each migration once although both replicas started together', async () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(root, 'server/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const [row] = await db.query<{ n: number; distinct: number }>(
      'select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
    );
    expect(row).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
  });
});

describe('two replicas behind the proxy', () => {
  it('signs up and signs in through the proxy', async () => {
    const id = Date.now().toString(36);
    const email = `container-${id}@example.com`;
    const registered = await fetch(`${proxy.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: GOOD_PASSWORD,
        name: 'Container Owner',
        username: `container${id}`,
        teamName: 'Containers',
        industry: 'Other',
      }),
    });
    expect(registered.status).toBe(201);
    const login = await fetch(`${proxy.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: GOOD_PASSWORD }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
    expect(token).toBeTruthy();
  });

  it('brings a live update to a dashboard whose stream the other replica holds', async () => {
    const stream = await fetch(`${proxy.url}/api/live`, { headers: auth() });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes(': connected')) text += decoder.decode((await reader.read()).value);
    // Which replica the proxy gave the stream to; the incident is logged on the other one.
    const holders = await Promise.all(replicas.map((r) => metric(r, 'oopsboard_live_connections')));
    expect(holders.slice().sort()).toEqual([0, 1]);
    const other = replicas[holders.indexOf(0)]!;

    const logged = await logOops(other.url, `Live across replicas ${Date.now()}`);
    expect(logged.status).toBe(201);
    const { id } = (await logged.json()) as { id: number };
    const expected = `event: oops\ndata: ${JSON.stringify({ type: 'oops.created', id })}`;
    while (!text.includes(expected)) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`the stream ended after ${text}`);
      text += decoder.decode(value);
    }
    await reader.cancel();
  });

  it('delivers each webhook event once, whichever replica handled the write', async () => {
    const created = await fetch(`${proxy.url}/api/team/current/webhooks`, {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({ url: receiver.url, events: ['oops.created'], kind: 'generic' }),
    });
    expect(created.status).toBe(201);
    const webhook = (await created.json()) as { id: number; secret: string };
    const titles = Array.from({ length: 4 }, (_, i) => `Webhook once ${i} ${Date.now()}`);
    for (const [i, title] of titles.entries())
      expect((await logOops(replicas[i % 2]!.url, title)).status).toBe(201);

    const deliveries = async () =>
      (
        (await (
          await fetch(`${proxy.url}/api/team/current/webhooks/${webhook.id}/deliveries`, { headers: auth() })
        ).json()) as { deliveries: { status: string; attempts: number }[] }
      ).deliveries;
    await waitFor('four succeeded deliveries', async () => {
      const list = await deliveries();
      return list.length === 4 && list.every((d) => d.status === 'succeeded');
    });
    expect((await deliveries()).map((d) => d.attempts)).toEqual([1, 1, 1, 1]);
    const ours = receiver.received.filter((r) => titles.includes(r.title));
    expect(ours.map((r) => r.title).sort()).toEqual(titles.slice().sort());
    expect(new Set(ours.map((r) => r.id)).size).toBe(4);
    const verifier = new Webhook(webhook.secret);
    for (const r of ours) expect(() => verifier.verify(r.body, r.headers)).not.toThrow();
  });

  it('rolls a restart through both replicas under light load without failing a request', async () => {
    const failures: string[] = [];
    let served = 0;
    let running = true;
    // Light load: four clients, each a request every 100 ms, one in ten a write (well within the rate limits).
    const worker = async (w: number) => {
      for (let i = 0; running; i++) {
        const next = new Promise((r) => setTimeout(r, 100));
        try {
          const res =
            i % 10 === 9
              ? await logOops(proxy.url, `Rolling ${w}-${i}`)
              : await fetch(`${proxy.url}/api/oops?limit=5`, { headers: auth() });
          await res.arrayBuffer();
          if (res.ok) served++;
          else failures.push(`${res.status} ${res.url}`);
        } catch (error) {
          failures.push(String(error));
        }
        await next;
      }
    };
    const load = Array.from({ length: 4 }, (_, w) => worker(w));
    try {
      for (const replica of replicas) {
        const before = served;
        await waitFor('requests served before the restart', () => served >= before + 20);
        // SIGTERM: /readyz turns 503, the proxy takes the replica out, then it drains and exits 0.
        await podman(['stop', '--time', '30', replica.name]);
        const [state] = JSON.parse((await podman(['inspect', replica.name])).stdout) as {
          State: { ExitCode: number };
        }[];
        // The replica's last lines say why, should its stop not be clean.
        const logs = await podman(['logs', '--tail', '40', replica.name], { check: false });
        expect(state!.State.ExitCode, `${logs.stdout}${logs.stderr}`).toBe(0);
        const servedWhileDown = served;
        await waitFor('requests served by the other replica alone', () => served >= servedWhileDown + 20);
        await podman(['start', replica.name]);
        await waitReady(replica);
        // Back in the proxy's rotation: the restarted process serves the load's requests again.
        await waitFor(`${replica.name} serving through the proxy`, async () => {
          return (await metric(replica, 'oopsboard_http_requests_total', 'route="/api/oops"')) > 0;
        });
      }
    } finally {
      running = false;
      await Promise.all(load);
    }
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(100);
  });
});

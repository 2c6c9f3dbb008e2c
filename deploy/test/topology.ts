// The production topology of compose.yaml, on this machine: two replicas of the app's image and HAProxy with
// deploy/haproxy.cfg in front of them, on a scratch database of the machine's PostgreSQL. The containers use the
// host's network (decision 034) so they reach that PostgreSQL and the test's webhook receiver on loopback.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { podman, root } from './podman';

export interface Replica {
  name: string;
  url: string;
}

/** Thrown by a condition to end the wait at once (anything else it throws counts as "not yet"). */
export class StopWaiting extends Error {}

/** Waits until `condition` holds, polling; throws with `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  condition: () => Promise<boolean> | boolean,
  timeoutMs = 60_000,
): Promise<void> {
  const started = Date.now();
  const holds = () =>
    Promise.resolve()
      .then(condition)
      .catch((error: unknown) => {
        if (error instanceof StopWaiting) throw error;
        return false;
      });
  while (!(await holds())) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const isReady = async (url: string) => (await fetch(`${url}/readyz`)).status === 200;

/** Waits until a replica answers /readyz; fails at once with its output if its container stopped. */
export async function waitReady(replica: Replica): Promise<void> {
  await waitFor(
    `${replica.name} ready`,
    async () => {
      if (await isReady(replica.url).catch(() => false)) return true;
      // A replica that stopped will not become ready: say why now rather than after the timeout.
      const state = (await podman(['inspect', '--format', '{{.State.Status}}', replica.name])).stdout.trim();
      if (state === 'exited') {
        const logs = await podman(['logs', replica.name], { check: false });
        throw new StopWaiting(`${replica.name} exited:\n${logs.stdout}${logs.stderr}`);
      }
      return false;
    },
    120_000,
  );
}

/** A fresh database on the machine's PostgreSQL, dropped by `drop`. Nothing else on that server is touched. */
export async function scratchDatabase(baseUrl: string) {
  const name = `oopsboard_container_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async query<T>(text: string): Promise<T[]> {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query(text)).rows as T[];
      } finally {
        await client.end();
      }
    },
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The environment every replica shares: one database, one secrets key, behind a proxy. */
export function replicaEnv(databaseUrl: string, appUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    APP_URL: appUrl,
    TRUST_PROXY: 'true',
    SHUTDOWN_DRAIN_SECONDS: '3',
    METRICS_TOKEN: 'container-test-metrics-token',
    // The test's webhook receiver listens on loopback.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    LOG_LEVEL: 'warn',
    DIGEST_CRON: 'off',
    ACTION_REMINDERS_CRON: 'off',
  };
}

/** Starts one replica (detached); `podman stop` sends it SIGTERM and waits up to 30 s. */
export async function startReplica(
  image: string,
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<Replica> {
  // On the host's network the replicas share one loopback, so the metrics listener's port would be taken by the
  // second: it is off here, and the test reads /metrics on each replica's own port with METRICS_TOKEN.
  const vars = { ...env, HOST: '127.0.0.1', PORT: String(port), METRICS_PORT: 'off' };
  await podman([
    'run',
    '--detach',
    '--name',
    name,
    '--network',
    'host',
    '--stop-timeout',
    '30',
    // podman schedules health checks through systemd, which this machine type lacks; the test runs them itself.
    '--health-interval',
    'disable',
    ...Object.entries(vars).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
    image,
  ]);
  return { name, url: `http://127.0.0.1:${port}` };
}

/** HAProxy (the machine's binary) with the repository's configuration, in the foreground until `stop`. */
export function startProxy(port: number, replicas: Replica[]): { url: string; stop: () => Promise<void> } {
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', path.join(root, 'deploy/haproxy.cfg')], {
    env: {
      ...process.env,
      PROXY_BIND: `127.0.0.1:${port}`,
      APP1_ADDR: replicas[0]!.url.replace('http://', ''),
      APP2_ADDR: replicas[1]!.url.replace('http://', ''),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Reads one counter or gauge from a replica's /metrics, summed over the series whose labels contain `labels`. */
export async function metric(replica: Replica, name: string, labels = ''): Promise<number> {
  const res = await fetch(`${replica.url}/metrics`, {
    headers: { authorization: 'Bearer container-test-metrics-token' },
  });
  const text = await res.text();
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || (line[name.length] !== '{' && line[name.length] !== ' ')) continue;
    if (labels && !line.includes(labels)) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

export interface Received {
  id: string;
  type: string;
  title: string;
  /** The raw body and headers, to check the signature. */
  body: string;
  headers: Record<string, string>;
}

/** An HTTP receiver of webhooks on loopback: records each delivery and answers 204. */
export async function startReceiver(port: number) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { type: string; data: { oops?: { title?: string } } };
      received.push({
        id: String(req.headers['webhook-id']),
        type: parsed.type,
        title: parsed.data.oops?.title ?? '',
        body,
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

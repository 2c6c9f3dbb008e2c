// Runs the real server (server/main.ts) as a child process for durability and shutdown tests.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

export async function startServer(
  env: Record<string, string>,
  port: number,
  waitHealthy = true,
): Promise<ServerProcess> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    // Load from one address would trip the per-address limits; a test of the limits passes its own values.
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      RATE_LIMIT_WRITES_PER_MINUTE: '0',
      RATE_LIMIT_READS_PER_MINUTE: '0',
      // On PostgreSQL the suite shares the job queues: only the digest test's processes run digests (with its SMTP).
      DIGEST_CRON: 'off',
      // Test receivers listen on loopback.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // Many processes run side by side: each metrics listener on a free port of its own, not all on 9464.
      METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  if (waitHealthy) {
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early: ${output}`);
      try {
        if ((await fetch(`${url}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 60_000) throw new Error(`server not healthy within 60 s: ${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return { child, url, output: () => output, exited };
}

export async function post(url: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

// Start-up time to healthy: `npm start`'s server on a new DATA_DIR (initdb + migrations) and on an existing one.
// Usage: node bench/startup.mjs [runs=3]. Prints figures; asserts nothing (targets live here, not in tests).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const runs = Number(process.argv[2] ?? 3);
const port = 4500 + Math.floor(Math.random() * 400);

async function timeToHealthy(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      METRICS_PORT: '0',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000) throw new Error('not healthy within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const fresh = [];
const existing = [];
for (let i = 0; i < runs; i++) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oopsboard-bench-'));
  fresh.push(await timeToHealthy(dir));
  existing.push(await timeToHealthy(dir));
  fs.rmSync(dir, { recursive: true, force: true });
}
const fmt = (xs) =>
  `median ${Math.round(xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)])} ms (runs: ${xs.map(Math.round).join(', ')})`;
console.log(`start to healthy, new DATA_DIR:      ${fmt(fresh)}`);
console.log(`start to healthy, existing DATA_DIR: ${fmt(existing)}`);

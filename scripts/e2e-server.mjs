#!/usr/bin/env node
// The server Playwright starts (playwright.config.ts webServer): the BUILT app on 127.0.0.1:4317 with a fresh,
// throw-away PGlite data directory, so every run starts from an empty database and leaves nothing behind.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oopsboard-e2e-'));
let cleaned = false;
const cleanUp = () => {
  if (cleaned) return;
  cleaned = true;
  fs.rmSync(dataDir, { recursive: true, force: true });
};

const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: process.env.E2E_PORT ?? '4317',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // A build of its own (vite build --outDir …) when several E2E runs share the machine.
    DIST_DIR: process.env.E2E_DIST_DIR ?? '',
    // One address is a super admin so the admin guard can be tested from both sides.
    SUPER_ADMIN_EMAILS: process.env.E2E_SUPER_ADMIN_EMAIL ?? 'e2e-super-admin@example.test',
  },
});

// Forward stop signals so the server can CHECKPOINT and close PGlite before the directory is removed.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}

child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});
process.on('exit', cleanUp);

#!/usr/bin/env node
// The container image and topology test (deploy/test/): builds the image with podman and runs two replicas behind
// HAProxy on PostgreSQL. Without its tools, CI (CI=true) fails loudly and a laptop skips loudly, as E2E does.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOOLS = ['podman', 'runc', 'mmdebstrap', 'haproxy'];
const missing = TOOLS.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);

if (missing.length > 0) {
  const install = `apt-get install -y podman runc mmdebstrap haproxy`;
  if (process.env.CI === 'true') {
    console.error(`CONTAINER TEST FAILED: ${missing.join(', ')} missing. Install with: ${install}`);
    process.exit(1);
  }
  console.warn('');
  console.warn('*'.repeat(78));
  console.warn(`*  CONTAINER TEST NOT RUN: ${missing.join(', ')} missing (${install}).`);
  console.warn(
    '*  The image and the scaled-out topology were not tested. CI (CI=true) fails on this instead.',
  );
  console.warn('*'.repeat(78));
  console.warn('');
  process.exit(0);
}

const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const result = spawnSync(
  process.execPath,
  [vitest, 'run', '--project', 'container', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);

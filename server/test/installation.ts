// "Installations" for tests of the real server process: a fresh DATA_DIR on PGlite, or the suite's database on
// PostgreSQL; the processes started and the folders made are cleaned up after the file's tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject } from 'vitest';
import { databaseKind } from './app';
import { GOOD_PASSWORD, unique } from './factories';
import { post, startServer, type ServerProcess } from './server-process';

export function useInstallations() {
  const dirs: string[] = [];
  const running: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await Promise.all(running.map((s) => s.exited));
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  const newDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oopsboard-process-'));
    dirs.push(dir);
    return dir;
  };
  return {
    newDataDir,
    /** One installation's environment, with `extra` variables on top. */
    installation: (extra: Record<string, string> = {}): Record<string, string> =>
      databaseKind() === 'postgres'
        ? { ...extra, DATABASE_URL: inject('postgresUrl') }
        : { ...extra, DATA_DIR: newDataDir() },
    /** Starts a server process that is killed after the file's tests if it still runs. */
    start: async (env: Record<string, string>, port: number, waitHealthy = true): Promise<ServerProcess> => {
      const server = await startServer(env, port, waitHealthy);
      running.push(server);
      return server;
    },
  };
}

/** Registers a new owner (with a new team) on a running server and answers their session token. */
export async function signedInOwner(url: string): Promise<string> {
  const email = `${unique()}@example.com`;
  const registered = await post(url, '/api/auth/register', {
    email,
    password: GOOD_PASSWORD,
    name: 'Process Owner',
    username: unique(),
    teamName: 'Processes',
    industry: 'Other',
  });
  expect(registered.status).toBe(201);
  const login = await post(url, '/api/auth/login', { email, password: GOOD_PASSWORD });
  return login.json!.token as string;
}

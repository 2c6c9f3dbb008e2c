// Starts bench/app-process.ts as a child process and talks to it: `call` sends one command and waits for its answer.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AppCommand } from './app-process';

export interface AppProcess {
  call: <T>(command: AppCommand) => Promise<T>;
  child: ChildProcess;
  /** Closes the app and lets the process end. */
  stop(): Promise<void>;
}

/**
 * The Node flags `npm start` gives the server (package.json's start script, their one source): the benchmarked
 * process runs as a production one (the young generation's size, decision 027).
 */
function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  return pkg.scripts.start.split(' ').filter((word) => word.startsWith('--'));
}

export function startAppProcess(): AppProcess {
  const child = fork(new URL('./app-process.ts', import.meta.url), {
    // BENCH_APP_NODE_ARGS adds flags for the app's process only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see
    // where its time goes under load.
    execArgv: [
      '--import',
      'tsx',
      '--max-old-space-size=4096',
      ...startFlags(),
      ...(process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
  });
  const call = <T>(command: AppCommand) =>
    new Promise<T>((resolve, reject) => {
      child.once('message', (m: { ok: boolean; result?: T; error?: string }) =>
        m.ok ? resolve(m.result as T) : reject(new Error(m.error)),
      );
      child.send(command);
    });
  return {
    call,
    child,
    async stop() {
      await call({ type: 'close' }).catch(() => {});
      child.disconnect();
    },
  };
}

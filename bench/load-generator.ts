// The load generator of `npm run bench:load`, a process of its own (forked by bench/load.ts): autocannon's work,
// parsing every response in JavaScript, runs neither in the server's process nor beside the benchmark's bookkeeping.
// Each message runs the mix once and is answered with the figures.
import type { LoadTeam } from './app-process';
import { load, type LoadResult } from './http';
import { loadMix } from './load-mix';

export interface GeneratorRun {
  label: string;
  url: string;
  connections: number;
  seconds: number;
  teams: LoadTeam[];
}

process.on('message', (run: GeneratorRun) => {
  load(run.label, run.url, {
    connections: run.connections,
    seconds: run.seconds,
    ...loadMix(run.teams),
  }).then(
    (result: LoadResult) => process.send!({ ok: true, result }),
    (error: Error) => process.send!({ ok: false, error: error.stack ?? String(error) }),
  );
});

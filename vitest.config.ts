import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Four projects: pure rules (unit), React components under jsdom (web), the API through app.inject (api), and the
// container image with its topology (container).
// The api project runs on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set (scripts/test.mjs).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./server/test/fail-on-console-error.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./web/test/setup.ts'],
          // Typing into Mantine's inputs under jsdom takes seconds on the 2-core CI machine, where two test files
          // share the cores: a form test failed at Vitest's default 5 s only for being slow. findBy* waits keep
          // their own limit, so a real hang still fails.
          testTimeout: 20_000,
          // nuqs's router adapter imports react-router: through Vite, so that it shares the tests' copy of the
          // router (Node would load react-router's other build, and the adapter would find no router).
          server: { deps: { inline: ['nuqs'] } },
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./server/test/global-setup.ts'],
          setupFiles: ['./server/test/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The container image and the scaled-out topology (podman, HAProxy, PostgreSQL); run by
        // scripts/container-test.mjs, which checks for the tools first. Building the image takes minutes.
        test: {
          name: 'container',
          include: ['deploy/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 1_200_000,
        },
      },
    ],
  },
});

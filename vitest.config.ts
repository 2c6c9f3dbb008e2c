import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: pure rules (unit), React components under jsdom (web), and the API through app.inject (api).
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
    ],
  },
});

import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Keeps transformed modules on disk between runs (node_modules/.experimental-vitest-cache):
    // a second run of one API test file skips transforming the whole server again.
    experimental: { fsModuleCache: true },
    // Vitest leaves a core free by default (1 worker on 2 cores); the API tests run their database
    // in the worker itself, so every core can work on them.
    maxWorkers: availableParallelism(),
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/web/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
          environment: 'happy-dom',
          setupFiles: ['src/web/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          // Migrates once per run; each worker loads the result (test-database.ts), starting as
          // soon as it starts (test-setup.ts), before a test file's imports.
          globalSetup: ['src/server/test-global-setup.ts'],
          setupFiles: ['src/server/test-setup.ts'],
          // A worker runs its files one after another in one module graph and on one database
          // (emptied before each test): importing the server and opening PGlite once per worker,
          // not once per file, is most of the suite's time.
          isolate: false,
          testTimeout: 30_000,
          // A worker's first beforeEach loads the server and waits for its database: on a machine
          // shared by many runs (load 20 on 2 cores) that alone passed 60 s.
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** API test files that mock a module (vi.mock): a mock only takes in a module graph of the file's own. */
const API_MOCKING = ['apps/api/test/request-fields.test.ts', 'apps/api/test/validation-complete.test.ts'];

// One runner for every test (npm test): pure packages, API through app.inject on each engine,
// web unit tests, and browser journeys (e2e) against a real server and Chromium.
export default defineConfig({
  test: {
    // Files side by side in the unit, API and web projects: vitest's default (cores − 1) ran them
    // one at a time on a 2-core machine, where an API file waits on PostgreSQL for much of its
    // time (decision 073). The e2e project runs after them, one file at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // Property tests and renders take seconds on a loaded machine (pricing's took 4 s alone, at
      // load 13): vitest's 5 s default failed them beside other files.
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], testTimeout: 30_000 } },
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          exclude: API_MOCKING,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One migrated database per engine, copied for each app a file builds, and the files of
          // a worker in one module graph: the app's modules imported and its schemas compiled
          // once per worker, not once per file (decision 084). Each file still has databases of
          // its own; a file that mocks a module runs isolated (api-isolated).
          globalSetup: ['apps/api/test/global-setup.ts'],
          isolate: false,
        },
      },
      {
        test: {
          name: 'api-isolated',
          include: API_MOCKING,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['apps/api/test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/app/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/tests/e2e/**/*.e2e.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page that loads in the browser (clientLoader) can take more than expect.poll's default
          // second on a busy machine; a poll still passes the moment its value is there.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
          // One file at a time, each with a shop of its own, started while the file before ran.
          globalSetup: ['apps/web/tests/e2e/shop-pool.ts'],
        },
      },
    ],
  },
});

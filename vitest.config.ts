import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const json = process.env.VITEST_JSON;

/** Files that stand in for a browser by putting `window` and `document` on the global object. */
const BROWSER_GLOBALS = ['test/web/**/*.int.test.ts'];
const BROWSER = ['test/e2e/**/*.e2e.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Browser tests wait on Chromium, a process of its own; vitest's default of one worker per core but one
    // would leave a two-core machine running one test file at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Files share their worker processes: a fresh process that loads the runner, the AWS SDK, aws-cdk-lib
    // and Playwright again for each file cost more than most files take to run. Each file starts and stops
    // its own servers and stores and restores what it changes in process.env.
    isolate: false,
    reporters: json ? ['default', ['json', { outputFile: json }]] : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...BROWSER_GLOBALS, ...BROWSER],
        },
      },
      // Globals a file adds would reach every file after it in the same process.
      { extends: true, test: { name: 'browser-globals', include: BROWSER_GLOBALS, isolate: true } },
      // One Chromium for every browser test file of the run, started only when one of them runs.
      {
        extends: true,
        test: { name: 'e2e', include: BROWSER, globalSetup: ['test/e2e/support/shared-chromium.ts'] },
      },
    ],
  },
});

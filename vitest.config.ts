import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const json = process.env.VITEST_JSON;

/** Files that touch nothing outside their own objects: no environment, globals, sockets or files. */
const PURE = ['test/shared/**/*.test.ts', 'test/web/**/*.unit.test.ts', 'test/infra/**/*.test.ts'];
const BROWSER = ['test/e2e/**/*.e2e.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Browser tests wait on Chromium, a process of its own; vitest's default of one worker per core but one
    // would leave a two-core machine running one test file at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: json ? ['default', ['json', { outputFile: json }]] : ['default'],
    projects: [
      // Pure files share their worker processes: a fresh process and a fresh aws-cdk-lib for each file
      // cost more than most of them take to run.
      { extends: true, test: { name: 'pure', include: PURE, isolate: false } },
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...PURE, ...BROWSER],
        },
      },
      // One Chromium for every browser test file of the run, started only when one of them runs.
      {
        extends: true,
        test: { name: 'e2e', include: BROWSER, globalSetup: ['test/e2e/support/shared-chromium.ts'] },
      },
    ],
  },
});

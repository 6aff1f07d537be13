import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const json = process.env.VITEST_JSON;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Browser tests wait on Chromium, a process of its own; vitest's default of one worker per core but one
    // would leave a two-core machine running one test file at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: json ? ['default', ['json', { outputFile: json }]] : ['default'],
  },
});

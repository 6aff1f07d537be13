import { defineConfig } from 'vitest/config';

const json = process.env.VITEST_JSON;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: json ? ['default', ['json', { outputFile: json }]] : ['default'],
  },
});

import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS } from './browser.js';
import { chromiumPath } from './chromium.js';
import { ensureWebBuilt } from './web-build.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's Chromium listens for Playwright, or why there is none (said by the first phone). */
    chromium: { wsEndpoint: string } | { error: string };
  }
}

/**
 * One Chromium for the whole run, launched before the browser test files and closed after the last:
 * launching and closing one per file cost each file seconds. Each file connects to it and opens isolated
 * contexts of its own, closed when the file ends. The web build is checked here once as well.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await ensureWebBuilt();
  let executablePath: string;
  try {
    executablePath = chromiumPath('shell');
  } catch (error) {
    project.provide('chromium', { error: (error as Error).message });
    return async () => undefined;
  }
  const server = await chromium.launchServer({ executablePath, headless: true, args: CHROMIUM_ARGS });
  project.provide('chromium', { wsEndpoint: server.wsEndpoint() });
  return () => server.close();
}

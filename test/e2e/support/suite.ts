import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Phase } from '../../../shared/index.js';
import { launchBrowser, newPhone } from './browser.js';
import { type Stack, startStack } from './stack.js';

export interface Suite {
  /** The local server (started before the file's tests). */
  readonly stack: Stack;
  /** Where the app is served: `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** A new phone — an isolated browser context, 390 × 844 — in Chromium, launched on first use. */
  phone(locale?: string): Promise<Page>;
  /** Ends the current step of the room with this code as its timer would, at once; the step it is in then. */
  jumpToDeadline(code: string): Promise<Phase>;
}

/**
 * The stack and the browser for one test file: call it in the `describe` block. The server starts before
 * the file's tests and stops after them; Chromium starts with the first phone (a file that brings its own
 * profile never launches it) and closes after the tests.
 */
export function useStack(): Suite {
  let stack: Stack | undefined;
  let browser: Promise<Browser> | undefined;

  beforeAll(async () => {
    stack = await startStack();
  }, 120_000);

  afterAll(async () => {
    await browser?.then(
      (b) => b.close(),
      () => undefined,
    );
    await stack?.close();
  });

  const started = (): Stack => {
    if (!stack) throw new Error('useStack(): the stack starts in beforeAll; use it inside a test');
    return stack;
  };
  return {
    get stack() {
      return started();
    },
    get url() {
      return started().url;
    },
    jumpToDeadline: (code) => started().jumpToDeadline(code),
    async phone(locale) {
      browser ??= launchBrowser();
      return newPhone(await browser, locale);
    },
  };
}

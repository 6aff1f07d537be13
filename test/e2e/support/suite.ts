import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Phase } from '../../../shared/index.js';
import { newPhone } from './browser.js';
import { type Stack, startStack } from './stack.js';

export interface Suite {
  /** The local server (started before the file's tests). */
  readonly stack: Stack;
  /** Where the app is served: `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** A new phone — an isolated browser context, 390 × 844 — in the run's Chromium. */
  phone(locale?: string): Promise<Page>;
  /** Ends the current step of the room with this code as its timer would, at once; the step it is in then. */
  jumpToDeadline(code: string): Promise<Phase>;
}

/** The Chromium the run shares (`shared-chromium.ts`), reached over Playwright's socket. */
function connectBrowser(): Promise<Browser> {
  const shared = inject('chromium');
  if ('error' in shared) return Promise.reject(new Error(shared.error));
  return chromium.connect(shared.wsEndpoint);
}

/**
 * The stack and the browser for one test file: call it in the `describe` block. The server starts before
 * the file's tests and stops after them; the file connects to the run's Chromium with its first phone (a
 * file that brings its own profile never does) and its phones close after the tests.
 */
export function useStack(): Suite {
  let stack: Stack | undefined;
  let browser: Promise<Browser> | undefined;

  beforeAll(async () => {
    stack = await startStack();
  }, 120_000);

  afterAll(async () => {
    // Closing a connected browser closes the contexts this file opened and leaves Chromium to the others.
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
      browser ??= connectBrowser();
      return newPhone(await browser, locale);
    },
  };
}

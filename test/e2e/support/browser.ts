import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { chromiumPath } from './chromium.js';

/** The flags stack.md found to work offline on these machines. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/** A phone: 390 × 844 CSS pixels (the screenshots' size), English unless a test says otherwise. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  locale: 'en-GB',
  reducedMotion: 'reduce' as const,
};

const artifacts = fileURLToPath(new URL('../../artifacts/', import.meta.url));

/**
 * A Chromium of its own with a fresh profile folder, for a test that needs the profile itself (service
 * worker, installability); everything else opens isolated contexts on the run's shared Chromium
 * (`shared-chromium.ts`). Playwright's `launch` refuses `--user-data-dir`, hence a persistent context.
 */
export async function launchProfile(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'sc-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    ...PHONE,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Phones leave the service worker to the PWA test's own profile: precaching the app in every one is load. */
export async function newPhone(browser: Browser, locale = PHONE.locale): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, locale, serviceWorkers: 'block' });
  return context.newPage();
}

/** A screenshot of the whole page, as a phone of 390 × 844 shows it, into test/artifacts (git-ignored). */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: false });
}

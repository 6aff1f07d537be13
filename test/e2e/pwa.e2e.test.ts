import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchProfile, shot } from './support/browser.js';
import { useStack } from './support/suite.js';

describe('the installable app', () => {
  // A Chromium with a profile of its own (service worker, installability), not the suite's phones.
  const e2e = useStack();
  let profile: Awaited<ReturnType<typeof launchProfile>>;

  beforeAll(async () => {
    profile = await launchProfile();
  }, 60_000);

  afterAll(async () => {
    await profile?.close();
  });

  it('is installable, runs under its service worker, and opens offline to its shell', async () => {
    const page = profile.context.pages()[0] ?? (await profile.context.newPage());
    await page.goto(e2e.url);
    await page.getByText('Host a game').waitFor();

    // The service worker installs, precaches the shell and takes control of this page (clientsClaim).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
        timeout: 15_000,
      })
      .toMatch(/\/sw\.js$/);

    const cdp = await profile.context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.url).toMatch(/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    // Detached before going offline: with our own CDP session still attached, Playwright's offline
    // emulation did not reach navigator.onLine in this Chromium.
    await cdp.detach();

    // Offline: a reload and a join link both come from the precache, and the app says it is offline.
    // The banner is checked before the reload: this Chromium's offline emulation does not outlive a reload of
    // a persistent profile (navigator.onLine reads true again while every request still fails).
    await profile.context.setOffline(true);
    await page.getByText('You are offline.', { exact: false }).waitFor();
    await shot(page, 'offline');
    await page.reload();
    await page.getByText('Host a game').waitFor();
    await page.goto(`${e2e.url}/?code=ABCD`);
    await expect.poll(() => page.locator('#code').inputValue()).toBe('ABCD');
    await profile.context.setOffline(false);
    await page.getByText('You are offline.', { exact: false }).waitFor({ state: 'hidden' });
  }, 120_000);
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, newPhone, shot } from './support/browser.js';
import { createRoom } from './support/host.js';
import { Phone } from './support/phone.js';
import { type Stack, startStack } from './support/stack.js';

describe('a dropped connection', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('says it is reconnecting, comes back by itself and resumes the same seat', async () => {
    const host = await newPhone(browser);
    const code = await createRoom(host, stack.url, 'Host');
    const ann = new Phone(await newPhone(browser), 'Ann');
    await ann.join(stack.url, code);

    // The server goes away (a deploy, a laptop's sleep): every socket drops at once.
    const stopped = stack.server.close();
    await ann.page.getByText('Reconnecting…').waitFor();
    await shot(ann.page, 'reconnecting');
    await stopped;
    await stack.restart();

    // Back with backoff: the banner goes, and both phones get what happens next.
    await ann.page.getByText('Reconnecting…').waitFor({ state: 'hidden', timeout: 30_000 });
    await host.getByText('Reconnecting…').waitFor({ state: 'hidden', timeout: 30_000 });
    const ben = new Phone(await newPhone(browser), 'Ben');
    await ben.join(stack.url, code);
    await ann.page.getByText('Players: 2').waitFor();
    await host.getByText('Players: 2').waitFor();
    await ann.page
      .locator('sc-seat-grid')
      .getByRole('button', { name: /Seat 1, Ann, you/ })
      .waitFor();
  }, 120_000);
});

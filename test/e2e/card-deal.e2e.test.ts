import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, shot } from './support/browser.js';
import { Phone } from './support/phone.js';
import { type Stack, startStack } from './support/stack.js';

describe('dealing by face-down cards', () => {
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

  it('lets each player pick his own card on his phone, in turn', async () => {
    const host = await newPhone(browser);
    await host.goto(stack.url);
    await host.locator('#host-name').fill('Host');
    await host.locator('sc-settings-form #f-dealing').selectOption('cards');
    await host.getByRole('button', { name: 'Create the room' }).click();
    const code = ((await host.locator('sc-lobby-page .code').textContent()) ?? '').trim();
    const phones: Phone[] = [];
    for (const name of ['Ada', 'Ben', 'Cy', 'Dee']) {
      const p = new Phone(await newPhone(browser), name);
      await p.join(stack.url, code);
      phones.push(p);
    }
    await host.getByRole('button', { name: 'Start the game' }).click();

    for (const [i, p] of phones.entries()) {
      await p.page.getByText('Your turn: pick a card.').waitFor();
      if (i === 1) await shot(p.page, 'cards');
      const free = p.page.locator('sc-card-table button:not([disabled])');
      expect(await free.count()).toBe(4 - i);
      await free.first().click();
      if (i < phones.length - 1) await p.page.getByText('is picking a card.').waitFor();
    }
    // Every card is taken: the roles are dealt and the game begins with day 1 (one mafioso, no introduction).
    for (const p of phones) await p.waitForPhase('Day 1');
    const roles = await Promise.all(phones.map((p) => p.readRole()));
    expect(roles.filter((r) => r === 'mafia')).toHaveLength(1);
  }, 120_000);
});

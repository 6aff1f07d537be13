import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { joinInTurn } from './support/phone.js';
import { useStack } from './support/suite.js';

describe('dealing by face-down cards', () => {
  const e2e = useStack();

  it('lets each player pick his own card on his phone, in turn', async () => {
    const host = await e2e.phone();
    await host.goto(e2e.url);
    await host.locator('#host-name').fill('Host');
    await host.locator('sc-settings-form #f-dealing').selectOption('cards');
    await host.getByRole('button', { name: 'Create the room' }).click();
    const code = ((await host.locator('sc-lobby-page .code').textContent()) ?? '').trim();
    const phones = await joinInTurn(['Ada', 'Ben', 'Cy', 'Dee'], () => e2e.phone(), e2e.url, code);
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

import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { createRoom, seatGuests } from './support/host.js';
import { joinInTurn } from './support/phone.js';
import { useStack } from './support/suite.js';

describe('dealing the roles', () => {
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

  it('tells the host, for each player without a phone, how his card reaches him', async () => {
    // Given a narrator's room dealt by face-down cards, and a moderator's
    const narrator = await e2e.phone();
    await createRoom(narrator, e2e.url, 'Host', { master: 'narrator', dealing: 'cards' });
    // When the host seats two players who have no phone
    await seatGuests(narrator, ['Gus', 'Hal']);
    // Then the lobby says, for each, that his turn's time deals him a card and the host passes his phone
    for (const who of ['1 · Gus', '2 · Hal'])
      await narrator
        .getByText(
          `${who} has no phone: when his turn at the deal runs out he gets the first free card, and at night 0 you pass him your phone to see it.`,
        )
        .waitFor();
    await shot(narrator, 'lobby-phoneless-cards');
    const judge = await e2e.phone();
    await createRoom(judge, e2e.url, 'Judge', { preset: 'classic', master: 'moderator', dealing: 'cards' });
    await seatGuests(judge, ['Ida']);
    await judge
      .getByText(
        '1 · Ida has no phone: at the deal you pick his card for him, and at night 0 you pass him your phone to see it.',
      )
      .waitFor();
  }, 60_000);

  it('by hand, offers only the roles these rules deal', async () => {
    // Given an online room dealt by hand, with two players seated
    const host = await e2e.phone();
    await createRoom(host, e2e.url, 'Host', { dealing: 'manual' });
    await seatGuests(host, ['Ada', 'Ben']);
    // When the host opens a seat's choice of role
    const offered = await host.locator('#as-1 option').allTextContents();
    // Then the table's roles are there, and none of the forum game's own
    expect(offered).toEqual(expect.arrayContaining(['Civilian', 'Mafioso', 'Don', 'Sheriff']));
    for (const forumOnly of ['Mafia journalist']) expect(offered).not.toContain(forumOnly);
  }, 60_000);
});

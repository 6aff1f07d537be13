import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { disqualify } from './support/host.js';
import { Phone } from './support/phone.js';
import { startSixSeats } from './support/six-seats.js';
import { useStack } from './support/suite.js';

/** The header's count of spectators, as this phone shows it (an eye and the number, labelled in words). */
const watching = (page: Page, count: number) =>
  page
    .locator(`sc-audience-count [title="${count} watching"]`)
    .getByText(String(count), { exact: true })
    .waitFor();

describe('a late comer watches the game as a spectator', () => {
  const e2e = useStack();

  it('opens the join link of a game under way, is counted by the table, watches the day with no role shown, reloads, sees the game end and follows the rematch', async () => {
    const { host, code, ann } = await startSixSeats(e2e);
    await expect(ann.readRole()).resolves.toBe('mafia');

    // Vera comes late: her join finds no open room, and she is offered to watch instead.
    const vera = await e2e.phone();
    await vera.goto(`${e2e.url}/#/join/${code}`);
    await vera.locator('#join-name').fill('Vera');
    await vera.getByRole('button', { name: 'Join', exact: true }).click();
    await vera.getByText('If its game is under way, you can watch it.').waitFor();
    // and is not told at the same time that there is no such game.
    await expect(vera.getByText('No game with that code.').count()).resolves.toBe(0);
    await vera.getByRole('button', { name: 'Watch the game' }).click();
    await vera.getByText('You are watching: you see what the whole table sees, and no role.').waitFor();
    expect(vera.url()).toMatch(/#\/game\/[^/]+\/watch$/);
    // The table sees it is watched: a player's phone, the host's desk and her own screen show the count.
    for (const page of [ann.page, host, vera]) await watching(page, 1);

    // The day comes; she sees the table, and no role on it.
    let phase = await e2e.jumpToDeadline(code);
    while (phase.kind !== 'day') phase = await e2e.jumpToDeadline(code);
    const watcher = new Phone(vera, 'Vera');
    await watcher.waitForPhase('Day 1');
    const grid = vera.locator('sc-seat-grid');
    await grid.getByText('Carmen').waitFor();
    for (const role of ['Mafioso', 'Don', 'Sheriff']) expect(await grid.getByText(role).count()).toBe(0);
    expect(await vera.locator('sc-action-bar, sc-role-card, sc-night-panel').count()).toBe(0);

    // The table's chat reaches her; she has no way to write in it.
    const chat = ann.page.locator('sc-chat-panel');
    await chat.getByLabel('Message').fill('Good morning, town');
    await chat.getByRole('button', { name: 'Send' }).click();
    await vera.locator('sc-chat-panel').getByText('Good morning, town').waitFor();
    expect(await vera.locator('sc-chat-panel').getByLabel('Message').count()).toBe(0);
    await shot(vera, 'spectator-day');

    // A reload keeps her watching: the spectator's session is kept like a seat's.
    await vera.reload();
    await watcher.waitForPhase('Day 1');
    await vera.getByText('You are watching: you see what the whole table sees, and no role.').waitFor();

    // Two civilians are disqualified: the mafia has parity and wins; she sees every role and the story.
    await disqualify(host, 4, 'Left the table');
    await disqualify(host, 5, 'Left the table');
    await watcher.waitForPhase('Game over');
    await vera.getByText('You watched this game. Here is how it went.').waitFor();
    await vera.locator('sc-game-story').getByRole('heading', { name: 'Night by night' }).waitFor();
    await grid.getByText('Mafioso').waitFor();
    await grid.getByText('Sheriff').waitFor();

    // The finished game's code is freed: nobody watches it through the code any more.
    const late = await e2e.phone();
    await late.goto(`${e2e.url}/#/join/${code}`);
    await late.getByRole('button', { name: 'Watch without playing' }).click();
    await late.getByText('No game with that code.').waitFor();
    expect(late.url()).not.toMatch(/\/watch$/);

    // The host opens a rematch: Vera's screen follows to the new room's lobby, and she is counted there.
    const oldGame = vera.url();
    await host.getByRole('button', { name: 'Play again: same players, seats and settings' }).click();
    await vera.getByText('Waiting for the host to start.').waitFor();
    expect(vera.url()).toMatch(/#\/game\/[^/]+\/watch$/);
    expect(vera.url()).not.toBe(oldGame);
    await ann.page.getByText('Waiting for the host to start.').waitFor();
    for (const page of [ann.page, host, vera]) await watching(page, 1);
    await shot(ann.page, 'rematch-watched');

    // The old code now leads whoever comes to watch to the rematch.
    await late.getByRole('button', { name: 'Watch without playing' }).click();
    await late.getByText('Waiting for the host to start.').waitFor();
    for (const page of [ann.page, vera, late]) await watching(page, 2);
  }, 180_000);
});

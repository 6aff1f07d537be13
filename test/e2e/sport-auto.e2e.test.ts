import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { createRoom, disqualify, pointsOf, rosterRow, seatGuests } from './support/host.js';
import { joinInTurn } from './support/phone.js';
import { useStack } from './support/suite.js';

/** Seats 1–5 play on their phones; 6–10 are seated by the host and let their turns pass. */
const PLAYERS = ['Ann', 'Boris', 'Carmen', 'Dmitri', 'Elena'];
const GUESTS = ['Fedor', 'Galina', 'Hristo', 'Irina', 'Jakub'];

/** Short turns for the seats without phones; the nights end as soon as everyone has acted. */
const TIMERS = { intro: 2, speech: 1, mafia: 30, night: 30, lastWordNight: 60, lastWord: 5 };

describe('a sport game with the automatic game master', () => {
  const e2e = useStack();

  it('offers the first player killed the best move; a player gives up; the host disqualifies', async () => {
    const host = await e2e.phone();
    const code = await createRoom(host, e2e.url, 'Judge', {
      preset: 'sport',
      master: 'auto',
      dealing: 'manual',
      timers: TIMERS,
    });
    const phones = await joinInTurn(PLAYERS, () => e2e.phone(), e2e.url, code);
    await seatGuests(host, GUESTS);
    await host.getByText('Players: 10').waitFor();
    // The Don and two mafiosi on 2–4, the Sheriff on 5; everyone else is a civilian.
    const deal = { 2: 'don', 3: 'mafia', 4: 'mafia', 5: 'sheriff' };
    for (const [seat, role] of Object.entries(deal)) await host.locator(`#as-${seat}`).selectOption(role);
    await shot(host, 'lobby-sport-auto');
    await host.getByRole('button', { name: 'Start the game' }).click();
    const [ann, don, m1, m2, sheriff] = phones;
    await expect(don.readRole()).resolves.toBe('don');
    await expect(sheriff.readRole()).resolves.toBe('sheriff');

    // Day 1 passes without nominations (sport votes from two candidates on day 1); night 1: Ann is shot.
    let phase = await e2e.jumpToDeadline(code);
    while (phase.kind !== 'night') phase = await e2e.jumpToDeadline(code);
    await don.waitForPhase('Night 1');
    for (const p of [m1, m2, don]) await p.target(1);
    await don.page.getByText('Shoot: 1 · Ann — done.').waitFor();
    await don.target(5);
    await sheriff.target(2);

    // Ann's last word: she names three players for the best move, all three black.
    await ann.waitForPhase('Day 2', 'Last word');
    await ann.page.getByText('Name three players you believe are mafia').waitFor();
    for (const seat of [2, 3, 4]) await ann.tile(seat).click();
    await ann.page.getByText('Chosen 3 of 3').waitFor();
    await shot(ann.page, 'best-move');
    await ann.page.getByRole('button', { name: 'Name: 2 · Boris, 3 · Carmen, 4 · Dmitri' }).click();
    await ann.page.getByText('Named: 2 · Boris, 3 · Carmen, 4 · Dmitri').waitFor();
    await shot(ann.page, 'best-move-made');
    await ann.endSpeech();

    // The host holds the clock while the table sorts itself out.
    await host.locator('sc-phase-bar .step', { hasText: 'Speech' }).waitFor();
    await host.getByRole('button', { name: 'Pause' }).click();
    await host.getByRole('button', { name: 'Resume' }).waitFor();

    // The Sheriff gives up, after a question whose first answer is to stay.
    const leave = sheriff.page.getByRole('button', { name: 'Give up' });
    await leave.scrollIntoViewIfNeeded();
    await shot(sheriff.page, 'give-up-key');
    await leave.click();
    const ask = sheriff.page.getByRole('dialog', { name: 'Leave the game?' });
    await ask.waitFor();
    expect(
      await ask.getByRole('button', { name: 'Stay in the game' }).evaluate((b) => b.matches(':focus')),
    ).toBe(true);
    await shot(sheriff.page, 'give-up');
    await ask.getByRole('button', { name: 'Give up' }).click();
    await sheriff.page.getByText('You are out of the game.', { exact: false }).waitFor();
    await rosterRow(host, 5).locator('.meta', { hasText: 'gave up' }).waitFor();

    // The host of an automatic room judges too: two disqualifications leave three against three.
    await disqualify(host, 7, 'Showed his card');
    await disqualify(host, 8, 'Left the table');
    await ann.waitForPhase('Game over');
    await shot(host, 'host-auto-over');
    await expect.poll(() => ann.page.locator('sc-results-panel .winner').textContent()).toBe('Mafia wins!');
    await expect.poll(() => pointsOf(ann.page, 1)).toBe('0.5');
    await expect.poll(() => pointsOf(ann.page, 5)).toBe('-0.5');
    await ann.page.getByRole('link', { name: 'Game sheet' }).click();
    await ann.page.getByText('Best move by 1 · Ann: 2, 3, 4').waitFor();
  }, 150_000);
});

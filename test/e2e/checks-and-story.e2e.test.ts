import { describe, expect, it } from 'vitest';
import { SLOW_ONLINE } from '../support/local-table.js';
import { GameClient } from '../support/ws-client.js';
import { shot } from './support/browser.js';
import { disqualify } from './support/host.js';
import { joinInTurn } from './support/phone.js';
import { startSixSeats } from './support/six-seats.js';
import { useStack } from './support/suite.js';

describe('checks kept in view, the story after the game, the dead seeing every role', () => {
  const e2e = useStack();

  it("the Sheriff's check that ends the night is still on his screen in the morning", async () => {
    const { host, code, ann, boris, carmen } = await startSixSeats(e2e, [
      'Players who are out see every role',
    ]);
    await expect(carmen.readRole()).resolves.toBe('sheriff');

    // The introduction night and a quiet day 1 pass on the clock.
    let phase = await e2e.jumpToDeadline(code);
    while (phase.kind !== 'night' || phase.round !== 1) phase = await e2e.jumpToDeadline(code);

    // Night 1: the mafia shoots the Sheriff, the Don finds him; the Sheriff's own check is the night's last move.
    await carmen.waitForPhase('Night 1');
    for (const p of [ann, boris]) await p.target(3);
    await boris.page.getByText('Shoot: 3 · Carmen — done.').waitFor();
    await boris.target(3);
    await carmen.target(2);

    // The night ended on that tap: the morning keeps the answer, and "My checks" lists it for the game.
    await carmen.waitForPhase('Day 2');
    const mine = carmen.page.locator('sc-my-checks');
    await mine.getByText('Last night: 2 · Boris is black (mafia)').waitFor();
    await mine.getByRole('heading', { name: 'My checks' }).waitFor();
    await boris.page.locator('sc-my-checks').getByText('Last night: 3 · Carmen is the Sheriff').waitFor();
    expect(await ann.page.locator('sc-my-checks').getByRole('heading').count()).toBe(0);
    // Nothing of the page's markup leaks out as text (a stray binding once printed ".names=[object Object]").
    expect(await carmen.page.getByText('[object Object]').count()).toBe(0);
    await shot(carmen.page, 'my-checks-morning');

    // The host let the dead see every role: Carmen, shot, sees them all; Ann, alive, only her team.
    await carmen.page.locator('sc-seat-grid').getByText('Mafioso').waitFor();
    await carmen.page.locator('sc-seat-grid').getByText('Don').waitFor();
    expect(await ann.page.locator('sc-seat-grid').getByText('Sheriff').count()).toBe(0);

    // Two civilians are disqualified: after Carmen's last word the mafia wins, and everyone reads the story.
    await disqualify(host, 4, 'Left the table');
    await disqualify(host, 5, 'Left the table');
    await carmen.endSpeech();
    await ann.waitForPhase('Game over');
    const story = ann.page.locator('sc-game-story');
    await story.getByRole('heading', { name: 'Night by night' }).waitFor();
    await story.getByText('3 · Carmen (Sheriff) — Check, target 2 · Boris: black (mafia)').waitFor();
    await story.getByText('2 · Boris (Don) — Check, target 3 · Carmen: the Sheriff').waitFor();
    await story.getByText('Out of the game: 3 · Carmen').waitFor();
    await story.getByText('4 · Dora left the game: disqualified').waitFor();
    await story.scrollIntoViewIfNeeded();
    await shot(ann.page, 'game-story');
  }, 150_000);

  it("the Doctor's heal stays on his screen the whole next day", async () => {
    // given four phones — mafioso 1, Doctor 2, civilians 3 and 4 — at night 1
    const host = await GameClient.open(e2e.stack.server.wsUrl);
    const { code } = await host.create({ ...SLOW_ONLINE, dealing: 'manual' });
    const [ann, bob, cleo] = await joinInTurn(
      ['Ann', 'Bob', 'Cleo', 'Dan'],
      () => e2e.phone(),
      e2e.url,
      code,
    );
    for (const [seat, role] of [
      [1, 'mafia'],
      [2, 'doctor'],
    ] as const)
      expect((await host.command({ type: 'assignRole', seat, role })).type).toBe('ack');
    expect((await host.command({ type: 'start' })).type).toBe('ack');
    let phase = await e2e.jumpToDeadline(code);
    while (phase.kind !== 'night') phase = await e2e.jumpToDeadline(code);

    // when the mafia shoots Cleo and the Doctor heals her
    await ann.target(3);
    await bob.target(3);

    // then the morning keeps what he did, and so does the rest of the day
    await bob.waitForPhase('Day 2', 'Discussion');
    const mine = bob.page.locator('sc-my-checks');
    await mine.getByRole('heading', { name: 'My night moves' }).waitFor();
    await mine.getByText('Last night: Heal — 3 · Cleo').waitFor();
    await shot(bob.page, 'doctor-morning');
    await cleo.target(4);
    await e2e.jumpToDeadline(code);
    await bob.waitForPhase('Day 2', 'Vote');
    await mine.getByText('Night 1: Heal — 3 · Cleo').waitFor();
    // and nobody else is told of it
    expect(await ann.page.locator('sc-my-checks').getByRole('heading').count()).toBe(0);
    expect(await cleo.page.getByText('Heal —').count()).toBe(0);
    await host.close();
  }, 150_000);

  it('tells a player the judge removes how he left and why', async () => {
    // given a classic table on day 1, Ann playing on her phone
    const { host, code, ann } = await startSixSeats(e2e);
    let phase = await e2e.jumpToDeadline(code);
    while (phase.kind !== 'day') phase = await e2e.jumpToDeadline(code);
    await ann.waitForPhase('Day 1');
    // when the host disqualifies her with a reason
    await disqualify(host, 1, 'Phone under the table');
    // then her phone says she was disqualified, and the reason
    await ann.page.getByText('You are out of the game. You can watch to the end.').waitFor();
    await ann.page.getByText('You left the game: disqualified.').waitFor();
    await ann.page.getByText('Reason: Phone under the table').waitFor();
    await shot(ann.page, 'player-disqualified');
  }, 150_000);
});

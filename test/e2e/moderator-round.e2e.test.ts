import { describe, expect, it } from 'vitest';
import { GameClient } from '../support/ws-client.js';
import { shot } from './support/browser.js';
import { chooseDeal, createRoom, rolesOnDesk, seatGuests } from './support/host.js';
import { joinInTurn } from './support/phone.js';
import { useStack } from './support/suite.js';

const NAMES = ['Ana', 'Bogdan', 'Chiril', 'Doina', 'Emil', 'Florin'];

describe('a live table recorded by its moderator', () => {
  const e2e = useStack();

  it('seats the table, records a day and a night from the host screen, with undo and a foul', async () => {
    const host = await e2e.phone();
    await createRoom(host, e2e.url, 'Moderator', { master: 'moderator' });
    await seatGuests(host, NAMES);
    await chooseDeal(host, 'random');
    await shot(host, 'moderator-lobby');
    await host.getByRole('button', { name: 'Start the game' }).click();

    // The introduction night: the desk names the mafia; the moderator moves on.
    await host.locator('sc-phase-bar h1', { hasText: 'Night 0' }).waitFor();
    const roles = await rolesOnDesk(host);
    const seatOf = (role: string) => [...roles].find(([, r]) => r === role)?.[0] as number;
    const civilians = [...roles].filter(([, r]) => r === 'Civilian').map(([s]) => s);
    const [don, sheriff, mafioso] = [seatOf('Don'), seatOf('Sheriff'), seatOf('Mafioso')];
    await shot(host, 'moderator-intro');
    const next = host.getByRole('button', { name: 'Next step' });
    await next.click();

    // Day 1: a nomination by the mafioso, the votes of every seat, one foul.
    await host.locator('sc-phase-bar .step', { hasText: 'Discussion' }).waitFor();
    const [c1, c2] = civilians;
    const desk = host.locator('sc-day-recorder');
    await desk
      .getByRole('button', { name: new RegExp(`^${mafioso} `) })
      .first()
      .click();
    await desk.getByRole('button', { name: new RegExp(`^Nominate ${c1} `) }).click();
    await host
      .locator('sc-host-page')
      .getByText(`${c1} · ${NAMES[c1 - 1]}, by ${mafioso}`)
      .waitFor();
    await host.getByRole('button', { name: `Foul for ${c2} · ${NAMES[c2 - 1]}` }).click();
    await host.locator('sc-seat-roster').getByText('fouls: 1').waitFor();
    await shot(host, 'moderator-day');
    await next.click();
    await host.locator('sc-phase-bar .step', { hasText: 'Vote' }).waitFor();
    // "Next step" before any vote is recorded asks first: closing it so would tie every candidate.
    await next.click();
    const ask = host.getByRole('dialog', { name: 'No votes are recorded' });
    await ask.waitFor();
    await shot(host, 'moderator-no-votes');
    await ask.getByRole('button', { name: 'Record the votes first' }).click();
    await ask.waitFor({ state: 'hidden' });
    await host.locator('sc-phase-bar .step', { hasText: 'Vote' }).waitFor();
    for (const voter of [...roles.keys()].filter((s) => s !== c1)) {
      const chip = desk
        .locator('sc-seat-chips')
        .first()
        .getByRole('button', { name: new RegExp(`^${voter} `) });
      await chip.click();
      await desk.getByRole('button', { name: new RegExp(`^Vote against ${c1} `) }).click();
      await chip.waitFor({ state: 'detached' });
    }
    await shot(host, 'moderator-votes');
    await next.click();
    await host.locator('sc-phase-bar .step', { hasText: 'Last word' }).waitFor();
    // Who holds the floor is said once on the desk, and only the desk is told its clock is advisory.
    await expect.poll(() => host.getByText('holds the floor').count()).toBe(1);
    await host.locator('sc-phase-bar').getByText('advisory').waitFor();
    await host.getByRole('button', { name: 'End the speech' }).click();

    // Night 1: the script wakes the mafia, then the Don, then the Sheriff; the shot is undone once.
    await host.locator('sc-phase-bar h1', { hasText: 'Night 1' }).waitFor();
    const script = host.locator('sc-night-script');
    await script.getByText('Wake: Mafia').waitFor();
    await script.getByRole('button', { name: new RegExp(`^Shoot ${sheriff} `) }).click();
    await script.getByText(`Recorded: ${sheriff} · ${NAMES[sheriff - 1]}`).waitFor();
    await host.getByRole('button', { name: 'Undo' }).click();
    await script.getByText('Recorded:').waitFor({ state: 'detached' });
    await script.getByRole('button', { name: new RegExp(`^Shoot ${c2} `) }).click();
    await host
      .locator('sc-night-preview')
      .getByText(`${c2} · ${NAMES[c2 - 1]}: killed`)
      .waitFor();
    await shot(host, 'moderator-night');
    await next.click();
    await script.getByText('Wake: Don').waitFor();
    await script.getByRole('button', { name: new RegExp(`^Check ${sheriff} `) }).click();
    await script
      .getByText(`${don} · ${NAMES[don - 1]} → ${sheriff} · ${NAMES[sheriff - 1]}: the Sheriff`)
      .waitFor();
    await next.click();
    await script.getByText('Wake: Sheriff').waitFor();
    await script.getByRole('button', { name: new RegExp(`^Check ${don} `) }).click();
    await script.getByText(': black (mafia)').waitFor();
    await shot(host, 'moderator-script');
    await next.click();

    // The morning shows what the moderator recorded.
    await host.locator('sc-phase-bar h1', { hasText: 'Day 2' }).waitFor();
    await host.getByText(`Night 1: ${c2} · ${NAMES[c2 - 1]} did not wake up.`).waitFor();
    const after = await rolesOnDesk(host);
    expect(after.size).toBe(6);
    await expect.poll(() => host.locator('sc-seat-roster li.out').count(), { timeout: 10_000 }).toBe(2);
  }, 180_000);

  it('shows a player at a moderated table the clock without calling it advisory', async () => {
    // given a moderated room with one player on his own phone, in its first step
    const host = await GameClient.open(e2e.stack.server.wsUrl);
    const { code } = await host.create({ preset: 'online', master: 'moderator', dealing: 'random' });
    const [ann] = await joinInTurn(['Ann', 'Bob', 'Cleo', 'Dan'], () => e2e.phone(), e2e.url, code);
    expect((await host.command({ type: 'start' })).type).toBe('ack');
    // then his phase bar counts down, and the word "advisory" is the judge's alone
    await ann.page.locator('sc-phase-clock [role="timer"]').waitFor();
    expect(await ann.page.locator('sc-phase-bar').getByText('advisory').count()).toBe(0);
    await host.close();
  }, 120_000);
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { createRoom, rosterRow } from './support/host.js';
import { joinInTurn, type Phone } from './support/phone.js';
import { useStack } from './support/suite.js';

/*
 * Two controls the phone (390 px wide) now shows because the view's `may` says the game takes them, where it
 * used to reckon them from the settings and hide them.
 */

const NAMES = ['Ann', 'Boris', 'Carmen', 'Dmitri', 'Elena'];
const TIMERS = { intro: 30, mafia: 30, night: 30, discussion: 60, vote: 30, lastWord: 30, lastWordNight: 30 };

/** Ends steps at their deadlines until the game is in the phase (and step) asked for, then waits for the phone. */
async function jumpUntil(
  e2e: ReturnType<typeof useStack>,
  code: string,
  phone: Phone,
  kind: 'day' | 'night',
  round: number,
  stage?: string,
): Promise<void> {
  const title = `${kind === 'day' ? 'Day' : 'Night'} ${round}`;
  await phone.page.locator('sc-phase-bar h1', { hasText: /^(Day|Night) / }).waitFor();
  // A small table may open straight on the first day.
  if (((await phone.page.locator('sc-phase-bar h1').textContent()) ?? '').includes(title)) return;
  for (let i = 0; i < 12; i++) {
    const phase = await e2e.jumpToDeadline(code);
    if (phase.kind === kind && phase.round === round && (stage === undefined || phase.stage === stage)) break;
  }
  await phone.waitForPhase(title);
}

describe('controls the view allows, on a phone', () => {
  const e2e = useStack();

  it('B9 with replaceNomination: a player who has nominated is offered a second nomination, and it replaces his first', async () => {
    // given an online room whose house lets a new nomination replace the old
    const host: Page = await e2e.phone();
    const code = await createRoom(host, e2e.url, 'Hostess', { timers: TIMERS });
    await host.locator('summary', { hasText: 'Settings' }).click();
    await host.locator('sc-settings-form').getByText('Day and votes').click();
    await host
      .locator('sc-settings-form')
      .getByLabel('A new nomination replaces the player’s earlier one')
      .check();
    const phones = await joinInTurn(NAMES, () => e2e.phone(), e2e.url, code);
    await host.getByText(`Players: ${NAMES.length}`).waitFor();
    await host.getByRole('button', { name: 'Start the game' }).click();
    const [ann] = phones;
    await jumpUntil(e2e, code, ann, 'day', 1, 'discussion');

    // when Ann nominates Boris, then she is still offered a nomination, and Boris's tile is no longer a target
    await ann.target(2);
    await ann.page.getByText('2 · Boris, by 1').waitFor();
    await ann.page.getByText('Tap a player to put them up for the vote.').waitFor();
    // and when she nominates Carmen, Carmen's nomination takes the place of Boris's
    await ann.target(3);
    await ann.page.getByText('3 · Carmen, by 1').waitFor();
    await expect.poll(() => ann.page.getByText('2 · Boris, by 1').count()).toBe(0);
    await shot(ann.page, 'replace-nomination');
  }, 180_000);

  it('A3, C14: once the mafia is gone, the awakened Werewolf is asked about the mafia microphone at night', async () => {
    // given a role game run by the app, seat 1 the mafioso, seat 2 the Werewolf, the rest civilians
    const host: Page = await e2e.phone();
    const code = await createRoom(host, e2e.url, 'Hostess', {
      preset: 'roleGame',
      master: 'auto',
      dealing: 'manual',
      timers: TIMERS,
    });
    const phones = await joinInTurn(NAMES, () => e2e.phone(), e2e.url, code);
    await host.getByText(`Players: ${NAMES.length}`).waitFor();
    await host.locator('#as-1').selectOption('mafia');
    await host.locator('#as-2').selectOption('werewolf');
    await host.getByRole('button', { name: 'Start the game' }).click();
    const werewolf = phones[1];

    // when the mafioso is out by four fouls on the first day
    await jumpUntil(e2e, code, werewolf, 'day', 1);
    const foul = rosterRow(host, 1).getByRole('button', { name: /^Foul for 1 / });
    for (let i = 0; i < 3; i++) {
      await foul.click();
      await rosterRow(host, 1)
        .getByText(`fouls: ${i + 1}`)
        .waitFor();
    }
    await foul.click();
    await host.getByRole('button', { name: 'Yes, give the fourth foul' }).click();
    await rosterRow(host, 1)
      .getByRole('button', { name: /^Foul for 1 / })
      .waitFor({ state: 'detached' });

    // then at the next night's window the Werewolf, awake as the mafia, is asked about the microphone
    await jumpUntil(e2e, code, werewolf, 'night', 1, 'actions');
    await werewolf.page.getByText('Talk with your team? Everyone else sleeps and hears nothing.').waitFor();
    await werewolf.page.getByRole('button', { name: 'Turn the mafia microphone on' }).waitFor();
    await shot(werewolf.page, 'werewolf-mafia-mic');
    // and a civilian is asked nothing
    expect(await phones[2].page.getByText('Talk with your team?').count()).toBe(0);
  }, 180_000);
});

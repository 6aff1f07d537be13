import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RoleId } from '../../shared/roles/index.js';
import { shot } from './support/browser.js';
import { createRoom } from './support/host.js';
import { joinInTurn, type Phone } from './support/phone.js';
import { useStack } from './support/suite.js';

const NAMES = ['Ann', 'Boris', 'Carmen', 'Dmitri', 'Elena', 'Felix', 'Greta'];

/** Short timers so a whole game fits CI; a step ends early whenever everyone has acted. */
const TIMERS = { intro: 30, mafia: 30, night: 30, discussion: 12, vote: 30, lastWord: 30, lastWordNight: 30 };

describe('an online game on eight phones', () => {
  const e2e = useStack();
  let hostPage: Page;
  const phones: Phone[] = [];
  const roles = new Map<number, RoleId>();
  const seatOf = (role: RoleId) => [...roles].find(([, r]) => r === role)?.[0] as number;
  const seatsOf = (pred: (r: RoleId) => boolean) => [...roles].filter(([, r]) => pred(r)).map(([s]) => s);
  const phone = (seat: number) => phones[seat - 1];

  it('plays a whole game through the UI to a winner, with a reload mid-game', async () => {
    hostPage = await e2e.phone();
    await hostPage.goto(e2e.url);
    await hostPage.getByText('Host a game').waitFor();
    await shot(hostPage, 'home');
    const code = await createRoom(hostPage, e2e.url, 'Hostess', { timers: TIMERS });
    expect(code).toMatch(/^[A-Z0-9]{4,8}$/);

    phones.push(...(await joinInTurn(NAMES, () => e2e.phone(), e2e.url, code)));
    await hostPage.getByText('Players: 7').waitFor();
    await shot(hostPage, 'lobby-host');
    await shot(phones[0].page, 'lobby-player');

    await hostPage.getByRole('button', { name: 'Start the game' }).click();
    for (const [i, p] of phones.entries()) roles.set(i + 1, await p.readRole());
    const mafia = seatsOf((r) => r === 'mafia' || r === 'don');
    expect(mafia).toHaveLength(2);
    const don = seatOf('don');
    const soldier = seatOf('mafia');
    const sheriff = seatOf('sheriff');
    const town = seatsOf((r) => r === 'civilian');

    // The introduction night: the mafia meets and says so.
    const mafioso = phone(soldier);
    await mafioso.waitForPhase('Night 0');
    await mafioso.page.locator('sc-role-card button').hover();
    await mafioso.page.mouse.down();
    await expect
      .poll(() => mafioso.page.locator('sc-role-card .mates').textContent())
      .toContain(`${don} · ${NAMES[don - 1]}`);
    await shot(mafioso.page, 'role-card-mafia');
    await mafioso.page.mouse.up();
    await shot(mafioso.page, 'intro-night');
    for (const s of mafia) await phone(s).page.getByRole('button', { name: 'I know my team' }).click();

    // Day 1: a townsman puts the mafioso up, the mafioso a townsman; the town votes the mafioso out.
    const [t1, t2] = town;
    await phone(t1).waitForPhase('Day 1', 'Discussion');
    await phone(t1).target(soldier);
    await phone(soldier).target(t2);
    await phone(t1)
      .page.getByText(`${soldier} · ${NAMES[soldier - 1]}, by ${t1}`)
      .waitFor();
    await phone(t1).page.getByRole('textbox', { name: 'Message' }).fill('Good morning, city');
    await phone(t1).page.getByRole('button', { name: 'Send' }).click();
    await phone(t2).page.locator('sc-chat-panel').getByText('Good morning, city').waitFor();
    await shot(phone(t1).page, 'day-discussion');
    await shot(hostPage, 'host-auto-day');
    await phone(t1)
      .page.getByText(`${t2} · ${NAMES[t2 - 1]}, by ${soldier}`)
      .waitFor();
    await e2e.jumpToDeadline(code);
    await phone(t1).waitForPhase('Day 1', 'Vote');
    await shot(phone(t1).page, 'day-vote');
    for (const [seat] of roles) {
      await phone(seat).page.locator('sc-ballot-panel').waitFor();
      await phone(seat).voteAgainst(mafia.includes(seat) ? t2 : soldier);
    }
    await phone(soldier).waitForPhase('Day 1', 'Last word');
    await shot(phone(soldier).page, 'last-word');
    await phone(soldier).endSpeech();

    // Night 1: the sheriff's phone reloads and is back in his seat before he acts.
    const sheriffPhone = phone(sheriff);
    await sheriffPhone.waitForPhase('Night 1');
    await sheriffPhone.page.reload();
    await sheriffPhone.waitForPhase('Night 1');
    await expect(sheriffPhone.readRole()).resolves.toBe('sheriff');
    await expect.poll(() => sheriffPhone.tile(sheriff).getAttribute('aria-label')).toMatch(/\byou\b/);
    const victim = t2;
    const donPhone = phone(don);
    await donPhone.waitForPhase('Night 1');
    await donPhone.target(victim);
    await donPhone.page.getByText(`Shoot: ${victim} · ${NAMES[victim - 1]} — done.`).waitFor();
    await donPhone.target(sheriff);
    await shot(donPhone.page, 'night-don');
    await shot(sheriffPhone.page, 'night-sheriff');
    await sheriffPhone.target(don);
    // His check was the night's last action: the day begins, and the answer is in "My checks" and on his card.
    await sheriffPhone.waitForPhase('Day 2');
    const answer = `Night 1: ${don} · ${NAMES[don - 1]} is black (mafia)`;
    await sheriffPhone.page.locator('sc-my-checks').getByText(answer).waitFor();
    await sheriffPhone.page.locator('sc-role-card button').hover();
    await sheriffPhone.page.mouse.down();
    await sheriffPhone.page.locator('sc-role-card').getByText(answer).waitFor();
    await sheriffPhone.page.mouse.up();

    // Day 2: the morning, the victim's last word, then the town votes the Don out and wins.
    await phone(t1).waitForPhase('Day 2');
    await phone(t1)
      .page.getByText(`Night 1: ${victim} · ${NAMES[victim - 1]} did not wake up.`)
      .waitFor();
    await shot(phone(t1).page, 'morning');
    await phone(victim).waitForPhase('Day 2', 'Last word');
    await phone(victim).endSpeech();
    await phone(t1).waitForPhase('Day 2', 'Discussion');
    const living = [...roles.keys()].filter((s) => s !== soldier && s !== victim);
    const t3 = town.find((s) => s !== t1 && s !== t2) as number;
    await phone(t1).target(don);
    await phone(don).target(t3);
    await phone(t1)
      .page.getByText(`${t3} · ${NAMES[t3 - 1]}, by ${don}`)
      .waitFor();
    await e2e.jumpToDeadline(code);
    await phone(t1).waitForPhase('Day 2', 'Vote');
    for (const seat of living) {
      await phone(seat).page.locator('sc-ballot-panel').waitFor();
      await phone(seat).voteAgainst(seat === don ? t3 : don);
    }
    await phone(don).waitForPhase('Day 2', 'Last word');
    await phone(don).endSpeech();

    await phone(t1).waitForPhase('Game over');
    await expect
      .poll(() => phone(t1).page.locator('sc-results-panel .winner').textContent())
      .toBe('Town wins!');
    await expect.poll(() => phone(t1).page.locator('sc-results-panel tbody tr').count()).toBe(7);
    await expect.poll(() => hostPage.locator('sc-results-panel .winner').textContent()).toBe('Town wins!');
    await shot(phone(t1).page, 'game-over');
    await shot(hostPage, 'host-game-over');
    await phone(t1).page.getByRole('link', { name: 'Game sheet' }).click();
    await phone(t1).page.locator('sc-sheet-page h1').waitFor();
    await shot(phone(t1).page, 'sheet');
  }, 240_000);
});

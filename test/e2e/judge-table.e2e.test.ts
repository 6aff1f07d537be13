import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { chooseDeal, createRoom, rolesOnDesk, rosterRow, seatGuests } from './support/host.js';
import { Phone } from './support/phone.js';
import { useStack } from './support/suite.js';

const NAMES = ['Ada', 'Boris', 'Carla', 'Dan', 'Eva', 'Filip', 'Gala', 'Hugo', 'Ilie', 'Jana'];
const who = (seat: number) => `${seat} · ${NAMES[seat - 1]}`;

/** A sport table of ten players without phones, seated by its judge. */
async function judgeTable(page: Page, url: string): Promise<void> {
  await createRoom(page, url, 'Judge', { preset: 'sport' });
  await seatGuests(page, NAMES);
}

/** What the phase bar says: the phase, the step and who holds the floor. */
const barText = (page: Page) => page.locator('sc-phase-bar').evaluate((b) => b.shadowRoot?.textContent ?? '');

/** "Next step" once, waiting until the desk shows the step it led to. */
async function nextStep(page: Page): Promise<void> {
  const strip = (t: string) => t.replace(/\d+:\d+/g, '');
  const before = strip(await barText(page));
  await page.getByRole('button', { name: 'Next step' }).click();
  await expect.poll(async () => strip(await barText(page))).not.toBe(before);
}

describe("the host's desk at a live table", () => {
  const e2e = useStack();

  it('asks how the roles are dealt, then passes the phone round so each player sees only his card', async () => {
    const host = await e2e.phone();
    await judgeTable(host, e2e.url);
    const start = host.getByRole('button', { name: 'Start the game' });
    expect(await start.isDisabled()).toBe(true);
    await chooseDeal(host, 'physical');
    await host.locator('#as-1').waitFor();
    // The choice is the judge's for this game on this phone: a reload of the desk keeps it.
    await host.reload();
    await host.locator('#as-1').waitFor();
    expect(await host.getByRole('radio', { name: /^Physical cards/ }).isChecked()).toBe(true);
    await chooseDeal(host, 'random');
    await host.locator('#as-1').waitFor({ state: 'detached' });
    await host.reload();
    await host.getByRole('radio', { name: /^At random on this phone/, checked: true }).waitFor();
    expect(await start.isDisabled()).toBe(false);
    await shot(host, 'judge-deal-choice');
    await start.click();
    await host.locator('sc-phase-bar h1', { hasText: 'Night 0' }).waitFor();
    const roles = await rolesOnDesk(host);

    await host.getByRole('button', { name: 'Pass the phone round: each player sees his card' }).click();
    const pass = host.locator('sc-pass-phone');
    await pass.getByRole('heading', { name: 'Pass the phone' }).waitFor();
    // While the phone goes round, nothing of the desk is on the screen: no roster, no roles.
    expect(await host.locator('sc-seat-roster').count()).toBe(0);
    const text = await pass.evaluate((p) => p.shadowRoot?.textContent ?? '');
    for (const role of ['Mafioso', 'Don', 'Sheriff', 'Civilian']) expect(text).not.toContain(role);

    await pass.getByRole('button', { name: who(3), exact: true }).click();
    await pass.getByRole('heading', { name: who(3) }).waitFor();
    await pass.getByText('Only Carla looks now.', { exact: false }).waitFor();
    const card = pass.locator('sc-role-card button');
    await card.hover();
    await host.mouse.down();
    const seen = (await pass.locator('sc-role-card .role').textContent())?.trim();
    await shot(host, 'pass-phone-card');
    await host.mouse.up();
    await pass.locator('sc-role-card .role').waitFor({ state: 'detached' });
    expect(seen).toBe(roles.get(3));
    await pass.getByRole('button', { name: 'Hide it and pass the phone on' }).click();

    // Each seat opens once in a round: the next hand cannot look at a card already seen.
    const done = pass.getByRole('button', { name: `${who(3)} — seen` });
    expect(await done.isDisabled()).toBe(true);
    await pass.getByText('Seen: 1 of 10').waitFor();
    await shot(host, 'pass-phone');
    await pass.getByRole('button', { name: 'Back to the judge’s desk' }).click();
    await host.locator('sc-seat-roster').waitFor();
  }, 120_000);

  it('asks before the fourth foul, undoes the removal, and records the best move of the night-1 victim', async () => {
    const host = await e2e.phone();
    await judgeTable(host, e2e.url);
    await chooseDeal(host, 'random');
    await host.getByRole('button', { name: 'Start the game' }).click();
    await host.locator('sc-phase-bar h1', { hasText: 'Night 0' }).waitFor();
    const roles = await rolesOnDesk(host);
    const blacks = [...roles].filter(([, r]) => r === 'Mafioso' || r === 'Don').map(([s]) => s);
    const reds = [...roles.keys()].filter((s) => !blacks.includes(s));
    const [fouled, victim] = reds.filter((s) => s !== 1);
    await nextStep(host);
    await host.locator('sc-phase-bar h1', { hasText: 'Day 1' }).waitFor();

    // Three fouls go at a tap; the fourth, which removes the player, asks first.
    const foul = host.getByRole('button', { name: `Foul for ${who(fouled)}` });
    for (let n = 1; n <= 3; n++) {
      await foul.click();
      await rosterRow(host, fouled)
        .locator('.meta', { hasText: `fouls: ${n}` })
        .waitFor();
    }
    await foul.click();
    const ask = host.getByRole('dialog', { name: `Fourth foul for ${who(fouled)}?` });
    await ask.waitFor();
    await shot(host, 'judge-fourth-foul');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await rosterRow(host, fouled).getAttribute('class')).toBe('');
    await foul.click();
    await ask.getByRole('button', { name: 'Yes, give the fourth foul' }).click();
    await rosterRow(host, fouled).locator('.meta', { hasText: 'removed for fouls' }).waitFor();

    // Undo says what it takes back, in every language, and takes the removal back: the player is in the
    // game again with three fouls.
    const undo = host.getByRole('button', { name: `Undo: foul of seat ${fouled}` });
    await undo.waitFor();
    await host.locator('sc-language-picker select').selectOption('ru');
    await host.getByRole('button', { name: `Отменить: фол игроку ${fouled}` }).waitFor();
    await host.locator('sc-language-picker select').selectOption('en');
    await undo.click();
    await rosterRow(host, fouled).locator('.meta', { hasText: 'fouls: 3' }).waitFor();
    expect(await host.getByRole('button', { name: 'Undo', exact: true }).isDisabled()).toBe(true);
    await expect.poll(() => rosterRow(host, fouled).getAttribute('class')).toBe('');
    expect(await rosterRow(host, fouled).locator('.meta').textContent()).not.toContain('removed');

    // Day 1 passes without a vote; night 1 the mafia's shot lands on the victim.
    while (!(await barText(host)).includes('Night 1')) await nextStep(host);
    await host
      .locator('sc-night-script')
      .getByRole('button', { name: new RegExp(`^Shoot ${victim} `) })
      .click();
    while (!(await barText(host)).includes('Day 2')) await nextStep(host);

    // His last word: the judge taps the three seats he names; the desk and the sheet keep them.
    const recorder = host.locator('sc-best-move-recorder');
    await recorder.getByRole('heading', { name: `Best move of ${who(victim)}` }).waitFor();
    for (const seat of blacks) await recorder.getByRole('button', { name: who(seat), exact: true }).click();
    await shot(host, 'judge-best-move');
    await recorder.getByRole('button', { name: `Record: ${blacks.map(who).join(', ')}` }).click();
    await recorder.getByText(`Best move by ${who(victim)}: ${blacks.map(who).join(', ')}`).waitFor();
    await host.evaluate(() => {
      location.hash = `${location.hash}/sheet`;
    });
    await host.getByText(`Best move by ${who(victim)}: ${blacks.join(', ')}`).waitFor();
  }, 150_000);

  it("passes a narrator's phone round the players he seated without one (classic)", async () => {
    const host = await e2e.phone();
    const code = await createRoom(host, e2e.url, 'Narrator', { preset: 'classic' });
    const ann = new Phone(await e2e.phone(), 'Ann');
    await ann.join(e2e.url, code);
    const guests = NAMES.slice(1, 7);
    await seatGuests(host, guests);
    await host.getByRole('button', { name: 'Start the game' }).click();
    await host.locator('sc-phase-bar h1', { hasText: 'Night 0' }).waitFor();
    const roles = await rolesOnDesk(host);

    await host.getByRole('button', { name: 'Pass the phone round: each player sees his card' }).click();
    const pass = host.locator('sc-pass-phone');
    await pass.getByText('Seen: 0 of 6').waitFor();
    // Ann holds her own card on her phone: the round is for the six without one.
    expect(await pass.getByRole('button', { name: '1 · Ann' }).count()).toBe(0);
    await pass.getByRole('button', { name: who(4), exact: true }).click();
    const card = pass.locator('sc-role-card button');
    await card.hover();
    await host.mouse.down();
    const seen = (await pass.locator('sc-role-card .role').textContent())?.trim();
    await host.mouse.up();
    expect(seen).toBe(roles.get(4));
    await pass.getByRole('button', { name: 'Hide it and pass the phone on' }).click();
    await pass.getByText('Seen: 1 of 6').waitFor();
    await shot(host, 'narrator-pass-phone');
    await pass.getByRole('button', { name: 'Back to the host’s desk' }).click();
    await host.locator('sc-seat-roster').waitFor();
  }, 120_000);

  it('passes a club host’s phone round and brings it back to the host’s desk, not a judge’s', async () => {
    // given a club table of nine without phones, dealt at random on the host's phone
    const host = await e2e.phone();
    await createRoom(host, e2e.url, 'Host', { preset: 'club' });
    await seatGuests(host, NAMES.slice(0, 9));
    const deal = host.getByRole('radio', { name: /^At random on this phone/ });
    if ((await deal.count()) > 0) await chooseDeal(host, 'random');
    await host.getByRole('button', { name: 'Start the game' }).click();
    await host.locator('sc-phase-bar h1', { hasText: 'Night 0' }).waitFor();
    // when the host passes his phone round
    await host.getByRole('button', { name: 'Pass the phone round: each player sees his card' }).click();
    // then its last key leads back to the host's desk
    const pass = host.locator('sc-pass-phone');
    await pass.getByRole('button', { name: 'Back to the host’s desk' }).waitFor();
    expect(await pass.getByText('judge’s desk').count()).toBe(0);
  }, 120_000);
});

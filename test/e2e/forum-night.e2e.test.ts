import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { joinInTurn } from './support/phone.js';
import { useStack } from './support/suite.js';

const NAMES = ['Ann', 'Boris', 'Carmen', 'Dmitri', 'Elena', 'Felix', 'Greta'];

/** Peeks at the role card as a player does: hold it, read it, let go. */
async function roleOf(page: Page): Promise<string> {
  const card = page.locator('sc-role-card button');
  await card.waitFor();
  await card.hover();
  await page.mouse.down();
  const role = (await page.locator('sc-role-card .role').textContent())?.trim() ?? '';
  await page.mouse.up();
  return role;
}

const tab = (page: Page, name: string) => page.locator('sc-forum-desk').getByRole('tab', { name });

/** Orders a move or an act from the "Tonight" tab: pick the player, press the ability's button. */
async function order(page: Page, ability: string, label: string, target: number): Promise<void> {
  const orders = page.locator('sc-forum-orders');
  await orders.locator(`select[data-ability="${ability}"]`).first().selectOption(String(target));
  await orders.getByRole('button', { name: label }).click();
}

const ordered = (page: Page) => page.locator('sc-forum-orders').getByText('Your move tonight:').waitFor();

describe('a forum night on phones: three mafiosi, a girl, a shooting civilian, the morning newspaper', () => {
  const e2e = useStack();

  it('plays the orders, a knock-down, the town’s shot and the newspaper through the PWA, jumping the 24-hour day', async () => {
    // given a forum room of seven: three mafiosi, the Girl, a shooting civilian and two civilians
    const host = await e2e.phone();
    await host.goto(e2e.url);
    await host.locator('#host-name').fill('Hostess');
    const form = host.locator('sc-settings-form');
    await form.locator('#preset').selectOption('forum');
    await form.getByText('The preset’s table for the number of players').click();
    await form.locator('#r-mafia').fill('3');
    await form.locator('#r-mafia').blur();
    await form.locator('#r-girl').fill('1');
    await form.locator('#r-girl').blur();
    await form.locator('#r-shooter').fill('1');
    await form.locator('#r-shooter').blur();
    await host.getByRole('button', { name: 'Create the room' }).click();
    const codeText = host.locator('sc-lobby-page .code');
    await codeText.waitFor();
    const code = ((await codeText.textContent()) ?? '').trim();
    expect(code).toMatch(/^[A-Z0-9]{4,8}$/);

    const phones = (await joinInTurn(NAMES, () => e2e.phone(), e2e.url, code)).map((p) => p.page);
    await host.getByText('Players: 7').waitFor();
    await host.getByRole('button', { name: 'Start the game' }).click();

    const roles = new Map<number, string>();
    for (const [i, page] of phones.entries()) roles.set(i + 1, await roleOf(page));
    const seats = (role: string) => [...roles].filter(([, r]) => r === role).map(([s]) => s);
    const mafia = seats('Mafioso');
    const [girl] = seats('Girl');
    const [shooter] = seats('Shooting civilian');
    const town = seats('Civilian');
    expect([mafia.length, girl === undefined, shooter === undefined, town.length]).toEqual([
      3,
      false,
      false,
      2,
    ]);
    const phone = (seat: number) => phones[seat - 1];

    // Day 1 lasts 24 hours: the clock says so in hours and minutes; the thread takes a message and a quote
    const [c1, c2] = town;
    const victim = c2;
    await phone(c1).locator('sc-phase-bar h1', { hasText: 'Day 1' }).waitFor();
    await expect
      .poll(() => phone(c1).locator('sc-forum-clock p').textContent())
      .toMatch(/2[34] h \d+ min left/);
    const thread = (seat: number) => phone(seat).locator('sc-forum-thread');
    await thread(c1).getByRole('textbox', { name: 'Message' }).fill('Good morning, city');
    await thread(c1).getByRole('button', { name: 'Send' }).click();
    await thread(c2).getByText('Good morning, city').waitFor();
    await thread(c2).getByRole('button', { name: 'Quote' }).first().click();
    await thread(c2).getByRole('textbox', { name: 'Message' }).fill('Morning. Who is nervous?');
    await thread(c2).getByRole('button', { name: 'Send' }).click();
    await thread(c1)
      .locator('blockquote', { hasText: `${c1} · ${NAMES[c1 - 1]}: Good morning, city` })
      .waitFor();
    await shot(phone(c2), 'forum-thread');

    // D5: while the day's vote is open a mafioso's purse offers to buy with his vote, as his view's may says
    const [m1, m2, m3] = mafia;
    const purse = (seat: number) => phone(seat).locator('sc-forum-purse');
    await tab(phone(m3), 'My purse').click();
    const vests = Number(await purse(m3).locator('dd[data-k="vest"]').textContent());
    await purse(m3)
      .locator('[data-pay="withVote"]')
      .getByRole('button', { name: 'Bulletproof vest' })
      .click();
    await expect.poll(() => purse(m3).locator('dd[data-k="vest"]').textContent()).toBe(String(vests + 1));
    await expect.poll(() => purse(m3).locator('[data-pay="withVote"]').count()).toBe(0);
    await tab(phone(c1), 'My purse').click();
    await purse(c1).waitFor();
    expect(await purse(c1).locator('[data-pay="withVote"]').count()).toBe(0);

    // Night 1 after the day's 24 hours, without waiting them
    expect(await e2e.jumpToDeadline(code)).toMatchObject({ kind: 'night', round: 1 });
    await phone(m1).locator('sc-forum-orders').waitFor();
    // all three mafiosi order the nagant at one townsman; the Girl knocks down one of them (D4 case 4)
    await order(phone(m1), 'nagant', 'Nagant shot', victim);
    await ordered(phone(m1));
    await phone(m2)
      .locator('sc-forum-orders')
      .getByText(`${m1} · ${NAMES[m1 - 1]}: Nagant shot`)
      .waitFor();
    await shot(phone(m2), 'forum-orders');
    await order(phone(m2), 'nagant', 'Nagant shot', victim);
    await ordered(phone(m2));
    await order(phone(m3), 'nagant', 'Nagant shot', victim);
    await ordered(phone(m3));
    // D17: the shooting civilian's Tonight tab offers his shot at the living; he shoots the first mafioso
    await order(phone(shooter), 'citizenShot', 'Shoot', m1);
    await ordered(phone(shooter));
    await shot(phone(shooter), 'forum-town-shot');
    // the Girl's is the night's last act: it ends the night at once (A7)
    await order(phone(girl), 'knock', 'Knock down the order', m1);

    // then morning comes as soon as everyone with a move has made it, and the newspaper says what happened
    const reader = phone(c1);
    await reader.locator('sc-phase-bar h1', { hasText: 'Day 2' }).waitFor({ timeout: 30_000 });
    const line = `Mafia – Nagant shot – ${victim} · ${NAMES[victim - 1]} – done`;
    await reader.locator('sc-forum-newspaper').getByText(line).waitFor();
    await expect
      .poll(() => reader.locator('sc-forum-newspaper h3').first().textContent())
      .toContain('Morning after night 1');
    const townLine = `Shooting civilian – Shoot – ${m1} · ${NAMES[m1 - 1]} – done`;
    await reader.locator('sc-forum-newspaper').getByText(townLine).waitFor();
    await shot(reader, 'forum-newspaper');
    // the Girl's report stays readable all the next day
    await tab(phone(girl), 'Night reports').click();
    await phone(girl)
      .locator('sc-forum-orders')
      .getByText(`Night 1: ${m1} · ${NAMES[m1 - 1]} gave an order`)
      .waitFor();
    // and so does the shooter's own result, on his phone alone
    await tab(phone(shooter), 'Night reports').click();
    const result = `Night 1: Shoot – ${m1} · ${NAMES[m1 - 1]} – done`;
    await phone(shooter).locator('sc-forum-orders [data-list="results"]').getByText(result).waitFor();
    await shot(phone(shooter), 'forum-night-reports');
    expect(await phone(c1).getByRole('tab', { name: 'Night reports' }).count()).toBe(0);

    // the points went to the two whose orders stood (D8); the one knocked down has none
    const points = async (seat: number) => {
      await tab(phone(seat), 'My purse').click();
      return phone(seat).locator('sc-forum-purse dd[data-k="points"]').textContent();
    };
    expect(await points(m2)).toBe('2');
    expect(await points(m3)).toBe('2');
    await shot(phone(m2), 'forum-purse');
    // the townsman and the mafioso shot are out; the page fits a phone's width
    for (const out of [victim, m1])
      await phone(out).getByText('You are out of the game. You can watch to the end.').waitFor();
    const overflow = await reader.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  }, 180_000);
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { createRoom } from './support/host.js';
import { Phone } from './support/phone.js';
import { type Suite, useStack } from './support/suite.js';

const NAMES = ['Ann', 'Boris', 'Carmen', 'Dmitri', 'Elena', 'Felix', 'Greta'];
const ELENA = 5;

/** A host and seven phones in a new room; returns the code once the day's talk has begun. */
async function tableOfSeven(
  e2e: Suite,
  host: Page,
  phones: Phone[],
  opts: Parameters<typeof createRoom>[3],
): Promise<string> {
  const code = await createRoom(host, e2e.url, 'Hostess', opts);
  // The pages load side by side; the players join one after another, seat 1 first.
  await Promise.all(
    NAMES.map(async (name, i) => {
      phones[i] ??= new Phone(await e2e.phone(), name);
      await phones[i].open(e2e.url, code);
    }),
  );
  for (const p of phones) await p.takeSeat();
  await host.getByText('Players: 7').waitFor();
  await host.getByRole('button', { name: 'Start the game' }).click();
  // The introduction night is not what this test is about: its timer runs out at once.
  while ((await e2e.jumpToDeadline(code)).kind !== 'day');
  return code;
}

/** Everyone — the seven phones and the host — reads the same announcement. */
async function everyoneReads(host: Page, phones: Phone[], text: string): Promise<void> {
  for (const page of [host, ...phones.map((p) => p.page)])
    await page.locator('sc-verdict-banner', { hasText: text }).waitFor();
}

describe('open votes: who votes for whom, who has not voted, and the verdict for everyone', () => {
  const e2e = useStack();
  const phones: Phone[] = [];
  const phone = (seat: number) => phones[seat - 1];
  let host: Page;

  it('online vote: ready to vote ends the discussion, the ballot shows every hand, the verdict reaches all', async () => {
    host = await e2e.phone();
    const timers = {
      intro: 30,
      mafia: 30,
      night: 30,
      discussion: 600,
      vote: 600,
      lastWord: 30,
      lastWordNight: 30,
    };
    const code = await tableOfSeven(e2e, host, phones, { timers });
    await phone(1).waitForPhase('Day 1', 'Discussion');

    // Nobody may put himself up (the online room forbids voting for oneself); one's own tile stays marked.
    const own = phone(3).tile(3);
    await expect.poll(() => own.isDisabled()).toBe(true);
    await expect.poll(() => phone(3).tile(4).isDisabled()).toBe(false);
    await expect.poll(() => own.textContent()).toContain('you');
    const ring = await own.evaluate((b) => getComputedStyle(b).outlineStyle);
    expect(ring).toBe('solid');

    await phone(1).target(ELENA);
    await phone(2).target(1);
    await phone(7).page.getByText(`${ELENA} · Elena, by 1 · Ann`).waitFor();

    // Everyone says "ready to vote": the discussion ends with the seventh, long before its ten minutes.
    for (const seat of [1, 2, 3, 4, 5, 6]) {
      await phone(seat).page.getByRole('button', { name: 'Ready to vote' }).click();
      await phone(seat).page.getByRole('button', { name: 'Ready to vote' }).waitFor({ state: 'detached' });
    }
    await phone(7).page.getByText('Ready to vote: 6 of 7').waitFor();
    await phone(7).page.getByRole('button', { name: 'Ready to vote' }).click();
    await phone(7).waitForPhase('Day 1', 'Vote');

    // The keys say what they do; the count and the voters are shown apart, live, to everyone.
    const keys = phone(7).page.locator('sc-ballot-panel .options button');
    await expect
      .poll(() => keys.allTextContents())
      .toEqual([
        expect.stringContaining(`Vote against ${ELENA} · Elena`),
        expect.stringContaining('Vote against 1 · Ann'),
      ]);
    for (const seat of [1, 2, 3, 4]) await phone(seat).voteAgainst(ELENA);
    for (const seat of [5, 6]) await phone(seat).voteAgainst(1);
    for (const page of [phone(7).page, host]) {
      const panel = page.locator('sc-ballot-panel');
      await panel.getByText('by 1 · Ann, 2 · Boris, 3 · Carmen, 4 · Dmitri').waitFor();
      await panel.getByText('by 5 · Elena, 6 · Felix').waitFor();
      await panel.getByText('Not voted yet: 7 · Greta').waitFor();
    }
    const tile = await phone(7).tile(ELENA).textContent();
    expect(tile).toContain('votes: 4');
    expect(tile).not.toMatch(/[\u{1F300}-\u{1FAFF}\u2690-\u26FF]/u);
    await shot(phone(7).page, 'day-vote');

    await phone(7).voteAgainst(1);
    await everyoneReads(host, phones, `${ELENA} · Elena is voted out (4 of 7).`);
    await shot(phone(1).page, 'verdict');

    // Day 2: the host ends the discussion early; with two candidates the vote opens at once.
    while ((await e2e.jumpToDeadline(code)).kind !== 'day');
    await phone(1).waitForPhase('Day 2', 'Discussion');
    await phone(1).target(2);
    await phone(2).target(3);
    await phone(1).page.getByText('3 · Carmen, by 2 · Boris').waitFor();
    await host.getByRole('button', { name: 'End the discussion' }).click();
    await phone(1).waitForPhase('Day 2', 'Vote');
    await host.getByRole('button', { name: 'End the discussion' }).waitFor({ state: 'detached' });
  }, 240_000);

  it('B8–B9: continuous majority shows each vote as it moves and announces "(4 of 7)"', async () => {
    const code = await tableOfSeven(e2e, host, phones, {
      preset: 'classic',
      master: 'auto',
      timers: { intro: 30, day: 600, lastWord: 30 },
    });
    expect(code).toMatch(/^[A-Z0-9]{4,8}$/);
    await phone(1).waitForPhase('Day 1');
    for (const seat of [1, 2, 3]) await phone(seat).target(ELENA);
    // Ann changes her mind and comes back: the votes move in the open.
    await phone(1).tile(ELENA).click();
    for (const page of [phone(6).page, host]) {
      const panel = page.locator('sc-ballot-panel');
      await panel.getByText('by 2 · Boris, 3 · Carmen').waitFor();
      await panel.getByText('Not voted yet: 1 · Ann, 4 · Dmitri, 5 · Elena, 6 · Felix, 7 · Greta').waitFor();
    }
    await phone(1).target(ELENA);
    await phone(6).page.locator('sc-ballot-panel').getByText('by 1 · Ann, 2 · Boris, 3 · Carmen').waitFor();
    await phone(4).target(ELENA);
    await everyoneReads(host, phones, `${ELENA} · Elena is voted out (4 of 7).`);
  }, 240_000);
});

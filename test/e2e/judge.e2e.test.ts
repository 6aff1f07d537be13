import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import {
  chooseDeal,
  createRoom,
  disqualify,
  giveExtraPoints,
  judgeSheet,
  pointsOf,
  rolesOnDesk,
  rosterRow,
  seatGuests,
} from './support/host.js';
import { useStack } from './support/suite.js';

const NAMES = ['Ada', 'Boris', 'Carla', 'Dan', 'Eva', 'Filip', 'Gala', 'Hugo', 'Ilie', 'Jana'];

describe('the judge of a sport table', () => {
  const e2e = useStack();

  it('disqualifies players with a reason and gives extra points, during the game and after it', async () => {
    const host = await e2e.phone();
    await createRoom(host, e2e.url, 'Judge', { preset: 'sport' });
    await seatGuests(host, NAMES);
    await chooseDeal(host, 'random');
    await host.getByRole('button', { name: 'Start the game' }).click();
    await host.locator('sc-phase-bar h1', { hasText: 'Night 0' }).waitFor();

    const roles = await rolesOnDesk(host);
    const blacks = [...roles].filter(([, r]) => r === 'Mafioso' || r === 'Don').map(([s]) => s);
    const reds = [...roles.keys()].filter((s) => !blacks.includes(s));
    expect(blacks).toHaveLength(3);
    const [first, ...others] = reds;
    const name = (seat: number) => `${seat} · ${NAMES[seat - 1]}`;

    // The sheet opens from "⋯" and closes on Escape, giving the focus back to the key that opened it.
    const more = host.getByRole('button', { name: `More for ${name(first)}` });
    const sheet = await judgeSheet(host, first);
    await expect.poll(() => sheet.getByLabel('Extra points').inputValue()).toBe('0');
    await host.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await expect.poll(() => more.evaluate((b) => b.matches(':focus'))).toBe(true);

    // A disqualification asks for a reason, then to confirm it.
    await more.click();
    await sheet.getByRole('button', { name: 'Disqualify…' }).click();
    await expect.poll(() => sheet.getByLabel('Reason').evaluate((i) => i.matches(':invalid'))).toBe(true);
    await sheet.getByLabel('Reason').fill('Spoke during the night');
    await shot(host, 'judge-sheet');
    await sheet.getByRole('button', { name: 'Disqualify…' }).click();
    await sheet.getByRole('heading', { name: `Disqualify ${name(first)}?` }).waitFor();
    await shot(host, 'judge-confirm');
    await sheet.getByRole('button', { name: 'Yes, disqualify' }).click();
    await sheet.waitFor({ state: 'hidden' });
    await rosterRow(host, first)
      .locator('.meta', { hasText: 'disqualified: Spoke during the night' })
      .waitFor();
    expect(await rosterRow(host, first).getAttribute('class')).toBe('out');

    // Extra points within the range, in steps of 0.05: out of range, the field says so and nothing is sent.
    const mafioso = blacks[0];
    const points = await judgeSheet(host, mafioso);
    await points.getByLabel('Extra points').fill('1.5');
    await points.getByRole('button', { name: 'Save points' }).click();
    await expect
      .poll(() => points.getByLabel('Extra points').evaluate((i) => i.matches(':invalid')))
      .toBe(true);
    await host.keyboard.press('Escape');
    await giveExtraPoints(host, mafioso, 0.3);
    await rosterRow(host, mafioso).locator('.meta', { hasText: 'extra points: +0.3' }).waitFor();
    await shot(host, 'judge-roster');

    // While the game runs, the judge opens the game sheet from his desk and keeps it as JSON.
    await host.getByRole('link', { name: 'Game sheet' }).click();
    const running = host.locator('sc-sheet-page');
    await running.getByText('Reason: Spoke during the night').waitFor();
    await shot(host, 'judge-sheet-running');
    const [download] = await Promise.all([
      host.waitForEvent('download'),
      running.getByRole('button', { name: 'Download (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sheet-.+\.json$/);
    const kept = JSON.parse(await text(await download.createReadStream()));
    expect(kept).toMatchObject({ preset: 'sport', over: false });
    expect(kept.seats[first - 1]).toMatchObject({ seat: first, reason: 'Spoke during the night' });
    expect(kept.seats[mafioso - 1].extra).toBe(0.3);
    expect(kept.protocol).not.toBeNull();
    await running.getByRole('link', { name: 'Back to the game' }).click();
    await rosterRow(host, first).waitFor();

    // Three more red seats out: three against three, the mafia wins.
    for (const seat of others.slice(0, 3)) await disqualify(host, seat, 'Insulted a player');
    await host.locator('sc-phase-bar h1', { hasText: 'Game over' }).waitFor();
    await expect.poll(() => host.locator('sc-results-panel .winner').textContent()).toBe('Mafia wins!');
    await expect.poll(() => pointsOf(host, mafioso)).toBe('1.3');
    await expect.poll(() => pointsOf(host, first)).toBe('-0.5');

    // After the game the judge still gives extra points; the results and the roster follow.
    const late = others[3];
    await giveExtraPoints(host, late, -0.25);
    await expect.poll(() => pointsOf(host, late)).toBe('-0.25');
    await rosterRow(host, late).locator('.meta', { hasText: 'extra points: −0.25' }).waitFor();
    await shot(host, 'judge-game-over');

    // The game sheet shows the reason and the extra points.
    await host.getByRole('link', { name: 'Game sheet' }).click();
    const table = host.locator('sc-sheet-page table').first();
    await table.getByText('Reason: Spoke during the night').waitFor();
    const pointsCell = table
      .locator('tbody tr')
      .nth(mafioso - 1)
      .locator('td')
      .last();
    await expect.poll(() => pointsCell.textContent()).toMatch(/1\.3\s*Extra points: \+0\.3/);
    await shot(host, 'judge-sheet-page');
  }, 120_000);
});

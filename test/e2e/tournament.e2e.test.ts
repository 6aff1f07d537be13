import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pointsBySeat } from '../../shared/audit/points.js';
import { shot } from './support/browser.js';
import { chooseDeal, disqualify, rolesOnDesk } from './support/host.js';
import { useStack } from './support/suite.js';

const NAMES = [
  'Ada',
  'Boris',
  'Carla',
  'Dan',
  'Eva',
  'Filip',
  'Gala',
  'Hugo',
  'Ilie',
  'Jana',
  'Kira',
  'Lev',
  'Mara',
  'Nico',
  'Olga',
  'Petru',
  'Quinn',
  'Radu',
  'Sara',
  'Toma',
];
const ROUNDS = 4;

/** The judge opens his table's game of a round from the judges' link, and is at its desk. */
async function openTable(
  judge: Page,
  link: string,
  name: string,
  round: number,
  table: number,
): Promise<string> {
  await judge.goto(link);
  await judge.locator('#judge-name').fill(name);
  const section = judge.getByRole('region', { name: `Round ${round}, table ${table}` });
  await section.getByRole('button', { name: 'Open this table’s game' }).click();
  await judge.waitForURL(/#\/game\//);
  return decodeURIComponent(/#\/game\/([^/?]+)/.exec(judge.url())?.[1] ?? '');
}

/** The judge deals at random on his phone, starts, and disqualifies every black: the town wins. */
async function judgeToTheEnd(judge: Page): Promise<void> {
  await chooseDeal(judge, 'random');
  await judge.getByRole('button', { name: 'Start the game' }).click();
  await judge.locator('sc-phase-bar h1', { hasText: 'Night 0' }).waitFor();
  const roles = await rolesOnDesk(judge);
  for (const [seat, role] of roles)
    if (role === 'Mafioso' || role === 'Don') await disqualify(judge, seat, 'left');
  await judge.locator('sc-results-panel').waitFor();
}

describe('a tournament, its two judges and its standings', () => {
  const e2e = useStack();

  it('given 20 players, 2 tables × 4 rounds, when two judges open and play every table from the judges’ link, then the page’s standings are the sum of the games’ sheets', async () => {
    const organizer = await e2e.phone();
    await organizer.goto(`${e2e.url}/#/tournament`);
    await organizer.getByLabel('Name of the tournament').fill('Autumn Cup');
    await organizer.getByLabel('Players, one name a line').fill(NAMES.join('\n'));
    await organizer.getByLabel('Rounds').fill(String(ROUNDS));
    await organizer.getByRole('button', { name: 'Create the tournament' }).click();
    await organizer.getByRole('heading', { name: 'Autumn Cup' }).waitFor();
    const link = ((await organizer.locator('.link code').textContent()) ?? '').trim();
    expect(link).toContain('key=');
    await shot(organizer, 'tournament-organizer');

    // Anyone with the page's own link sees it, but no button to open a table.
    const spectator = await e2e.phone();
    await spectator.goto(link.replace(/\?key=.*$/, ''));
    await spectator.getByRole('heading', { name: 'Round 1' }).waitFor();
    expect(await spectator.getByRole('button', { name: 'Open this table’s game' }).count()).toBe(0);

    const judges = [await e2e.phone(), await e2e.phone()];
    const games: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const opened = await Promise.all(
        judges.map((judge, i) => openTable(judge, link, `Judge ${i + 1}`, round, i + 1)),
      );
      games.push(...opened);
      // While round 1 runs, the spectator's page names each table's room to watch it from.
      if (round === 1) {
        await spectator.reload();
        await expect.poll(() => spectator.getByRole('link', { name: 'Watch it' }).count()).toBe(2);
      }
      await Promise.all(judges.map((judge) => judgeToTheEnd(judge)));
    }

    const expected = new Map<string, number>();
    for (const gameId of games) {
      const state = (await e2e.stack.server.app.deps.cache.load(gameId))?.folded.state;
      const sheet = state === undefined ? null : pointsBySeat(state);
      expect(sheet, gameId).not.toBeNull();
      for (const [seat, line] of Object.entries(sheet ?? {}))
        expected.set(state?.names[seat] ?? '', (expected.get(state?.names[seat] ?? '') ?? 0) + line.total);
    }
    expect([...expected.keys()].sort()).toEqual([...NAMES].sort());

    await spectator.reload();
    const rows = spectator.locator('sc-tournament-standings tbody tr');
    await expect.poll(() => rows.count()).toBe(20);
    await expect.poll(() => spectator.getByText('Its game is over.').count()).toBe(2 * ROUNDS);
    for (const row of await rows.all()) {
      const name = ((await row.locator('th').textContent()) ?? '').trim();
      const cells = await row.locator('td').allTextContents();
      expect(Number(cells[1]), name).toBeCloseTo(expected.get(name) ?? Number.NaN, 5);
      expect(Number(cells[2]), name).toBe(ROUNDS);
    }
    await shot(spectator, 'tournament-standings');

    // A player's page: each of his four games, his role and what it did to his rating.
    await rows.first().getByRole('link').click();
    const played = spectator.locator('sc-tournament-player tbody tr');
    await expect.poll(() => played.count()).toBe(ROUNDS);
    await spectator.getByText(/^Rating \d+\.\d after 4 games\.$/).waitFor();
    await shot(spectator, 'tournament-player');
  }, 300_000);
});

import { describe, expect, it } from 'vitest';
import { SHEET_LABELS, SHEET_LOCALES } from '../../shared/audit/sheet-labels/index.js';
import { shot } from './support/browser.js';
import { createRoom } from './support/host.js';
import { joinInTurn } from './support/phone.js';
import { useStack } from './support/suite.js';

describe('a day that ends with nobody out', () => {
  const e2e = useStack();

  it('is told on every phone — the players’, the host’s and a spectator’s — in the game sheet’s words, in every language', async () => {
    // given four players on their phones, the host on his, and a spectator
    const host = await e2e.phone();
    const code = await createRoom(host, e2e.url, 'Hostess');
    const [ann, bob, cleo, dan] = await joinInTurn(
      ['Ann', 'Bob', 'Cleo', 'Dan'],
      () => e2e.phone(),
      e2e.url,
      code,
    );
    await host.getByText('Players: 4').waitFor();
    await host.getByRole('button', { name: 'Start the game' }).click();
    const vera = await e2e.phone();
    await vera.goto(`${e2e.url}/#/join/${code}`);
    await vera.locator('#join-name').fill('Vera');
    await vera.getByRole('button', { name: 'Join', exact: true }).click();
    await vera.getByRole('button', { name: 'Watch the game' }).click();
    await ann.waitForPhase('Day 1', 'Discussion');

    // when Cleo and Dan are put up and the vote ends 2 to 2
    await ann.target(3);
    await bob.target(4);
    await ann.page.getByText('4 · Dan, by 2').waitFor();
    await e2e.jumpToDeadline(code);
    for (const [p, against] of [
      [ann, 3],
      [bob, 4],
      [cleo, 4],
      [dan, 3],
    ] as const) {
      await p.page.locator('sc-ballot-panel').waitFor();
      await p.voteAgainst(against);
    }

    // then night falls, and every screen says how the day ended: a tie, and nobody leaves
    const told = `3 · Cleo, 4 · Dan — ${SHEET_LABELS.en.decision.nobody}`;
    for (const page of [ann.page, bob.page, cleo.page, dan.page, host, vera]) {
      const banner = page.locator('sc-verdict-banner');
      await banner.getByText(told).waitFor();
      await banner.getByRole('heading', { name: 'Day 1: the vote' }).waitFor();
    }
    await shot(bob.page, 'day-tie');

    // and in each of the app's languages, in the words that language's game sheet uses
    // The picker's own label changes with the language: found by its place, not its name.
    const language = vera.locator('sc-language-picker select');
    for (const locale of SHEET_LOCALES.filter((l) => l !== 'en')) {
      await language.selectOption(locale);
      await vera
        .locator('html')
        .and(vera.locator(`[lang="${locale}"]`))
        .waitFor();
      const text = `3 · Cleo, 4 · Dan — ${SHEET_LABELS[locale].decision.nobody}`;
      await expect.poll(() => vera.locator('sc-verdict-banner p').textContent()).toContain(text);
    }
  }, 240_000);
});

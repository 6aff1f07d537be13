import type { Page } from 'playwright-core';
import type { LocalTable } from '../../support/local-table.js';

/** This phone holds `seat`'s session for the table's game, as joining it from this phone would have left. */
export async function holdsSeat(page: Page, url: string, table: LocalTable, seat: number): Promise<void> {
  await page.goto(url);
  await page.evaluate(
    ([gameId, token, code, seat]) =>
      localStorage.setItem(
        `sc.game.${gameId}`,
        JSON.stringify({
          gameId,
          token,
          kind: 'seat',
          seat,
          code,
          name: `Player ${seat}`,
          savedAt: Date.now(),
        }),
      ),
    [table.gameId, table.player(seat).token, table.code, seat] as const,
  );
}

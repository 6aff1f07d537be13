import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../../shared/index.js';
import { driveWithJumps, finishWithJumps } from '../support/finish-game.js';
import { LocalTable, SLOW_ONLINE } from '../support/local-table.js';
import { GameClient } from '../support/ws-client.js';
import { liveTexts, overflowing, seriousViolations } from './support/axe.js';
import { useStack } from './support/suite.js';

/** The five languages of the app, as a phone's settings name them. */
const LOCALES = (process.env.A11Y_LOCALES ?? 'en-GB,es-ES,fr-FR,ro-RO,ru-RU').split(',');

/** A live announcement read out alone must be a sentence: it ends as one (a stop, a question, a quote). */
const SENTENCE = /[.!?…:»”"]$/u;

/** This phone holds a session for the game, as joining or creating it from this phone would have left. */
async function holds(page: Page, url: string, table: LocalTable, kind: 'host' | 'seat', client: GameClient) {
  await page.goto(url, { waitUntil: 'commit' });
  await page.evaluate(
    ([gameId, token, kind, seat, code]) =>
      localStorage.setItem(
        `sc.game.${gameId}.${kind}`,
        JSON.stringify({ gameId, token, kind, seat, code, name: 'Player', savedAt: Date.now() }),
      ),
    [
      table.gameId,
      client.token,
      kind,
      typeof client.seat === 'number' ? client.seat : null,
      table.code,
    ] as const,
  );
}

describe('every screen in every language at 360 px, through axe-core', () => {
  const e2e = useStack();

  for (const locale of LOCALES) {
    it(`${locale}: no serious or critical axe violation, every live announcement a sentence, no words out of their box at 360 px`, async () => {
      const found: string[] = [];
      const check = async (page: Page, screen: string) => {
        for (const v of await seriousViolations(page))
          found.push(`${screen}: ${v.rule} (${v.impact}): ${v.help} — ${v.targets.join(' ')}`);
        for (const text of await liveTexts(page))
          if (!SENTENCE.test(text)) found.push(`${screen}: a live announcement is no sentence: "${text}"`);
        for (const box of await overflowing(page)) found.push(`${screen}: overflows at 360 px: ${box}`);
      };
      /** The narrowest phone the app is made for: 360 CSS pixels wide. */
      const narrowPhone = async (locale: string) => {
        const page = await e2e.phone(locale);
        await page.setViewportSize({ width: 360, height: 780 });
        return page;
      };
      const jump = () => e2e.jumpToDeadline(table.code);
      const settle = (page: Page) => page.waitForTimeout(400);

      // Home.
      const home = await narrowPhone(locale);
      await home.goto(e2e.url);
      await home.locator('#host-name').waitFor();
      await check(home, 'home');

      // A room of seven: the host's lobby, a player's lobby.
      const table = await LocalTable.open(e2e.stack.server.wsUrl, 7, SLOW_ONLINE);
      try {
        const host = await narrowPhone(locale);
        await holds(host, e2e.url, table, 'host', table.host);
        await host.goto(`${e2e.url}/#/game/${table.gameId}/desk`);
        await host.locator('sc-lobby-page .code').waitFor();
        await check(host, 'lobby, host');
        const seat = await narrowPhone(locale);
        await holds(seat, e2e.url, table, 'seat', table.player(1));
        await seat.goto(`${e2e.url}/#/game/${table.gameId}/seat`);
        await seat.locator('sc-lobby-page sc-seat-grid').waitFor();
        await check(seat, 'lobby, player');

        // The game: the seat, the host and a spectator at each phase.
        await table.start();
        const watcher = await narrowPhone(locale);
        await watcher.goto(`${e2e.url}/#/join/${table.code}`);
        await watcher.locator('button.watch').click();
        await watcher.locator('sc-watch-page').waitFor();
        const phases: Array<[string, (v: GameView) => boolean]> = [
          ['night 0', (v) => v.phase.kind === 'night'],
          ['day 1', (v) => v.phase.kind === 'day'],
          ['vote', (v) => v.phase.stage === 'vote'],
          ['night 1', (v) => v.phase.kind === 'night' && v.phase.round >= 1],
        ];
        for (const [name, reached] of phases) {
          await driveWithJumps(table, jump, reached);
          await settle(seat);
          await check(seat, `${name}, seat`);
          await check(host, `${name}, host`);
          await check(watcher, `${name}, spectator`);
        }
        await finishWithJumps(table, jump);
        await settle(seat);
        await check(seat, 'game over, seat');
        await check(host, 'game over, host');
        await check(watcher, 'game over, spectator');

        // After the game: the sheet and the replay.
        await seat.goto(`${e2e.url}/#/game/${table.gameId}/sheet`);
        await seat.locator('sc-sheet-page').waitFor();
        await settle(seat);
        await check(seat, 'sheet');
        await seat.goto(`${e2e.url}/#/replay/${table.gameId}`);
        await seat.locator('sc-replay-story').waitFor();
        await check(seat, 'replay');
      } finally {
        await table.close();
      }

      // The judge's desk at a sport table he records.
      const judge = await GameClient.open(e2e.stack.server.wsUrl);
      try {
        const created = await judge.create({ preset: 'sport' }, 'Judge');
        for (let i = 1; i <= 10; i++) await judge.command({ type: 'seatPlayer', name: `Player ${i}` });
        const desk = await narrowPhone(locale);
        const judged = { gameId: created.gameId, code: created.code } as LocalTable;
        await holds(desk, e2e.url, judged, 'host', judge);
        await desk.goto(`${e2e.url}/#/game/${created.gameId}/desk`);
        await desk.locator('sc-lobby-page .code').waitFor();
        await check(desk, 'judge, lobby');
        expect((await judge.command({ type: 'start' })).type).toBe('ack');
        await desk.locator('sc-host-page').waitFor();
        await settle(desk);
        await check(desk, 'judge, desk');
      } finally {
        await judge.close();
      }

      expect(found).toEqual([]);
    }, 180_000);
  }
});

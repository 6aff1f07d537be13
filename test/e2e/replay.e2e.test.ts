import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LogCommit } from '../../shared/audit/chain.js';
import type { GameView, ServerFrame } from '../../shared/index.js';
import { finishWithJumps } from '../support/finish-game.js';
import { LocalTable, SLOW_ONLINE } from '../support/local-table.js';
import { shot } from './support/browser.js';
import { holdsSeat } from './support/session.js';
import { useStack } from './support/suite.js';

const replay = (page: Page) => page.locator('sc-replay-page');
const moment = (page: Page) => page.locator('sc-replay-moment');
const story = (page: Page) => page.locator('sc-replay-story');
const rolesShown = (page: Page): Locator => moment(page).locator('.seats .role');
const channelsShown = async (page: Page) =>
  (
    await moment(page)
      .locator('.chat')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-channel')))
  )
    .filter((c): c is string => c !== null)
    .sort();

/** Moves the replay's slider to `version`, as a drag does (an input event per position). */
async function scrubTo(page: Page, version: number): Promise<void> {
  await replay(page)
    .locator('input[type=range]')
    .evaluate((el, v) => {
      (el as HTMLInputElement).value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    }, version);
  await replay(page)
    .getByText(new RegExp(`^Version ${version} of \\d+$`))
    .waitFor();
}

async function seenBy(page: Page, viewer: string): Promise<void> {
  await replay(page).locator('#viewer').selectOption(viewer);
}

describe('the replay viewer in Chromium', () => {
  const e2e = useStack();

  it('refuses a player the replay during the game, then opens the finished game: scrub, step, switch viewers, a dispute link', async () => {
    // Given a game of seven on the local stack; this phone holds seat 3's session.
    const table = await LocalTable.open(e2e.stack.server.wsUrl, 7, SLOW_ONLINE);
    try {
      await table.players[0].command({ type: 'say', channel: 'table', text: 'Good luck, everyone' });
      await table.start();
      const phone = await e2e.phone();
      await holdsSeat(phone, e2e.url, table, 3);

      // When the player opens the replay while the game runs, then it is refused and says why.
      await phone.goto(`${e2e.url}/#/replay/${table.gameId}`);
      await replay(phone)
        .getByText('The game is still being played: its replay opens when it ends.')
        .waitFor();
      await expect(replay(phone).locator('sc-replay-scrubber').count()).resolves.toBe(0);

      // The mafia talk on the introduction night; then the game is played to its end.
      for (const p of table.players) await p.waitForView((v: GameView) => v.phase.kind === 'night');
      const mafioso = table.players.find((p) => p.latest()?.you?.team === 'mafia');
      if (mafioso === undefined) throw new Error('no mafioso');
      const said = await mafioso.command({ type: 'say', channel: 'mafia', text: 'We start with 4' });
      expect(said.type).toBe('ack');
      const end = await finishWithJumps(table, () => e2e.jumpToDeadline(table.code));
      await e2e.stack.server.settle();
      const log: LogCommit[] = await e2e.stack.server.app.deps.store.read(table.gameId);
      const seqOf = (type: string) =>
        log.find((c) => (c.command as { type?: string } | undefined)?.type === type)?.seq ?? -1;
      const started = seqOf('start');
      const mafiaSaid = log.find((c) => (c.command as { channel?: string } | undefined)?.channel === 'mafia')
        ?.seq as number;
      const mafiosoSeat = mafioso.seat as number;
      const townSeat = end.seats.find((s) => s.team === 'town' && s.seat !== 3)?.seat as number;

      // When the game is over and the page is opened again, then the log is fetched, verified, at its end.
      await phone.reload();
      await replay(phone)
        .getByText(`Log verified: the chain holds and all ${log.length} commits follow from their commands.`)
        .waitFor();
      await replay(phone).getByText(`Version ${log.length} of ${log.length}`).waitFor();
      await expect(moment(phone).locator('.phase').textContent()).resolves.toContain('Game over');
      await shot(phone, 'replay-over');

      // The story as a mafioso lived it: his own shots, each with its night.
      const civilian = end.seats.find((s) => s.role === 'civilian' && s.seat !== 3)?.seat as number;
      const acts = log.filter((c) => (c.command as { type?: string } | undefined)?.type === 'act');
      const shooter = Number(
        acts.find((c) => (c.command as { ability?: string }).ability === 'shoot')?.actor,
      );
      // A night move that did not end its night: a step a civilian knows nothing of.
      const unseen = acts.find(
        (c) => !(c.events as Array<{ type: string }>).some((e) => e.type === 'nightResolved'),
      )?.seq as number;
      const nightEnd = log.find((c) =>
        (c.events as Array<{ type: string; report?: { round: number } }>).some(
          (e) => e.type === 'nightResolved' && e.report?.round === 1,
        ),
      )?.seq as number;
      await seenBy(phone, String(shooter));
      await story(phone)
        .locator('.yours li', { hasText: /^\s*Night \d+: .* chooses “Shoot” on / })
        .first()
        .waitFor();
      // A civilian's: no move of his own, and a night move is a step he did not see.
      await seenBy(phone, String(civilian));
      await story(phone).locator('.yours').getByText('No night move of this seat so far.').waitFor();
      await scrubTo(phone, unseen);
      await story(phone).getByText('Nothing this viewer could see happens at this step.').waitFor();
      // The key moments jump to the morning, which says who died and nothing of why.
      await story(phone)
        .locator('.moments button', { hasText: /^\s*Night 1 ends/ })
        .click();
      await replay(phone).getByText(`Version ${nightEnd} of ${log.length}`).waitFor();
      await story(phone)
        .locator('.here li', { hasText: /^\s*Night 1 ends/ })
        .waitFor();
      await expect(story(phone).locator('.here .why').count()).resolves.toBe(0);
      await expect(story(phone).locator('.moments button[aria-current=step]').textContent()).resolves.toMatch(
        /Night 1 ends/,
      );
      await shot(phone, 'replay-story');

      // Scrub to the deal: the clock shows the introduction night's whole ten minutes, and each viewer
      // sees only the roles he knew then.
      await scrubTo(phone, started);
      await expect(moment(phone).locator('.clock').textContent()).resolves.toContain('10:00 left');
      await seenBy(phone, String(townSeat));
      await expect(rolesShown(phone).count()).resolves.toBe(1);
      await expect(
        moment(phone).locator(`li[data-seat="${townSeat}"] .role`).textContent(),
      ).resolves.toBeTruthy();
      await seenBy(phone, 'public');
      await expect(rolesShown(phone).count()).resolves.toBe(0);
      await seenBy(phone, 'analyst');
      await expect(rolesShown(phone).count()).resolves.toBe(7);

      // Step to the mafia's message: the mafia read their channel, the town only the table's.
      await scrubTo(phone, mafiaSaid - 1);
      await replay(phone).getByRole('button', { name: 'Step forward' }).click();
      await replay(phone).getByText(`Version ${mafiaSaid} of ${log.length}`).waitFor();
      await seenBy(phone, String(mafiosoSeat));
      expect(await channelsShown(phone)).toEqual(['mafia', 'table']);
      await moment(phone).getByText('We start with 4').waitFor();
      await seenBy(phone, String(townSeat));
      expect(await channelsShown(phone)).toEqual(['table']);
      await moment(phone).getByText('Good luck, everyone').waitFor();
      await expect(moment(phone).getByText('We start with 4').count()).resolves.toBe(0);
      await shot(phone, 'replay-town-night');

      // The address names the moment and the viewer: it is the dispute link.
      const link = await replay(phone).getByLabel('Link to this moment').inputValue();
      expect(link).toBe(`${e2e.url}/#/replay/${table.gameId}?at=${mafiaSaid}&as=${townSeat}`);
      // and says who can open it.
      await replay(phone)
        .getByText(
          'Players of this game open this link on their own phones; anyone else needs the host’s read-only link.',
        )
        .waitFor();

      // Given the host's read-only link, when someone who did not play opens the moment with it, then the
      // viewer opens there, as that seat.
      const given = await fetch(`${e2e.url}/api/games/${table.gameId}/read-link`, {
        method: 'POST',
        headers: { authorization: `Bearer ${table.host.token}` },
      });
      const { token } = (await given.json()) as { token: string };
      const stranger = await e2e.phone();
      await stranger.goto(`${link}&key=${token}`);
      await replay(stranger).getByText(`Version ${mafiaSaid} of ${log.length}`).waitFor();
      await expect(replay(stranger).locator('#viewer').inputValue()).resolves.toBe(String(townSeat));
      await replay(stranger)
        .getByText('This link holds the host’s read-only key: anyone who has it can open this game’s replay.')
        .waitFor();
      expect(await channelsShown(stranger)).toEqual(['table']);

      // When the host opens a rematch while the player reads the replay, then his phone tells him and
      // offers to join the new game, and leaves him in the replay until he does.
      const opened = await table.host.request(
        { action: 'rematch' },
        (f): f is Extract<ServerFrame, { type: 'created' }> => f.type === 'created',
      );
      await replay(phone).waitFor();
      await phone.getByText(`The table plays again in room ${opened.code}.`).waitFor();
      await expect(replay(phone).count()).resolves.toBe(1);
      await phone.getByRole('button', { name: 'Join the new game' }).waitFor();

      // Without a token, the same moment is not opened.
      const nobody = await e2e.phone();
      await nobody.goto(link);
      await replay(nobody)
        .getByText('This phone did not play in that game. Ask its host for a read-only link.')
        .waitFor();
    } finally {
      await table.close();
    }
  }, 120_000);
});

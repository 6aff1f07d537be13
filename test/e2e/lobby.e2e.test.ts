import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { createRoom, disqualify, seatGuests } from './support/host.js';
import { Phone } from './support/phone.js';
import { useStack } from './support/suite.js';

/** The names on the lobby's seat grid, in seat order. */
async function seated(page: Page): Promise<string[]> {
  const tiles = page.locator('sc-lobby-page sc-seat-grid [role=button], sc-lobby-page sc-seat-grid button');
  return (await tiles.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
}

const playersCount = (page: Page, n: number) =>
  page.locator('sc-lobby-page h2', { hasText: `Players: ${n}` }).waitFor();

describe('the lobby: who sits where, and the same table again', () => {
  const e2e = useStack();

  it('I host and I play: one phone keeps the desk and its own seat, through a reload and into the game', async () => {
    const olga = await e2e.phone();
    await olga.goto(e2e.url);
    await olga.locator('#host-name').fill('Olga');
    await olga.getByLabel('I host and I play: take a seat on this phone too').check();
    await olga.getByRole('button', { name: 'Create the room' }).click();

    const desk = olga.getByRole('link', { name: 'Host’s desk' });
    const mine = olga.getByRole('link', { name: 'My seat' });
    await olga.getByText('You host this room').waitFor();
    expect(await desk.getAttribute('aria-current')).toBe('page');
    const code = ((await olga.locator('sc-lobby-page .code').textContent()) ?? '').trim();
    await playersCount(olga, 1);
    await shot(olga, 'host-and-play-desk');

    await mine.click();
    await olga.getByText('Waiting for the host to start.').waitFor();
    expect(await mine.getAttribute('aria-current')).toBe('page');

    // A reload keeps both: the seat it is on, and the desk a tap away.
    await olga.reload();
    await olga.getByText('Waiting for the host to start.').waitFor();
    await olga.getByRole('link', { name: 'Host’s desk' }).click();
    await olga.getByText('You host this room').waitFor();
    await olga.reload();
    await olga.getByText('You host this room').waitFor();

    const others = [];
    for (const name of ['Ann', 'Bob', 'Cid']) {
      const p = new Phone(await e2e.phone(), name);
      await p.join(e2e.url, code);
      others.push(p);
    }
    await playersCount(olga, 4);
    await olga.getByRole('button', { name: 'Start the game' }).click();
    await olga.locator('sc-host-page').waitFor();
    await olga.getByRole('link', { name: 'My seat' }).click();
    await olga.locator('sc-game-page sc-role-card').waitFor();
    await olga.reload();
    await olga.locator('sc-game-page sc-role-card').waitFor();
    await shot(olga, 'host-and-play-seat');
    await olga.getByRole('link', { name: 'Host’s desk' }).click();
    await olga.locator('sc-host-page').waitFor();

    // Home lists the game once, with both places and where it stands.
    await olga.goto(`${e2e.url}/#/`);
    const recent = olga.locator('sc-home-page li');
    await expect.poll(() => recent.count()).toBe(1);
    await expect.poll(() => recent.first().textContent()).toMatch(/host · Olga[\s\S]*running/);
  }, 120_000);

  it('one phone holds one seat; look-alike names are refused; the host renames, moves and removes; a player leaves', async () => {
    const host = await e2e.phone();
    const code = await createRoom(host, e2e.url, 'Olga');
    const ann = new Phone(await e2e.phone(), 'Ann');
    await ann.join(e2e.url, code);

    // The same phone opens the join link again: it is back in its own seat, not in a second one.
    await ann.page.goto(`${e2e.url}/#/join/${code}`);
    await ann.page.locator('#join-name').fill('Ann again');
    await ann.page.getByRole('button', { name: 'Join', exact: true }).click();
    await ann.page.getByText('Waiting for the host to start.').waitFor();
    await playersCount(host, 1);
    await playersCount(ann.page, 1);

    // " ANN " is Ann to anyone reading the table.
    const impostor = new Phone(await e2e.phone(), ' ANN ');
    await impostor.page.goto(`${e2e.url}/#/join/${code}`);
    await impostor.page.locator('#join-name').fill(' ANN ');
    await impostor.page.getByRole('button', { name: 'Join', exact: true }).click();
    await impostor.page.getByText('Someone at this table already has that name: choose another.').waitFor();
    await impostor.page.locator('#join-name').fill('Host');
    await impostor.page.getByRole('button', { name: 'Join', exact: true }).click();
    await impostor.page.getByText('That name cannot be used: choose another.').waitFor();

    const bob = new Phone(impostor.page, 'Bob');
    await bob.join(e2e.url, code);
    const cid = new Phone(await e2e.phone(), 'Cid');
    await cid.join(e2e.url, code);
    await playersCount(host, 3);

    await host.getByText('Manage the seats').click();
    const manager = host.locator('sc-seat-manager');
    // Rename seat 3.
    await manager.locator('summary', { hasText: '3 · Cid' }).click();
    await manager.getByLabel('New name for seat 3').fill('Carl');
    await manager.getByRole('button', { name: 'Rename' }).last().click();
    await cid.page.locator('sc-seat-grid').getByText('Carl').waitFor();
    // A rename onto a name at the table is refused.
    await manager.locator('summary', { hasText: '3 · Carl' }).click();
    await manager.getByLabel('New name for seat 3').fill('bob');
    await manager.getByRole('button', { name: 'Rename' }).last().click();
    await host.getByText('Someone at this table already has that name: choose another.').waitFor();

    // Move Ann (seat 1) onto Bob (seat 2): they swap, and each phone follows its player.
    await manager.locator('summary', { hasText: '1 · Ann' }).click();
    await manager.locator('#to-1').selectOption('2');
    await manager.locator('summary', { hasText: '2 · Ann' }).waitFor();
    await manager.locator('summary', { hasText: '1 · Bob' }).waitFor();
    await ann.page
      .locator('sc-lobby-page select#move option', { hasText: '2 · Ann' })
      .waitFor({ state: 'attached' });
    await shot(host, 'lobby-manage');

    // Remove Carl, after a question.
    await manager.locator('summary', { hasText: '3 · Carl' }).click();
    await manager.getByRole('button', { name: 'Remove from the table' }).last().click();
    const ask = host.getByRole('dialog', { name: 'Remove 3 · Carl?' });
    await ask.getByRole('button', { name: 'Remove' }).click();
    await playersCount(host, 2);
    await cid.page.getByText('Join a game').waitFor();
    expect(cid.page.url()).toMatch(/#\/$/);

    // Bob leaves by himself.
    await bob.page.getByRole('button', { name: 'Leave the table' }).click();
    await bob.page
      .getByRole('dialog', { name: 'Leave the table?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await bob.page.getByText('Join a game').waitFor();
    await playersCount(host, 1);
    expect((await seated(host)).join(' ')).toContain('Ann');
  }, 120_000);

  it('rematch: one tap after the game opens the next one with the same people, seats and settings, and every phone follows', async () => {
    const host = await e2e.phone();
    const code = await createRoom(host, e2e.url, 'Olga', { timers: { speech: 90 } });
    const ann = new Phone(await e2e.phone(), 'Ann');
    const bob = new Phone(await e2e.phone(), 'Bob');
    await ann.join(e2e.url, code);
    await bob.join(e2e.url, code);
    await seatGuests(host, ['Cid', 'Dan']);
    await host.getByRole('button', { name: 'Start the game' }).click();
    await host.locator('sc-host-page').waitFor();

    // The host ends the game from his desk: guests out first, then whoever is needed.
    for (const seat of [3, 4, 2]) {
      if (await host.locator('sc-phase-bar h1', { hasText: 'Game over' }).isVisible()) break;
      await disqualify(host, seat, 'Left early');
    }
    await ann.waitForPhase('Game over');
    await bob.waitForPhase('Game over');

    await host.getByRole('button', { name: 'Play again: same players, seats and settings' }).click();
    const newCode = host.locator('sc-lobby-page .code');
    await expect.poll(async () => ((await newCode.textContent()) ?? '').trim()).not.toBe(code);
    await expect.poll(async () => ((await newCode.textContent()) ?? '').trim()).toMatch(/^[A-Z0-9]{4,8}$/);
    await playersCount(host, 4);

    for (const [p, seat] of [
      [ann, 1],
      [bob, 2],
    ] as const) {
      await p.page.getByText('Waiting for the host to start.').waitFor();
      await playersCount(p.page, 4);
      await p.page.locator('sc-lobby-page select#move option', { hasText: `${seat} · ${p.name}` }).waitFor({
        state: 'attached',
      });
    }
    await shot(bob.page, 'rematch-lobby');
    // The same settings: the speech timer the host chose is still 90 s.
    await host.getByText('Settings').click();
    await host.locator('sc-settings-form').getByText('Timers (seconds)').click();
    expect(await host.locator('sc-settings-form #t-speech').inputValue()).toBe('90');
    await host.getByRole('button', { name: 'Start the game' }).click();
    await ann.page.locator('sc-game-page sc-role-card').waitFor();
    await bob.page.locator('sc-game-page sc-role-card').waitFor();
  }, 150_000);
});

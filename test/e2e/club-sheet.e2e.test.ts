import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitAttempt } from '../../functions/app/commit.js';
import { parseScenario } from '../../shared/play/scenario.js';
import { shot } from './support/browser.js';
import { createRoom } from './support/host.js';
import { useStack } from './support/suite.js';

const scenario = join(import.meta.dirname, '..', 'scenarios', 'club-blocked-mafioso.json');

describe('the club game sheet on a phone', () => {
  const e2e = useStack();

  it('shows the host the seats, the acquaintance night, each night with a blocked shot marked, and each day with the alibi', async () => {
    // given a club room created on the host's phone, played as the scenario file records it (moderator mode)
    const host = await e2e.phone();
    const code = await createRoom(host, e2e.url, 'Host', { preset: 'club' });
    const { deps } = e2e.stack.server.app;
    const gameId = await deps.directory.gameForCode(code);
    if (gameId === null) throw new Error(`no room ${code}`);
    const parsed = parseScenario(JSON.parse(readFileSync(scenario, 'utf8')));
    if (!parsed.ok) throw new Error(parsed.message);
    const sc = parsed.scenario;
    let sent = 0;
    const send = async (command: Record<string, unknown>) => {
      const outcome = await commitAttempt(deps, {
        gameId,
        commandId: `club-sheet-${++sent}`,
        actor: 'host',
        command: command as never,
      });
      if (outcome.kind !== 'appended') throw new Error(`${JSON.stringify(command)}: ${outcome.kind}`);
    };
    await send({ type: 'configure', settings: { dealing: 'manual' } });
    for (let seat = 1; seat <= sc.players; seat++) await send({ type: 'seatPlayer', name: `Player ${seat}` });
    for (const [seat, role] of Object.entries(sc.deal ?? {}))
      await send({ type: 'assignRole', seat: Number(seat), role });
    await send({ type: 'start' });
    for (const step of sc.steps)
      if ('by' in step) await send(typeof step.by === 'number' ? { ...step.do, as: step.by } : step.do);
    await e2e.stack.server.settle();

    // when the host opens the game sheet
    await host.evaluate((id) => {
      location.hash = `#/game/${encodeURIComponent(id)}/sheet`;
    }, gameId);
    const sheet = host.locator('sc-club-sheet');
    await sheet.getByRole('heading', { name: 'Night 3' }).waitFor();
    // its printable protocol is the club's, not a tournament's
    await host.getByRole('button', { name: 'Club protocol' }).waitFor();
    expect(await host.getByRole('button', { name: 'Tournament protocol' }).count()).toBe(0);

    // then every part of the club protocol is there
    for (const heading of ['Players', 'Acquaintance night', 'Night 1', 'Night 2', 'Day 1', 'Day 2', 'Day 4'])
      await expect.poll(() => sheet.getByRole('heading', { name: heading, exact: true }).count()).toBe(1);
    const night2 = sheet.locator('section', { has: host.getByRole('heading', { name: 'Night 2' }) });
    await expect.poll(() => night2.locator('.blocked').count()).toBe(1);
    expect(await night2.locator('li', { has: host.locator('.blocked') }).textContent()).toContain('(10)');
    const day2 = sheet.locator('section', { has: host.getByRole('heading', { name: 'Day 2' }) });
    expect(await day2.textContent()).toContain('Alibi: 6 · Player 6');
    const seats = sheet.locator('section', { has: host.getByRole('heading', { name: 'Players' }) });
    expect(await seats.locator('li').count()).toBe(13);
    expect(await seats.locator('li').nth(1).textContent()).toMatch(/shot by the mafia, Night 1/);

    // and it reads on a phone: nothing wider than the screen, nothing to scroll sideways
    const width = await host.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: window.innerWidth,
    }));
    expect(width.page).toBeLessThanOrEqual(width.screen);
    const widest = await sheet.evaluate((el) =>
      Math.max(
        ...[...(el.shadowRoot?.querySelectorAll('section') ?? [])].map((s) => s.scrollWidth - s.clientWidth),
      ),
    );
    expect(widest).toBeLessThanOrEqual(0);
    await shot(host, 'club-sheet');
    await night2.scrollIntoViewIfNeeded();
    await shot(host, 'club-sheet-night');
  });
});

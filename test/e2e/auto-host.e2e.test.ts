import { describe, expect, it } from 'vitest';
import { SLOW_ONLINE } from '../support/local-table.js';
import { GameClient } from '../support/ws-client.js';
import { shot } from './support/browser.js';
import { createRoom } from './support/host.js';
import { joinInTurn } from './support/phone.js';
import { useStack } from './support/suite.js';

describe('the automatic room’s host on his own phone', () => {
  const e2e = useStack();

  it('ends the discussion early and sees who has acted tonight — never what, and no player sees it', async () => {
    // given an automatic room of four dealt by hand — mafioso 1, Doctor 2 — whose host does not play
    const host = await e2e.phone();
    const code = await createRoom(host, e2e.url, 'Hostess', { dealing: 'manual' });
    const [ann, bob, cleo] = await joinInTurn(
      ['Ann', 'Bob', 'Cleo', 'Dan'],
      () => e2e.phone(),
      e2e.url,
      code,
    );
    await host.getByText('Players: 4').waitFor();
    await host.locator('#as-1').selectOption('mafia');
    await host.locator('#as-2').selectOption('doctor');
    await host.getByRole('button', { name: 'Start the game' }).click();

    // when he ends day 1's discussion, night 1 falls
    await ann.waitForPhase('Day 1', 'Discussion');
    await host.getByRole('button', { name: 'End the discussion' }).click();
    await ann.waitForPhase('Night 1');
    const acted = host.locator('section', { has: host.getByRole('heading', { name: 'Acted tonight' }) });
    await acted.getByText('Nobody yet').waitFor();

    // when the mafioso shoots Cleo
    await ann.target(3);
    // then the host's desk names Ann, and neither her target nor her role
    await acted.getByText('1 · Ann').waitFor();
    expect(await acted.textContent()).not.toContain('Cleo');
    expect(await host.getByText('Mafioso').count()).toBe(0);
    await shot(host, 'host-auto-acted');
    // and no player's phone says who has acted
    for (const p of [ann, bob, cleo]) expect(await p.page.getByText('Acted tonight').count()).toBe(0);

    // when the Doctor heals, the night is over and the desk no longer shows it
    await bob.target(3);
    await ann.waitForPhase('Day 2');
    await host.getByRole('heading', { name: 'Acted tonight' }).waitFor({ state: 'detached' });
  }, 150_000);

  it('tells a mafioso whose shot differs from his partner’s who the partner shot, and that a split shot kills nobody', async () => {
    // given mafioso 1 and Don 2 on night 1 of an automatic room
    const host = await GameClient.open(e2e.stack.server.wsUrl);
    const { code } = await host.create({ ...SLOW_ONLINE, dealing: 'manual' });
    const [ann, bob] = await joinInTurn(['Ann', 'Bob', 'Cleo', 'Dan'], () => e2e.phone(), e2e.url, code);
    for (const [seat, role] of [
      [1, 'mafia'],
      [2, 'don'],
    ] as const)
      expect((await host.command({ type: 'assignRole', seat, role })).type).toBe('ack');
    expect((await host.command({ type: 'start' })).type).toBe('ack');
    for (const p of [ann, bob]) await p.page.getByRole('button', { name: 'I know my team' }).click();
    let phase = await e2e.jumpToDeadline(code);
    while (phase.kind !== 'night') phase = await e2e.jumpToDeadline(code);

    // when Ann shoots Cleo and Bob shoots Dan
    await ann.target(3);
    await bob.target(4);
    // then Ann reads whom her partner shot, by name, and the warning
    const night = ann.page.locator('sc-night-panel');
    await night.getByText('Your team shoots: 2 · Bob → 4 · Dan').waitFor();
    await night.getByRole('alert').getByText('a split shot kills nobody').waitFor();
    await shot(ann.page, 'split-shot');
    await host.close();
  }, 150_000);
});

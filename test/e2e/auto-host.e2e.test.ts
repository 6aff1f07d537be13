import { describe, expect, it } from 'vitest';
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
});

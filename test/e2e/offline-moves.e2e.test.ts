import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { createRoom } from './support/host.js';
import { Phone } from './support/phone.js';
import { useStack } from './support/suite.js';

describe('a move made offline', () => {
  const e2e = useStack();

  it('waits to be sent, then is taken when the phone is back — or refused, and says why', async () => {
    const host = await e2e.phone();
    const code = await createRoom(host, e2e.url, 'Hostess', { timers: { discussion: 600, vote: 600 } });
    const phones: Phone[] = [];
    for (const name of ['Ann', 'Boris', 'Carmen', 'Dmitri']) {
      const p = new Phone(await e2e.phone(), name);
      await p.join(e2e.url, code);
      phones.push(p);
    }
    const [ann, boris] = phones;
    await host.getByRole('button', { name: 'Start the game' }).click();
    await ann.waitForPhase('Day 1', 'Discussion');
    const waiting = ann.page.getByText('Waiting to send…');

    // Given Ann's phone loses the network in the middle of the discussion
    await ann.page.context().setOffline(true);
    await ann.page.getByText('You are offline').waitFor();
    // When she nominates Dmitri
    await ann.target(4);
    // Then the phone says the move waits, and nobody else has it yet
    await waiting.waitFor();
    await shot(ann.page, 'waiting-to-send');
    await boris.page.getByText('Ann').first().waitFor();
    expect(await boris.page.getByText('4 · Dmitri, by 1 · Ann').count()).toBe(0);

    // When the network comes back, the move goes out by itself and the label goes
    await ann.page.context().setOffline(false);
    await waiting.waitFor({ state: 'hidden', timeout: 30_000 });
    await ann.page.getByText('4 · Dmitri, by 1 · Ann').waitFor();
    await boris.page.getByText('4 · Dmitri, by 1 · Ann').waitFor();

    // Given Boris's phone goes offline and he nominates too…
    await boris.page.context().setOffline(true);
    await boris.page.getByText('You are offline').waitFor();
    await boris.target(1);
    await boris.page.getByText('Waiting to send…').waitFor();
    // …while the host ends the discussion: the vote opens without his nomination
    await host.getByRole('button', { name: 'End the discussion' }).click();
    await ann.page.locator('sc-ballot-panel').waitFor();

    // When his phone is back, the late nomination is refused and the phone says so
    await boris.page.context().setOffline(false);
    await boris.page.getByText('Waiting to send…').waitFor({ state: 'hidden', timeout: 30_000 });
    await boris.page.locator('sc-toast-stack', { hasText: 'Not now: the game has moved on.' }).waitFor();
    await shot(boris.page, 'refused-after-offline');
    const ballot = boris.page.locator('sc-ballot-panel');
    await ballot.getByRole('button', { name: /^Vote against 4 / }).waitFor();
    expect(await ballot.getByRole('button', { name: /^Vote against 1 / }).count()).toBe(0);
  }, 180_000);

  it('a chat line written offline shows as waiting until it is sent, then once, as sent', async () => {
    const host = await e2e.phone();
    const code = await createRoom(host, e2e.url, 'Hostess');
    const ann = new Phone(await e2e.phone(), 'Ann');
    const boris = new Phone(await e2e.phone(), 'Boris');
    await ann.join(e2e.url, code);
    await boris.join(e2e.url, code);
    const annChat = ann.page.locator('sc-chat-panel');
    const borisChat = boris.page.locator('sc-chat-panel');

    // Given Ann's phone loses the network in the lobby
    await ann.page.context().setOffline(true);
    await ann.page.getByText('You are offline').waitFor();
    // When she writes to the table
    await annChat.getByRole('textbox', { name: 'Message' }).fill('On my way');
    await annChat.getByRole('button', { name: 'Send' }).click();
    // Then her chat shows the line as waiting to be sent, and Boris has nothing
    const waitingLine = annChat.locator('li.unsent', { hasText: '1 · Ann: On my way' });
    await waitingLine.getByText('Waiting to send…').waitFor();
    await shot(ann.page, 'chat-waiting');
    await boris.page.getByText('Players: 2').first().waitFor();
    expect(await borisChat.getByText('On my way').count()).toBe(0);

    // When the network comes back, the line goes out, and shows once, as sent, on both phones
    await ann.page.context().setOffline(false);
    await waitingLine.waitFor({ state: 'detached', timeout: 30_000 });
    await borisChat.getByText('On my way').waitFor();
    await annChat.getByText('On my way').waitFor();
    expect(await annChat.getByText('On my way').count()).toBe(1);
    expect(await annChat.getByText('Waiting to send…').count()).toBe(0);
    expect(await borisChat.getByText('On my way').count()).toBe(1);
  }, 120_000);
});

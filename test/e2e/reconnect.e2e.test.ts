import { describe, it } from 'vitest';
import { shot } from './support/browser.js';
import { createRoom } from './support/host.js';
import { Phone } from './support/phone.js';
import { useStack } from './support/suite.js';

describe('a dropped connection', () => {
  const e2e = useStack();

  it('says it is reconnecting, comes back by itself and resumes the same seat', async () => {
    const host = await e2e.phone();
    const code = await createRoom(host, e2e.url, 'Host');
    const ann = new Phone(await e2e.phone(), 'Ann');
    await ann.join(e2e.url, code);

    // The server goes away (a deploy, a laptop's sleep): every socket drops at once.
    const stopped = e2e.stack.server.close();
    await ann.page.getByText('Reconnecting…').waitFor();
    await shot(ann.page, 'reconnecting');
    await stopped;
    await e2e.stack.restart();

    // Back with backoff: the banner goes, and both phones get what happens next.
    await ann.page.getByText('Reconnecting…').waitFor({ state: 'hidden', timeout: 30_000 });
    await host.getByText('Reconnecting…').waitFor({ state: 'hidden', timeout: 30_000 });
    const ben = new Phone(await e2e.phone(), 'Ben');
    await ben.join(e2e.url, code);
    await ann.page.getByText('Players: 2').waitFor();
    await host.getByText('Players: 2').waitFor();
    await ann.page
      .locator('sc-seat-grid')
      .getByRole('button', { name: /Seat 1, Ann, (\p{L}+, )?you/u })
      .waitFor();
  }, 120_000);
});

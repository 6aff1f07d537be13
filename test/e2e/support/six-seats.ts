import type { Page } from 'playwright-core';
import { createRoom, seatGuests } from './host.js';
import { Phone } from './phone.js';
import type { Suite } from './suite.js';

export interface SixSeats {
  host: Page;
  code: string;
  ann: Phone;
  boris: Phone;
  carmen: Phone;
}

/**
 * A classic table of six dealt by hand and started: Ann (mafioso, seat 1), Boris (Don, 2) and Carmen
 * (Sheriff, 3) play on their phones; Dora, Emil and Fane are civilians without one, seated by the host.
 * `switches`: settings switched on by their label when the room is made.
 */
export async function startSixSeats(e2e: Suite, switches: string[] = []): Promise<SixSeats> {
  const host = await e2e.phone();
  const code = await createRoom(host, e2e.url, 'Host', { dealing: 'manual', switches });
  const [ann, boris, carmen] = await Promise.all(
    ['Ann', 'Boris', 'Carmen'].map(async (name) => new Phone(await e2e.phone(), name)),
  );
  for (const p of [ann, boris, carmen]) await p.join(e2e.url, code);
  await seatGuests(host, ['Dora', 'Emil', 'Fane']);
  await host.getByText('Players: 6').waitFor();
  for (const [seat, role] of Object.entries({ 1: 'mafia', 2: 'don', 3: 'sheriff' }))
    await host.locator(`#as-${seat}`).selectOption(role);
  await host.getByRole('button', { name: 'Start the game' }).click();
  return { host, code, ann, boris, carmen };
}

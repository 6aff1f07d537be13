import type { Locator, Page } from 'playwright-core';
import type { RoleId } from '../../../shared/roles/index.js';

/** English role names on the card, back to ids (the test plays in English). */
const ROLE_BY_NAME: Record<string, RoleId> = {
  Civilian: 'civilian',
  Mafioso: 'mafia',
  Don: 'don',
  Sheriff: 'sheriff',
  Doctor: 'doctor',
  Maniac: 'maniac',
};

const seatPattern = (seat: number) => new RegExp(`\\bSeat ${seat},`);

/** What a player does and reads on his phone, through the UI only. */
export class Phone {
  constructor(
    readonly page: Page,
    readonly name: string,
  ) {}

  async join(url: string, code: string): Promise<void> {
    await this.open(url, code);
    await this.takeSeat();
  }

  /** Opens the room's join page and types the name: the part of joining that loads the app. */
  async open(url: string, code: string): Promise<void> {
    // No navigation timeout: pages loading side by side on a busy machine wait for the name field instead.
    await this.page.goto(`${url}/#/join/${code}`, { waitUntil: 'commit' });
    await this.page.locator('#join-name').fill(this.name);
  }

  /** Joins from the open join page, taking the next free seat. */
  async takeSeat(): Promise<void> {
    await this.page.getByRole('button', { name: 'Join', exact: true }).click();
    await this.page.getByText('Waiting for the host to start.').waitFor();
  }

  /** Holds the role card down, reads it, lets go: the way a player peeks at his card. */
  async readRole(): Promise<RoleId> {
    const card = this.page.locator('sc-role-card button');
    await card.waitFor();
    await card.hover();
    await this.page.mouse.down();
    const name = (await this.page.locator('sc-role-card .role').textContent())?.trim() ?? '';
    await this.page.mouse.up();
    await this.page.locator('sc-role-card .role').waitFor({ state: 'detached' });
    const role = ROLE_BY_NAME[name];
    if (!role) throw new Error(`${this.name}: unknown role on the card: "${name}"`);
    return role;
  }

  /** The phase bar's text ("Day 2 · Discussion"), for waiting on the game. */
  phase(): Locator {
    return this.page.locator('sc-phase-bar');
  }

  async waitForPhase(title: string, step?: string): Promise<void> {
    await this.page.locator('sc-phase-bar h1', { hasText: title }).waitFor({ timeout: 60_000 });
    if (step) await this.page.locator('sc-phase-bar .step', { hasText: step }).waitFor({ timeout: 60_000 });
  }

  tile(seat: number): Locator {
    return this.page.locator('sc-seat-grid').getByRole('button', { name: seatPattern(seat) });
  }

  /** Taps a player's tile, then the confirm bar: a night action, a nomination, a majority vote. */
  async target(seat: number): Promise<void> {
    await this.tile(seat).click();
    await this.page.locator('sc-action-bar button.primary').click();
  }

  /** Votes and waits until the vote shows as given (or the ballot is gone: the last vote closes it). */
  async voteAgainst(seat: number): Promise<void> {
    const panel = this.page.locator('sc-ballot-panel');
    const name = new RegExp(`^Vote against ${seat} `);
    await panel.getByRole('button', { name }).click();
    await Promise.race([
      panel.getByRole('button', { name, pressed: true }).waitFor(),
      panel.waitFor({ state: 'detached' }),
    ]);
  }

  async endSpeech(): Promise<void> {
    await this.page.getByRole('button', { name: 'Thank you: end my speech' }).click();
  }
}

/**
 * Players on phones of their own, seated in the order named (the first on seat 1): their pages open and load
 * side by side, then each joins once the one before him has his seat.
 */
export async function joinInTurn(
  names: readonly string[],
  newPage: () => Promise<Page>,
  url: string,
  code: string,
): Promise<Phone[]> {
  const phones = await Promise.all(
    names.map(async (name) => {
      const phone = new Phone(await newPage(), name);
      await phone.open(url, code);
      return phone;
    }),
  );
  for (const phone of phones) await phone.takeSeat();
  return phones;
}

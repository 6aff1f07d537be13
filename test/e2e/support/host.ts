import type { Locator, Page } from 'playwright-core';

/** Opens the home page and creates a room with the given rules and timers; returns the room code. */
export async function createRoom(
  page: Page,
  url: string,
  name: string,
  opts: {
    preset?: string;
    master?: string;
    dealing?: string;
    timers?: Record<string, number>;
    /** Settings switched on by their label in the form's first section. */
    switches?: string[];
  } = {},
): Promise<string> {
  await page.goto(url);
  await page.locator('#host-name').fill(name);
  const form = page.locator('sc-settings-form');
  if (opts.preset) await form.locator('#preset').selectOption(opts.preset);
  if (opts.master) await form.locator('#f-master').selectOption(opts.master);
  if (opts.dealing) await form.locator('#f-dealing').selectOption(opts.dealing);
  for (const label of opts.switches ?? []) await form.getByLabel(label).check();
  if (opts.timers) {
    await form.getByText('Timers (seconds)').click();
    for (const [key, seconds] of Object.entries(opts.timers)) {
      const input = form.locator(`#t-${key}`);
      await input.fill(String(seconds));
      await input.blur();
    }
  }
  await page.getByRole('button', { name: 'Create the room' }).click();
  const code = page.locator('sc-lobby-page .code');
  await code.waitFor();
  return ((await code.textContent()) ?? '').trim();
}

/** Seats players who have no phone, from the host's lobby ("Seat a player": `seatPlayer`). */
export async function seatGuests(page: Page, names: string[]): Promise<void> {
  const input = page.locator('#guest');
  // A moderator has the form at hand; any other host opens "Players without a phone" first.
  if (!(await input.isVisible())) await page.getByText('Players without a phone').click();
  for (const name of names) {
    await input.fill(name);
    await page.getByRole('button', { name: 'Seat a player' }).click();
    await page.locator('sc-seat-grid').getByText(name, { exact: true }).waitFor();
  }
}

const DEAL_LABELS = {
  random: /^At random on this phone/,
  physical: /^Physical cards/,
  manual: /^By hand/,
  cards: /^Face-down cards/,
} as const;

/** A judge at a live table says how the roles are dealt; the start key waits for it. */
export async function chooseDeal(page: Page, deal: keyof typeof DEAL_LABELS): Promise<void> {
  await page.getByRole('radio', { name: DEAL_LABELS[deal] }).check();
}

/** The host's roster: seat → its first fact (the role name where the host sees roles). */
export async function rolesOnDesk(page: Page): Promise<Map<number, string>> {
  const roles = new Map<number, string>();
  for (const row of await page.locator('sc-seat-roster li').all()) {
    const name = (await row.locator('.name').textContent()) ?? '';
    const meta = (await row.locator('.meta').textContent()) ?? '';
    roles.set(Number(name.split('·')[0]), meta.split('·')[0].trim());
  }
  return roles;
}

/** One seat's line on the host's roster. */
export function rosterRow(page: Page, seat: number): Locator {
  return page
    .locator('sc-seat-roster li')
    .filter({ has: page.locator('.name', { hasText: new RegExp(`^${seat} · `) }) });
}

/** Opens the judge's sheet for a seat ("⋯" on the roster) and returns it. */
export async function judgeSheet(page: Page, seat: number): Promise<Locator> {
  await page.getByRole('button', { name: new RegExp(`^More for ${seat} `) }).click();
  const sheet = page.getByRole('dialog');
  await sheet.waitFor();
  return sheet;
}

/** Disqualifies a seat with a reason: the sheet asks for it, then asks to confirm. */
export async function disqualify(page: Page, seat: number, reason: string): Promise<void> {
  const sheet = await judgeSheet(page, seat);
  await sheet.getByLabel('Reason').fill(reason);
  await sheet.getByRole('button', { name: 'Disqualify…' }).click();
  await sheet.getByRole('button', { name: 'Yes, disqualify' }).click();
  await sheet.waitFor({ state: 'hidden' });
  await rosterRow(page, seat)
    .locator('.meta', { hasText: `disqualified: ${reason}` })
    .waitFor();
}

/** Sets a seat's extra points from the judge's sheet. */
export async function giveExtraPoints(page: Page, seat: number, points: number): Promise<void> {
  const sheet = await judgeSheet(page, seat);
  await sheet.getByLabel('Extra points').fill(String(points));
  await sheet.getByRole('button', { name: 'Save points' }).click();
  await sheet.waitFor({ state: 'hidden' });
}

/** A seat's points in the results table at the end. */
export async function pointsOf(page: Page, seat: number): Promise<string> {
  const row = page.locator('sc-results-panel tbody tr').nth(seat - 1);
  return ((await row.locator('td.num').textContent()) ?? '').trim();
}

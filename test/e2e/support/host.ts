import type { Page } from 'playwright-core';

/** Opens the home page and creates a room with the given rules and timers; returns the room code. */
export async function createRoom(
  page: Page,
  url: string,
  name: string,
  opts: { preset?: string; master?: string; timers?: Record<string, number> } = {},
): Promise<string> {
  await page.goto(url);
  await page.locator('#host-name').fill(name);
  const form = page.locator('sc-settings-form');
  if (opts.preset) await form.locator('#preset').selectOption(opts.preset);
  if (opts.master) await form.locator('#f-master').selectOption(opts.master);
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

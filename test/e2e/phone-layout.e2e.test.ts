import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { chooseDeal, createRoom, disqualify, rolesOnDesk, seatGuests } from './support/host.js';
import { useStack } from './support/suite.js';

const NAMES = ['Ada', 'Boris', 'Carla', 'Dan', 'Eva', 'Filip', 'Gala', 'Hugo', 'Ilie', 'Jana'];

/**
 * Every control a thumb may press on the screen now, with its size: buttons, selects, text fields, link
 * keys and summaries, inside every shadow root. Checkboxes count by their label.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: Element[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) walk(el.shadowRoot);
        if (
          el.matches(
            'button, select, summary, a.button, input:not([type=checkbox]):not([type=radio]), label.check',
          )
        )
          found.push(el);
      }
    };
    walk(document);
    return found
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(
        ({ el, box }) => box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden',
      )
      .filter(({ box }) => box.height < 44 || box.width < 44)
      .map(
        ({ el, box }) =>
          `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
  });
}

describe('on a 390 × 844 phone: thumb-sized controls, and every screen opening at its top', () => {
  const e2e = useStack();

  it('has no control under 44 px, and the judge’s night 0 and game over open at the top', async () => {
    const host = await e2e.phone();
    await host.goto(e2e.url);
    await host.getByText('Host a game').waitFor();
    expect(await smallTargets(host)).toEqual([]);

    await createRoom(host, e2e.url, 'Judge', { preset: 'sport' });
    await seatGuests(host, NAMES);
    await chooseDeal(host, 'random');
    expect(await smallTargets(host)).toEqual([]);

    // The start key sits at the bottom of the lobby: the judge scrolls down to it.
    const start = host.getByRole('button', { name: 'Start the game' });
    await start.scrollIntoViewIfNeeded();
    expect(await host.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await start.click();
    await host.locator('sc-phase-bar h1', { hasText: 'Night 0' }).waitFor();
    await expect.poll(() => host.evaluate(() => window.scrollY)).toBe(0);
    expect(await smallTargets(host)).toEqual([]);

    // Three blacks disqualified from the roster at the bottom: the town wins, and the end opens at its top.
    const roles = await rolesOnDesk(host);
    const blacks = [...roles].filter(([, r]) => r === 'Mafioso' || r === 'Don').map(([s]) => s);
    for (const seat of blacks) await disqualify(host, seat, 'Spoke during the night');
    await host.locator('sc-phase-bar h1', { hasText: 'Game over' }).waitFor();
    await expect.poll(() => host.evaluate(() => window.scrollY)).toBe(0);
    await host.locator('sc-results-panel .winner').waitFor();
    expect(await smallTargets(host)).toEqual([]);

    // The timers' fields line up in pairs, in Russian too, where labels wrap.
    const ru = await e2e.phone('ru-RU');
    await ru.goto(e2e.url);
    await ru.getByText('Таймеры (секунды)').click();
    const timers = ru.locator('sc-settings-form details', { hasText: 'Таймеры (секунды)' });
    const tops = await timers
      .locator('.pair input')
      .evaluateAll((inputs) => inputs.map((i) => Math.round(i.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThan(2);
    for (let i = 0; i + 1 < tops.length; i += 2) expect(tops[i + 1]).toBe(tops[i]);

    // The tournament protocol fits a phone's width: its own viewport, the wide tables scrolling inside.
    await host.getByRole('link', { name: 'Game sheet' }).click();
    const [protocol] = await Promise.all([
      host.context().waitForEvent('page'),
      host.getByRole('button', { name: 'Tournament protocol' }).click(),
    ]);
    await protocol.waitForLoadState();
    expect(await protocol.locator('meta[name=viewport]').getAttribute('content')).toContain(
      'width=device-width',
    );
    const width = await protocol.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await protocol.close();

    // In Russian the judge's protocol is Russian throughout, and still fits the phone's width.
    await host.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    const [russian] = await Promise.all([
      host.context().waitForEvent('page'),
      host.getByRole('button', { name: 'Протокол турнира' }).click(),
    ]);
    await russian.waitForLoadState();
    expect(await russian.evaluate(() => document.documentElement.lang)).toBe('ru');
    await russian.getByRole('heading', { name: 'Игровой бланк' }).waitFor();
    for (const header of ['Место', 'Игрок', 'Роль', 'Выход из игры', 'Баллы'])
      await russian.getByRole('columnheader', { name: header, exact: true }).waitFor();
    expect(await russian.locator('.seats').textContent()).toMatch(/дисквалификация, круг 0/);
    expect(await russian.locator('body').textContent()).not.toMatch(
      /Game sheet|Left the game|Protests|Winner/,
    );
    const fit = await russian.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: window.innerWidth,
    }));
    expect(fit.page).toBeLessThanOrEqual(fit.screen);
    await shot(russian, 'protocol-ru');
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { useStack } from './support/suite.js';

// The two tests share nothing but the server: they run side by side.
describe.concurrent('the app in five languages', () => {
  const e2e = useStack();

  it('speaks the device’s language, switches on request and remembers the choice', async () => {
    const page = await e2e.phone('es-ES');
    await page.goto(e2e.url);
    await page.getByRole('heading', { name: 'Unirse a una partida' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('ru');
    await page.getByRole('heading', { name: 'Войти в игру' }).waitFor();
    await shot(page, 'home-ru');
    await page.reload();
    await page.getByRole('heading', { name: 'Войти в игру' }).waitFor();
  }, 60_000);

  it('shows one game to a Russian host and to players in Spanish, French, Romanian and English', async () => {
    const host = await e2e.phone('ru-RU');
    await host.goto(e2e.url);
    await host.locator('#host-name').fill('Ведущий');
    await host.getByRole('button', { name: 'Создать комнату' }).click();
    const code = ((await host.locator('sc-lobby-page .code').textContent()) ?? '').trim();

    const players = [
      { locale: 'es-ES', name: 'Lucía', join: 'Unirse', day: 'Día 1', nominate: 'Nominaciones' },
      { locale: 'fr-FR', name: 'Léa', join: 'Rejoindre', day: 'Jour 1', nominate: 'Propositions' },
      { locale: 'ro-RO', name: 'Ioana', join: 'Intră', day: 'Ziua 1', nominate: 'Propuneri' },
      { locale: 'en-GB', name: 'Jack', join: 'Join', day: 'Day 1', nominate: 'Nominations' },
    ];
    // The pages load side by side; the players join one after another.
    const pages = await Promise.all(
      players.map(async (p) => {
        const page = await e2e.phone(p.locale);
        await page.goto(`${e2e.url}/#/join/${code}`);
        await page.locator('#join-name').fill(p.name);
        return page;
      }),
    );
    for (const [i, p] of players.entries()) {
      await pages[i].getByRole('button', { name: p.join, exact: true }).click();
      await pages[i].locator('sc-lobby-page').waitFor();
    }
    await host.getByText('Игроки: 4').waitFor();
    await shot(host, 'lobby-host-ru');
    await host.getByRole('button', { name: 'Начать игру' }).click();

    // Four players: one mafioso, so no introduction night; day 1 opens with nominations.
    await host.locator('sc-phase-bar h1', { hasText: 'День 1' }).waitFor();
    await shot(host, 'host-ru');
    for (const [i, p] of players.entries()) {
      const page = pages[i];
      await page.locator('sc-phase-bar h1', { hasText: p.day }).waitFor();
      await page.getByRole('heading', { name: p.nominate }).waitFor();
      await shot(page, `day-${p.locale.slice(0, 2)}`);
    }
  }, 120_000);
});

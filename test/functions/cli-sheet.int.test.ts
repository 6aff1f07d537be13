import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClubSheet } from '../../shared/audit/club-sheet.js';
import type { GameSheet } from '../../shared/audit/sheet.js';
import { mafia } from '../support/mafia-cli.js';

const root = join(import.meta.dirname, '..', '..');
const fullGame = join(root, 'test', 'scenarios', 'sport-sheet-full-game.json');
const clubGame = join(root, 'test', 'scenarios', 'club-night-and-alibi.json');
const tmp = mkdtempSync(join(tmpdir(), 'mafia-sheet-'));
const file = (name: string, body: unknown) => {
  const path = join(tmp, name);
  writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body));
  return path;
};

describe('mafia sheet FILE [--html]', () => {
  it('plays the scenario and prints the game sheet as JSON (sport-rules "The game sheet")', async () => {
    // given a scenario of a whole sport game: red wins by a lift-all vote on day 3
    const r = await mafia('sheet', fullGame);
    // then it exits 0 with the finished sheet on stdout
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const sheet = JSON.parse(r.stdout) as GameSheet;
    expect(sheet.header).toEqual({
      tournament: 'City Open',
      stage: 'Final',
      date: '2026-01-01',
      table: '1',
      game: '7',
      judge: 'Host',
    });
    expect(sheet).toMatchObject({ final: true, winner: 'red', protests: [] });
    expect(sheet.seats.map((l) => [l.player, l.role, l.points?.total])).toEqual([
      ['Anna', '', 1],
      ['Boris', 'M', 0],
      ['Clara', 'S', 1.3],
      ['Dmitri', '', 1],
      ['Eva', 'M', 0],
      ['Fyodor', '', 1],
      ['Galina', '', 1],
      ['Hugo', '', 1],
      ['Irina', 'D', 0],
      ['Jakob & Co', '', 1.3],
    ]);
    expect(sheet.seats[6].fouls).toEqual([{ at: '2026-01-01T00:01:15.000Z', round: 1 }]);
    expect(sheet.bestMove).toEqual({
      seat: 10,
      player: 'Jakob & Co',
      targets: [2, 5, 7],
      blacks: 2,
      bonus: 0.3,
    });
  });

  it('keeps every ballot: the split, the lone nominee who gets the unused votes, the lift-all vote', async () => {
    const sheet = JSON.parse((await mafia('sheet', fullGame)).stdout) as GameSheet;
    expect(sheet.days.map((d) => d.ballots.map((b) => [b.kind, b.tally, b.decided]))).toEqual([
      [
        ['vote', { 4: 5, 6: 5 }, 'revote'],
        ['revote', { 4: 6, 6: 4 }, 'out'],
      ],
      // Voting: on later days a lone nominee is voted on; whoever does not vote counts for him
      [['vote', { 9: 8 }, 'out']],
      [
        ['vote', { 5: 3, 2: 3 }, 'revote'],
        ['revote', { 5: 3, 2: 3 }, 'lift'],
        ['lift', { leave: 4, stay: 2 }, 'allOut'],
      ],
    ]);
    expect(sheet.days[1].ballots[0].unused).toEqual([1, 2, 5, 6, 7, 8, 9]);
    expect(sheet.nights.map((n) => [n.result, n.target, n.sheriffCheck?.result])).toEqual([
      ['joint', 10, 'black'],
      ['joint', 3, 'black'],
    ]);
  });

  it('prints the printable A4 page with --html, before or after the file', async () => {
    for (const args of [
      ['sheet', fullGame, '--html'],
      ['sheet', '--html', fullGame],
    ]) {
      const r = await mafia(...args);
      expect(r.status).toBe(0);
      expect(r.stdout.startsWith('<!doctype html>')).toBe(true);
      expect(r.stdout).toMatch(/@page\s*\{\s*size:\s*A4/);
      expect(r.stdout).toContain('Jakob &amp; Co');
      expect(r.stdout).toContain('City Open');
    }
  });

  it('prints the page in the language --lang names, and refuses one it does not speak', async () => {
    // given the whole sport game, when the page is asked for in Russian
    const ru = await mafia('sheet', fullGame, '--html', '--lang', 'ru');
    // then the page says it is Russian and every label is
    expect(ru.stderr).toBe('');
    expect(ru.status).toBe(0);
    expect(ru.stdout).toContain('<html lang="ru">');
    for (const label of ['Игровой бланк', 'Выход из игры', 'Лучший ход', 'Протесты', '1 января 2026 г.'])
      expect(ru.stdout).toContain(label);
    expect(ru.stdout).not.toContain('Game sheet');
    // and the club game's page in French
    const fr = await mafia('sheet', '--lang', 'fr', clubGame, '--html');
    expect(fr.status).toBe(0);
    expect(fr.stdout).toContain('Nuit de présentation');
    // a language it has no words for, or --lang without the page, is refused with nothing printed
    for (const args of [
      ['sheet', fullGame, '--html', '--lang', 'de'],
      ['sheet', fullGame, '--lang', 'ru'],
    ]) {
      const r = await mafia(...args);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^mafia: --lang/);
    }
    expect((await mafia('sheet', fullGame, '--html', '--lang', 'de')).stderr).toContain('en, es, fr, ro, ru');
  });

  it('exits 1 when the scenario fails, still printing the sheet as far as it got', async () => {
    const r = await mafia(
      'sheet',
      file('fails.json', {
        settings: { preset: 'sport', master: 'auto' },
        players: 10,
        deal: { 2: 'mafia', 5: 'mafia', 9: 'don', 3: 'sheriff' },
        steps: [{ until: { phase: { kind: 'day', round: 1 } } }, { expect: { over: true } }],
      }),
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('step 1');
    expect(JSON.parse(r.stdout)).toMatchObject({ final: false, winner: null, nights: [] });
  });

  it('exits 2 for an unreadable or invalid file, a missing file name or an unknown option', async () => {
    expect((await mafia('sheet', join(tmp, 'missing.json'))).status).toBe(2);
    expect((await mafia('sheet', file('broken.json', '{ not json'))).status).toBe(2);
    const invalid = await mafia('sheet', file('other.json', { players: 'ten' }), '--html');
    expect(invalid.status).toBe(2);
    expect(invalid.stderr).toContain('is not a scenario');
    expect(invalid.stdout).toBe('');
    expect((await mafia('sheet')).status).toBe(2);
    expect((await mafia('sheet', fullGame, fullGame)).status).toBe(2);
    expect((await mafia('play', fullGame, '--html')).status).toBe(2);
  });

  it('prints the club protocol for a club game (E3, E12, E13), as JSON and as a page', async () => {
    // given the club scenario: the acquaintance night, night 1 with the Putana and the Maniac, day 2's alibi
    const r = await mafia('sheet', clubGame);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const sheet = JSON.parse(r.stdout) as ClubSheet;
    // then it is the club sheet: the host's working copy with the roles met, the night and the alibi
    expect(sheet).toMatchObject({ rules: 'club', final: false, header: { judge: 'Host' } });
    expect(sheet.acquaintance.map((a) => a.wake)).toEqual(['lover', 'mafia', 'sheriff', 'maniac']);
    expect(sheet.nights[0]).toMatchObject({ block: { seat: 8, target: 1 }, kill: { seat: 5, target: 3 } });
    expect(sheet.days[1]).toMatchObject({ alibi: 1, stayed: [1], result: 'nobody' });
    // and with --html, the printable page
    const page = await mafia('sheet', clubGame, '--html');
    expect(page.status).toBe(0);
    expect(page.stdout).toMatch(/^<!doctype html>/);
    expect(page.stdout).toContain('Acquaintance night');
    expect(page.stdout).toContain('#1 stays on the Putana’s alibi');
  });

  it('is in the usage text', async () => {
    const r = await mafia('help');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('mafia sheet FILE|LOG [--html [--lang L]]');
  });
});

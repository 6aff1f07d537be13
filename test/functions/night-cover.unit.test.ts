import { describe, expect, it } from 'vitest';
import { roundOf } from '../../functions/app/fan-out.js';
import type { Folded } from '../../shared/index.js';
import type { RoleId } from '../../shared/roles/index.js';
import type { SettingsInput } from '../../shared/rules/settings.js';
import { givenGame } from '../support/game.js';
import { botMove, seeded } from '../support/night-bots.js';

interface Family {
  name: string;
  settings: SettingsInput;
  players: number;
  deal: Record<number, RoleId>;
}

const FAMILIES: Family[] = [
  {
    name: 'an online automatic room',
    settings: { preset: 'online', chat: true },
    players: 10,
    deal: { 1: 'mafia', 2: 'don', 3: 'sheriff', 4: 'doctor' },
  },
  {
    name: 'a narrated classic table with a host',
    settings: { preset: 'classic', master: 'narrator', chat: true },
    players: 10,
    deal: { 1: 'mafia', 2: 'mafia', 3: 'sheriff', 4: 'doctor', 5: 'lover' },
  },
  {
    name: "the forum's night",
    settings: { preset: 'forum' },
    players: 10,
    deal: { 1: 'mafia', 2: 'mafia', 3: 'mafia', 4: 'commissar', 5: 'assistant', 6: 'doctor', 7: 'girl' },
  },
];
const SEEDS = [1, 2, 3, 4, 5];

const bytes = (text: string) => Buffer.byteLength(text);

describe('a night that looks the same on the wire', () => {
  for (const family of FAMILIES) {
    it(`given ${family.name} played by bots over whole nights (seeds ${SEEDS.join(', ')}), when each commit of the game goes out, then every living seat is sent as many frames as every other, of the same byte length, whatever its role`, () => {
      let nightCommits = 0;
      let covered = 0;
      for (const seed of SEEDS) {
        const rand = seeded(seed);
        const t = givenGame(family.settings, family.players, family.deal);
        let shown: Folded = { version: t.version, state: t.state };
        for (let step = 0; step < 1500 && t.state.phase.kind !== 'over'; step++) {
          if (!botMove(t, rand) && rand() < 0.3) t.jump();
          if (t.version === shown.version) continue;
          const now: Folded = { version: t.version, state: t.state };
          const framesFor = roundOf(shown, now);
          const seats = Object.keys(now.state.names).map(Number);
          for (const group of [now.state.alive, seats.filter((s) => !now.state.alive.includes(s))]) {
            const sent = group.map(framesFor);
            const shapes = sent.map((frames) => frames.map(({ text }) => bytes(text)));
            for (const shape of shapes) expect(shape).toEqual(shapes[0]);
            for (const frames of sent)
              for (const { frame, text } of frames) {
                const { pad, ...rest } = JSON.parse(text);
                expect(rest).toEqual(JSON.parse(JSON.stringify(frame)));
                expect(pad).toMatch(/^ *$/);
              }
          }
          if (shown.state.phase.kind === 'night' || now.state.phase.kind === 'night') {
            nightCommits++;
            covered += now.state.alive.filter((s) =>
              framesFor(s).some((f) => f.frame.type === 'cover'),
            ).length;
          }
          shown = now;
        }
      }
      // The nights were played, and covers stood in where some seats had nothing and others something.
      expect(nightCommits).toBeGreaterThan(20);
      expect(covered).toBeGreaterThan(0);
    });
  }
});

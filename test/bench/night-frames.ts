// Frames and bytes each living seat is sent per night, by role, without and with the cover frames and the
// padding (docs/security.md): whole games played by bots (test/support/night-bots.ts) for three families,
// every commit's round built by the real fan-out (roundOf), once as it changed and once made alike.
// Usage: npx tsx test/bench/night-frames.ts [seeds=5]
import { roundOf } from '../../functions/app/fan-out.js';
import type { Folded } from '../../shared/index.js';
import { Table } from '../../shared/play/table.js';
import type { RoleId } from '../../shared/roles/index.js';
import type { SettingsInput } from '../../shared/rules/settings.js';
import { botMove, seeded } from '../support/night-bots.js';

const seeds = Number(process.argv[2] ?? 5);
const families: { name: string; settings: SettingsInput; deal: Record<number, RoleId> }[] = [
  {
    name: 'online, automatic',
    settings: { preset: 'online', chat: true },
    deal: { 1: 'mafia', 2: 'don', 3: 'sheriff', 4: 'doctor' },
  },
  {
    name: 'classic, narrated',
    settings: { preset: 'classic', master: 'narrator', chat: true },
    deal: { 1: 'mafia', 2: 'mafia', 3: 'sheriff', 4: 'doctor', 5: 'lover' },
  },
  {
    name: 'forum',
    settings: { preset: 'forum' },
    deal: { 1: 'mafia', 2: 'mafia', 3: 'mafia', 4: 'commissar', 5: 'assistant', 6: 'doctor', 7: 'girl' },
  },
];

function game(settings: SettingsInput, deal: Record<number, RoleId>): Table {
  const t = new Table();
  t.create({ ...settings, dealing: 'manual' });
  for (let seat = 1; seat <= 10; seat++) t.join(`Player ${seat}`, seat);
  for (const [seat, role] of Object.entries(deal))
    t.command('host', { type: 'assignRole', seat: Number(seat), role });
  t.command('host', { type: 'start' });
  return t;
}

type Tally = { nights: number; frames: number; bytes: number; coverFrames: number };
const tally = (): Tally => ({ nights: 0, frames: 0, bytes: 0, coverFrames: 0 });

for (const family of families) {
  // role → [before, after]: frames and bytes summed over every night a seat of that role lived through
  const byRole = new Map<string, { before: Tally; after: Tally }>();
  let nightCommits = 0;
  const posts = { before: 0, after: 0 };
  // per night: seat → [frames, bytes] before and after, and how many of the night's commits it was sent
  const spread = { before: { frames: 0, bytes: 0 }, after: { frames: 0, bytes: 0 }, nights: 0 };
  let seatsTonight = new Map<number, { commits: number; before: number[]; after: number[] }>();
  let commitsTonight = 0;
  const endNight = () => {
    const whole = [...seatsTonight.values()].filter((s) => s.commits === commitsTonight);
    if (whole.length > 1) {
      spread.nights++;
      for (const kind of ['before', 'after'] as const)
        for (const [i, key] of (['frames', 'bytes'] as const).entries()) {
          const values = whole.map((s) => s[kind][i]);
          spread[kind][key] += Math.max(...values) - Math.min(...values);
        }
    }
    seatsTonight = new Map();
    commitsTonight = 0;
  };
  for (let seed = 1; seed <= seeds; seed++) {
    const rand = seeded(seed);
    const t = game(family.settings, family.deal);
    let shown: Folded = { version: t.version, state: t.state };
    let night = -1;
    for (let step = 0; step < 1500 && t.state.phase.kind !== 'over'; step++) {
      if (!botMove(t, rand) && rand() < 0.3) t.jump();
      if (t.version === shown.version) continue;
      const now: Folded = { version: t.version, state: t.state };
      const isNight = shown.state.phase.kind === 'night' || now.state.phase.kind === 'night';
      if (isNight) {
        nightCommits++;
        const round = now.state.phase.kind === 'night' ? now.state.phase.round : shown.state.phase.round;
        const newNight = round !== night;
        if (newNight) endNight();
        night = round;
        commitsTonight++;
        const [before, after] = [roundOf(shown, now, false), roundOf(shown, now)];
        for (const seat of now.state.alive) {
          const role = now.state.roles[seat] ?? 'none';
          const tonight = seatsTonight.get(seat) ?? { commits: 0, before: [0, 0], after: [0, 0] };
          seatsTonight.set(seat, tonight);
          tonight.commits++;
          const row = byRole.get(role) ?? { before: tally(), after: tally() };
          byRole.set(role, row);
          for (const [kind, frames] of [
            ['before', before(seat)],
            ['after', after(seat)],
          ] as const) {
            if (newNight) row[kind].nights++;
            row[kind].frames += frames.length;
            row[kind].bytes += frames.reduce((sum, f) => sum + Buffer.byteLength(f.text), 0);
            row[kind].coverFrames += frames.filter((f) => f.frame.type === 'cover').length;
            posts[kind] += frames.length;
            tonight[kind][0] += frames.length;
            tonight[kind][1] += frames.reduce((sum, f) => sum + Buffer.byteLength(f.text), 0);
          }
        }
      }
      shown = now;
    }
    endNight();
  }
  console.log(`${family.name}: ${seeds} games, ${nightCommits} night commits, per living seat per night:`);
  console.log(
    '  role          before: frames  KB     after: frames  KB   (of them cover)   (nights differ by role: who lives how long)',
  );
  for (const [role, { before, after }] of [...byRole].sort()) {
    const per = (t: Tally, x: number) => (x / Math.max(1, t.nights)).toFixed(1);
    console.log(
      `  ${role.padEnd(12)} ${per(before, before.frames).padStart(14)} ${per(before, before.bytes / 1024).padStart(5)} ${per(after, after.frames).padStart(14)} ${per(after, after.bytes / 1024).padStart(5)} ${per(after, after.coverFrames).padStart(8)}`,
    );
  }
  const mean = (x: number) => (x / Math.max(1, spread.nights)).toFixed(1);
  console.log(
    `  within one night, the most minus the fewest a living seat was sent (mean over ${spread.nights} nights): before ${mean(spread.before.frames)} frames, ${mean(spread.before.bytes)} bytes; after ${mean(spread.after.frames)} frames, ${mean(spread.after.bytes)} bytes`,
  );
  console.log(
    `  posts to living seats at night: ${posts.before} before, ${posts.after} after (+${(((posts.after - posts.before) / Math.max(1, posts.before)) * 100).toFixed(0)}%)`,
  );
}

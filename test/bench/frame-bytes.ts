// Bytes one seat is sent per chat line and per view, early and late in a 100-line chat, ASCII and Cyrillic:
// a ten-player online game's first day, each line said by the next seat, every round sent through the real
// fan-out (sendViews) to one connection per place. "view" is the whole view a seat is sent when anything but
// chat changes, and on resume and sync.
// Then the largest view a seat and the host (or judge) are sent over whole games played by bots, against 8 KB.
// Usage: npx tsx test/bench/frame-bytes.ts [lines=100]
import { ManualClock } from '../../functions/adapters/memory/clock.js';
import { MemoryDeadlineBook } from '../../functions/adapters/memory/deadline-book.js';
import { MemoryDirectory } from '../../functions/adapters/memory/directory.js';
import { MemoryEventStore } from '../../functions/adapters/memory/event-store.js';
import { MemoryFanOut } from '../../functions/adapters/memory/fan-out.js';
import { SequentialIds } from '../../functions/adapters/memory/ids.js';
import { CountingMeter } from '../../functions/adapters/memory/meter.js';
import { createApp } from '../../functions/app/app.js';
import { sendViews } from '../../functions/app/fan-out.js';
import { viewFrame } from '../../functions/app/frames.js';
import type { HeldGame } from '../../functions/app/game-cache.js';
import type { Place } from '../../functions/ports/directory.js';
import { emptyFold, type Folded } from '../../shared/index.js';
import { Table } from '../../shared/play/table.js';
import type { RoleId } from '../../shared/roles/index.js';
import type { SettingsInput } from '../../shared/rules/settings.js';
import { RecordingScheduler } from '../support/app-harness.js';
import { does, givenGame, until } from '../support/game.js';
import { botMove, seeded } from '../support/night-bots.js';

const lines = Number(process.argv[2] ?? 100);
const PLAYERS = 10;
const places: Place[] = ['host', 'spectator', ...Array.from({ length: PLAYERS }, (_, i) => i + 1)];
const texts = {
  ascii: 'I think seat 4 is lying about the check, vote with me today please',
  cyrillic: 'Я думаю, четвёртый врёт про проверку, голосуйте со мной сегодня',
};
const bytesOf = (text: string) => Buffer.byteLength(text);

async function measure(text: string) {
  const clock = new ManualClock();
  const posted = new Map<string, number[]>();
  const memory = new MemoryFanOut();
  const { deps } = createApp({
    store: new MemoryEventStore(),
    directory: new MemoryDirectory({ now: () => clock.now() }),
    fanOut: {
      post: (connectionId, frame, body) => {
        posted.set(connectionId, [
          ...(posted.get(connectionId) ?? []),
          bytesOf(body ?? JSON.stringify(frame)),
        ]);
        return memory.post(connectionId, frame, body);
      },
    },
    scheduler: new RecordingScheduler(),
    deadlines: new MemoryDeadlineBook(),
    meter: new CountingMeter(),
    clock,
    ids: new SequentialIds(),
  });
  for (const place of places) {
    await deps.directory.bindConnection(
      `c-${place}`,
      { gameId: 'g1', seat: place },
      clock.now() / 1000 + 3600,
    );
    memory.open(`c-${place}`);
  }
  const t = givenGame({ preset: 'online', timers: { discussion: 3600, day: 3600 } }, PLAYERS, {
    1: 'mafia',
    2: 'don',
    3: 'sheriff',
  });
  until(t, { phase: { kind: 'day', round: 1 } });
  const fold = (table: Table): Folded => ({ version: table.version, state: table.state });
  let shown = fold(t);
  await sendViews(deps, { gameId: 'g1', folded: shown } as HeldGame, emptyFold);
  const perLine: { chat: number; view: number; frames: number }[] = [];
  for (let n = 0; n < lines; n++) {
    posted.clear();
    const by = 4 + (n % 7);
    does(t, by, { type: 'say', channel: 'table', text: `${text} (${n + 1})`.slice(0, 500) });
    const now = fold(t);
    await sendViews(deps, { gameId: 'g1', folded: now } as HeldGame, shown);
    const toSeat = posted.get('c-5') ?? [];
    perLine.push({
      chat: toSeat.reduce((a, b) => a + b, 0),
      frames: toSeat.length,
      view: bytesOf(JSON.stringify(viewFrame(now, 5))),
    });
    shown = now;
  }
  return perLine;
}

console.log(`bytes one seat (seat 5, a townsman) is sent, ${lines}-line table chat, ten players, first day:`);
console.log(
  '  text      line  chat frames  bytes per chat line  bytes per view (resume, sync, any other change)',
);
for (const [name, text] of Object.entries(texts)) {
  const perLine = await measure(text);
  for (const at of [1, 10, 60, lines]) {
    const row = perLine[at - 1];
    if (row === undefined) continue;
    console.log(
      `  ${name.padEnd(9)} ${String(at).padStart(4)}  ${String(row.frames).padStart(11)}  ${String(row.chat).padStart(19)}  ${String(row.view).padStart(6)}`,
    );
  }
}

// The largest views, against API Gateway's 8 KB target for a view: whole games played by bots, the largest
// view each viewer was sent over the game (and where it stood then).
const bigGames: { name: string; settings: SettingsInput; players: number; deal: Record<number, RoleId> }[] = [
  {
    name: 'forum, 10 seats',
    settings: { preset: 'forum' },
    players: 10,
    deal: { 1: 'mafia', 2: 'mafia', 3: 'mafia', 4: 'commissar', 5: 'assistant', 6: 'doctor', 7: 'girl' },
  },
  { name: 'forum, 20 seats', settings: { preset: 'forum' }, players: 20, deal: {} },
  { name: 'online, 20 seats', settings: { preset: 'online', chat: true }, players: 20, deal: {} },
  {
    name: 'classic, narrated, 10',
    settings: { preset: 'classic', master: 'narrator', chat: true },
    players: 10,
    deal: { 1: 'mafia', 2: 'mafia', 3: 'sheriff', 4: 'doctor', 5: 'lover' },
  },
  { name: 'sport, judged, 10', settings: { preset: 'sport', master: 'moderator' }, players: 10, deal: {} },
];
console.log(
  '\nthe largest view each viewer is sent over a whole game played by bots (bytes of the view frame, without the settings it holds):',
);
console.log('  game                    seat (phase)                  host/judge (phase)');
for (const game of bigGames) {
  const t = new Table();
  const created = t.create({
    ...game.settings,
    dealing: game.settings.preset === 'forum' && Object.keys(game.deal).length > 0 ? 'manual' : 'random',
  });
  if (created !== null) throw new Error(`${game.name}: ${created.message}`);
  for (let seat = 1; seat <= game.players; seat++) t.join(`Player ${seat}`, seat);
  for (const [seat, role] of Object.entries(game.deal))
    t.command('host', { type: 'assignRole', seat: Number(seat), role });
  const started = t.command('host', { type: 'start' }, 7);
  if (started !== null) throw new Error(`${game.name}: ${started.message}`);
  const rand = seeded(7);
  const largest = { seat: { bytes: 0, at: '' }, host: { bytes: 0, at: '' } };
  for (let step = 0; step < 4000 && t.state.phase.kind !== 'over'; step++) {
    if (!botMove(t, rand) && rand() < 0.3) t.jump();
    const now: Folded = { version: t.version, state: t.state };
    const at = `${now.state.phase.kind} ${now.state.phase.round}`;
    for (const place of [...Object.keys(now.state.names).map(Number), 'host'] as Place[]) {
      // As the fan-out sends a view whose settings the seat holds already (on resume and sync they come too).
      const { settings: _, ...lean } = viewFrame(now, place).view;
      const bytes = bytesOf(JSON.stringify({ type: 'view', version: now.version, view: lean }));
      const kind = place === 'host' ? 'host' : 'seat';
      if (bytes > largest[kind].bytes) largest[kind] = { bytes, at };
    }
  }
  console.log(
    `  ${game.name.padEnd(22)} ${`${largest.seat.bytes} (${largest.seat.at})`.padEnd(29)} ${largest.host.bytes} (${largest.host.at})`,
  );
}

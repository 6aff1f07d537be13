// Bytes one seat is sent per chat line and per view, early and late in a 100-line chat, ASCII and Cyrillic:
// a ten-player online game's first day, each line said by the next seat, every round sent through the real
// fan-out (sendViews) to one connection per place. "view" is the whole view a seat is sent when anything but
// chat changes, and on resume and sync.
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
import type { Table } from '../../shared/play/table.js';
import { RecordingScheduler } from '../support/app-harness.js';
import { does, givenGame, until } from '../support/game.js';

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

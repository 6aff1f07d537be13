// Calls one ten-player sport game makes, counted on the application service with its in-process twins,
// wired as on AWS: the $default handler, the projector and the deadline function each in a container of
// their own (own caches) over one store, directory and deadline book. Every commit reaches the projector
// (one stream batch each: the most invocations it could take), every deadline is fired by the deadline
// function. Printed: messages, invocations, table requests and units, timers; docs/scale.md prices them.
// With `chat` lines, the game is played with sport's chat switched on and the living say up to that many
// lines on the table channel, a few with each step of a day, so every seat is sent them as it would be.
// Also counted: the video signals the PWA's video table would relay had every seat opened it, from the links of
// every commit (`countSignals`).
// Usage: npx tsx test/bench/cost-model.ts [games=20] [chat=0]
import { ManualClock } from '../../functions/adapters/memory/clock.js';
import { MemoryDeadlineBook } from '../../functions/adapters/memory/deadline-book.js';
import { MemoryDirectory } from '../../functions/adapters/memory/directory.js';
import { MemoryEventStore } from '../../functions/adapters/memory/event-store.js';
import { MemoryFanOut } from '../../functions/adapters/memory/fan-out.js';
import { SequentialIds } from '../../functions/adapters/memory/ids.js';
import { CountingMeter } from '../../functions/adapters/memory/meter.js';
import { type App, createApp } from '../../functions/app/app.js';
import { pendingDeadline } from '../../functions/app/projector.js';
import type { ClientFrame, ServerFrame } from '../../shared/index.js';
import { type Endpoint, linksOf } from '../../shared/video/links.js';
import { isCaller } from '../../web/src/logic/video.js';

const games = Number(process.argv[2] ?? 20);
const chatLines = Number(process.argv[3] ?? 0);
const KB = 1024;
/** API Gateway bills a message per 32 KB started. */
const BILLED = 32 * KB;

/** Every call to an object's methods, counted per method, with the bytes of what went in or came out. */
class Counter {
  readonly calls = new Map<string, number>();
  readonly units = { read: 0, write: 0 };
  readonly posts = { count: 0, bytes: 0, billed: 0, chat: 0 };
  said = 0;
  /** The video table's relayed signals, as the PWA's video table would send them (see `countSignals`). */
  signals = 0;

  wrap<T extends object>(
    name: string,
    target: T,
    units?: (method: string, args: unknown[], result: unknown) => void,
  ): T {
    return new Proxy(target, {
      get: (object, property, receiver) => {
        const value = Reflect.get(object, property, receiver);
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          const key = `${name}.${String(property)}`;
          this.calls.set(key, (this.calls.get(key) ?? 0) + 1);
          const result = await value.apply(object, args);
          units?.(String(property), args, result);
          return result;
        };
      },
    });
  }
}

const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value ?? null));
/** A strongly consistent read: 1 unit per 4 KB started; a write: 1 unit per 1 KB started. */
const readUnits = (bytes: number) => Math.max(1, Math.ceil(bytes / (4 * KB)));
const writeUnits = (bytes: number) => Math.max(1, Math.ceil(bytes / KB));

async function playOne(seed: number, counter: Counter, meter: CountingMeter) {
  const clock = new ManualClock();
  const fanOut = new MemoryFanOut();
  const realFanOut = fanOut.post.bind(fanOut);
  fanOut.post = async (connectionId, frame, text) => {
    const bytes = text === undefined ? size(frame) : Buffer.byteLength(text);
    counter.posts.count++;
    counter.posts.bytes += bytes;
    counter.posts.billed += Math.max(1, Math.ceil(bytes / BILLED));
    if (frame.type === 'chat') counter.posts.chat++;
    return realFanOut(connectionId, frame, text);
  };
  const store = counter.wrap('store', new MemoryEventStore(), (method, args, result) => {
    if (method === 'append') counter.units.write += writeUnits(size(args[0]));
    if (method === 'read') counter.units.read += readUnits(size(result));
  });
  const directory = counter.wrap(
    'directory',
    new MemoryDirectory({ now: () => clock.now() }),
    (method, _a, result) => {
      if (['connection', 'gameForCode', 'seatForToken', 'connectionsOf'].includes(method)) {
        counter.units.read += readUnits(size(result));
      } else if (method === 'bindConnection')
        counter.units.write += 3; // two puts, one delete of a move
      else counter.units.write += 1;
    },
  );
  const deadlines = counter.wrap('deadlineBook', new MemoryDeadlineBook(), (method) => {
    if (method === 'arm' || method === 'clear') counter.units.write += 1;
    else counter.units.read += 1;
  });
  const scheduler = counter.wrap('scheduler', { schedule: async () => {} });
  const container = (): App =>
    createApp({ store, directory, fanOut, scheduler, deadlines, meter, clock, ids: new SequentialIds() });
  const [commands, projector, deadline] = [container(), container(), container()];

  let frames = 0;
  const send = async (connectionId: string, frame: ClientFrame): Promise<ServerFrame[]> => {
    frames++;
    fanOut.open(connectionId);
    const reply = await commands.handleFrame(connectionId, frame);
    for (const f of reply.frames) await fanOut.post(connectionId, f);
    return reply.frames;
  };
  let projected = 0;
  let links = new Map<string, string>();
  const projectNew = async (gameId: string) => {
    const commits = await store.read(gameId, projected);
    for (const c of commits) {
      counter.calls.set('lambda.projector', (counter.calls.get('lambda.projector') ?? 0) + 1);
      await projector.project(gameId, c.seq);
      const held = projector.deps.cache.peek(gameId);
      if (held !== undefined) links = countSignals(counter, held.folded.state, links);
    }
    projected = commits.at(-1)?.seq ?? projected;
  };
  const created = (
    await send('host', {
      action: 'create',
      settings: { preset: 'sport', master: 'auto', ...(chatLines > 0 ? { chat: true } : {}) },
      name: 'Host',
    })
  )[0] as Extract<ServerFrame, { type: 'created' }>;
  const { gameId } = created;
  for (let seat = 1; seat <= 10; seat++)
    await send(`p${seat}`, { action: 'join', code: created.code, name: `P${seat}` });
  let n = 0;
  const command = (by: string, cmd: object) =>
    send(by, { action: 'command', commandId: `c${++n}`, command: cmd } as ClientFrame);
  const started = clock.now();
  await command('host', { type: 'start' });
  await projectNew(gameId);
  let said = 0;
  let next = seed;
  const rand = () => {
    next = (next * 1103515245 + 12345) % 2147483648;
    return next / 2147483648;
  };
  const state = () => {
    const held = commands.deps.cache.peek(gameId);
    if (held === undefined) throw new Error('game not held');
    return held.folded;
  };
  const jump = async () => {
    const job = pendingDeadline(gameId, state());
    if (job === null) return false;
    clock.set(Math.max(clock.now(), job.at));
    counter.calls.set('lambda.deadline', (counter.calls.get('lambda.deadline') ?? 0) + 1);
    await deadline.fireDeadline(job);
    await commands.deps.cache.load(gameId);
    return true;
  };
  for (let step = 0; step < 600 && state().state.phase.kind !== 'over'; step++) {
    const s = state().state;
    const seat = 1 + Math.floor(rand() * 10);
    const target = s.alive[Math.floor(rand() * s.alive.length)];
    // Players take part of their time: a speech, a vote, a night call each last a few seconds.
    clock.advance(5_000 + Math.floor(rand() * 20_000));
    if (s.phase.kind === 'day' && s.phase.stage !== 'lastWord') {
      for (let i = 0; i < 4 && said < chatLines; i++) {
        const by = s.alive[Math.floor(rand() * s.alive.length)];
        const reply = await command(`p${by}`, {
          type: 'say',
          channel: 'table',
          text: `line ${said} from ${by}`,
        });
        if (reply[0]?.type === 'ack') said++;
        await projectNew(gameId);
      }
    }
    if (s.phase.stage === 'speech' && s.speaker) {
      await command(`p${s.speaker}`, { type: 'nominate', target });
      await command(`p${s.speaker}`, { type: 'endSpeech' });
    } else if (s.phase.stage === 'vote' && s.ballot) {
      const c = s.ballot.candidates;
      if (s.ballot.kind === 'lift')
        await command(`p${seat}`, { type: 'vote', choice: rand() < 0.5 ? 'leave' : 'stay' });
      else await command(`p${seat}`, { type: 'vote', target: c[Math.floor(rand() * c.length)] });
    } else if (s.phase.stage === 'actions') {
      for (const b of s.alive) await command(`p${b}`, { type: 'act', ability: 'shoot', target });
    } else if (!(await jump())) break;
    await projectNew(gameId);
    if (state().state.phase.stage === 'actions' && rand() < 0.3) {
      await jump();
      await projectNew(gameId);
    }
  }
  counter.said += said;
  return {
    frames,
    commits: projected,
    minutes: (clock.now() - started) / 60_000,
    over: state().state.phase.kind === 'over',
  };
}

/** ICE candidates each end of a new peer connection trickles (host, server-reflexive, relay): assumed. */
const CANDIDATES = 3;

/**
 * The signals the video table (`web/src/controllers/video-table.ts`) sends for a change of the links: a
 * link newly allowed is a new peer connection (the answering end's `hello`, the caller's offer, the answer,
 * and each end's candidates); a link whose media changed is renegotiated (an offer and an answer); a link
 * forbidden is closed without a word. Each signal is one message in, one `$default` invocation and one post.
 */
function countSignals(counter: Counter, state: Parameters<typeof linksOf>[0], before: Map<string, string>) {
  const now = new Map<string, string>();
  const ends: Endpoint[] = ['host', ...Object.keys(state.names).map(Number)];
  for (const me of ends)
    for (const link of linksOf(state, me).peers)
      if (isCaller(me, link.peer)) now.set(`${me}-${link.peer}`, JSON.stringify(link));
  for (const [pair, media] of now) {
    const was = before.get(pair);
    if (was === undefined) counter.signals += 3 + 2 * CANDIDATES;
    else if (was !== media) counter.signals += 2;
  }
  return now;
}

const counter = new Counter();
const meter = new CountingMeter();
let frames = 0;
let commits = 0;
let minutes = 0;
let finished = 0;
for (let g = 0; g < games; g++) {
  const played = await playOne(1000 + g, counter, meter);
  frames += played.frames;
  commits += played.commits;
  minutes += played.minutes;
  if (played.over) finished++;
}
const per = (x: number) => (x / games).toFixed(1);
console.log(`${games} sport games of 10 players (${finished} played to the end), averages per game:`);
console.log(`  game clock ${per(minutes)} minutes, commits ${per(commits)}`);
console.log(
  `  client frames in (no pings) ${per(frames)}, frames posted out ${per(counter.posts.count)}, ${(counter.posts.bytes / Math.max(1, counter.posts.count) / KB).toFixed(2)} KB each`,
);
console.log(
  `  chat lines said ${per(counter.said)}, chat frames posted ${per(counter.posts.chat)}, API Gateway units billed for posts ${per(counter.posts.billed)}`,
);
console.log(
  `  video signals relayed, had every seat and the host the video table open (${CANDIDATES} ICE candidates a side assumed): ${per(counter.signals)}`,
);
console.log(`  table units: read ${per(counter.units.read)}, write ${per(counter.units.write)}`);
for (const [name, count] of [...counter.calls].sort()) console.log(`  ${name.padEnd(30)} ${per(count)}`);
for (const [name, count] of [...meter.counts].sort())
  console.log(`  metric ${name.padEnd(23)} ${per(count)}`);

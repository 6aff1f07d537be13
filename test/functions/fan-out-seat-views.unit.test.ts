import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../functions/adapters/memory/clock.js';
import { MemoryDeadlineBook } from '../../functions/adapters/memory/deadline-book.js';
import { MemoryDirectory } from '../../functions/adapters/memory/directory.js';
import { MemoryEventStore } from '../../functions/adapters/memory/event-store.js';
import { MemoryFanOut } from '../../functions/adapters/memory/fan-out.js';
import { SequentialIds } from '../../functions/adapters/memory/ids.js';
import { CountingMeter } from '../../functions/adapters/memory/meter.js';
import { createApp } from '../../functions/app/app.js';
import { sendViews } from '../../functions/app/fan-out.js';
import type { HeldGame } from '../../functions/app/game-cache.js';
import type { Place } from '../../functions/ports/directory.js';
import type { FanOut } from '../../functions/ports/fan-out.js';
import { emptyFold, type Folded, type ServerFrame } from '../../shared/index.js';
import { Table } from '../../shared/play/table.js';
import { RecordingScheduler } from '../support/app-harness.js';
import { does, givenGame, until } from '../support/game.js';

/** A fan-out that keeps, per connection, each frame posted and the text it was posted with. */
class RecordingFanOut implements FanOut {
  readonly memory = new MemoryFanOut();
  readonly posted = new Map<string, { frame: ServerFrame; text?: string }[]>();

  post(connectionId: string, frame: ServerFrame, text?: string) {
    this.posted.set(connectionId, [...(this.posted.get(connectionId) ?? []), { frame, text }]);
    return this.memory.post(connectionId, frame, text);
  }

  take(): Map<string, { frame: ServerFrame; text?: string }[]> {
    const taken = new Map(this.posted);
    this.posted.clear();
    return taken;
  }
}

const SEATS = 7;
const places: Place[] = ['host', 'spectator', ...Array.from({ length: SEATS }, (_, i) => i + 1)];

/** The application's deps on in-memory twins, with one connection per place at the table `g1`. */
async function given() {
  const fanOut = new RecordingFanOut();
  const clock = new ManualClock();
  const { deps } = createApp({
    store: new MemoryEventStore(),
    directory: new MemoryDirectory({ now: () => clock.now() }),
    fanOut,
    scheduler: new RecordingScheduler(),
    deadlines: new MemoryDeadlineBook(),
    meter: new CountingMeter(),
    clock,
    ids: new SequentialIds(),
  });
  for (const seat of places) {
    await deps.directory.bindConnection(`c-${seat}`, { gameId: 'g1', seat }, clock.now() / 1000 + 3600);
    fanOut.memory.open(`c-${seat}`);
  }
  return { deps, fanOut };
}

const fold = (t: Table): Folded => ({ version: t.version, state: t.state });
const held = (folded: Folded) => ({ gameId: 'g1', folded }) as HeldGame;

/** Given: the seven-seat table (mafia 1, Don 2, Sheriff 3) played to `phase`, its views already sent. */
async function givenShown(phase: Record<string, unknown>) {
  const { deps, fanOut } = await given();
  const t = givenGame({ preset: 'online' }, SEATS, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
  until(t, { phase });
  const shown = fold(t);
  await sendViews(deps, held(shown), emptyFold);
  fanOut.take();
  return { deps, fanOut, t, shown };
}

type Posted = ReturnType<RecordingFanOut['take']>;
/** A posted frame's text but for its `pad`: what a client takes of it. */
const unpadded = (text?: string) => {
  const { pad: _pad, ...rest } = JSON.parse(text ?? '{}');
  return rest;
};
/** Every living seat's frames of a round: their byte lengths, one list per seat. */
const shapesOf = (posted: Posted, seats: number[]) =>
  seats.map((seat) => (posted.get(`c-${seat}`) ?? []).map(({ text }) => Buffer.byteLength(text ?? '')));
const SEATED = Array.from({ length: SEATS }, (_, i) => i + 1);
const linksIn = (posted: Posted, place: Place) =>
  posted.get(`c-${place}`)?.find((f) => f.frame.type === 'links');

describe('a round of views: each seat sent its own, only when it changed', () => {
  it('given the mafia chatting at night, when the round goes out, then the mafia get the line alone and every other living seat a cover frame of the same size; the host and the spectator nothing', async () => {
    const { deps, fanOut, t, shown: before } = await givenShown({ kind: 'night', round: 1 });

    does(t, 1, { type: 'say', channel: 'mafia', text: 'the sheriff is 3' });
    const after = fold(t);
    const result = await sendViews(deps, held(after), before);

    const posted = fanOut.take();
    expect([...posted.keys()].sort()).toEqual(SEATED.map((seat) => `c-${seat}`));
    expect(result).toMatchObject({ version: after.version, sent: SEATS, gone: 0, failed: 0 });
    const shapes = shapesOf(posted, SEATED);
    for (const shape of shapes) expect(shape).toEqual([1024]);
    for (const seat of [3, 4, 5, 6, 7])
      expect(posted.get(`c-${seat}`)?.map((f) => unpadded(f.text))).toEqual([{ type: 'cover' }]);
    for (const frames of [posted.get('c-1') ?? [], posted.get('c-2') ?? []]) {
      for (const { frame, text } of frames) expect(unpadded(text)).toEqual(frame);
      expect(frames.map((f) => f.frame)).toEqual([
        {
          type: 'chat',
          version: after.version,
          channel: 'mafia',
          from: 0,
          messages: [expect.objectContaining({ seat: 1, channel: 'mafia', text: 'the sheriff is 3' })],
        },
      ]);
    }
  });

  it('given a fold already shown, when it is sent again, then nobody gets a frame', async () => {
    const { deps, fanOut } = await given();
    const t = givenGame({ preset: 'online' }, SEATS, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
    until(t, { phase: { kind: 'day', round: 1 } });
    const now = fold(t);
    expect((await sendViews(deps, held(now), now)).sent).toBe(0);
    expect(fanOut.take().size).toBe(0);
  });

  it('given table chat every seat reads, round after round, when each goes out, then every place gets the line alone, at its place in the channel, and no view', async () => {
    const { deps, fanOut } = await given();
    const t = givenGame({ preset: 'online' }, SEATS, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
    until(t, { phase: { kind: 'day', round: 1 } });
    let shown = fold(t);
    await sendViews(deps, held(shown), emptyFold);
    fanOut.take();
    let from = 0;
    for (const message of ['first', 'second', 'third']) {
      does(t, 4, { type: 'say', channel: 'table', text: message });
      const now = fold(t);
      await sendViews(deps, held(now), shown);
      const posted = fanOut.take();
      expect(posted.size).toBe(places.length);
      for (const frames of posted.values()) {
        expect(frames).toHaveLength(1);
        expect(frames[0].frame).toMatchObject({ type: 'chat', version: now.version, channel: 'table', from });
        expect(unpadded(frames[0].text)).toEqual(frames[0].frame);
        expect((frames[0].frame as { messages: { text: string }[] }).messages.map((m) => m.text)).toEqual([
          message,
        ]);
      }
      shown = now;
      from++;
    }
  });

  it('given the mafia chatting at night while the town hears nothing, when the mafia speak again, then their next line is the second of their channel, whatever rounds went by', async () => {
    const { deps, fanOut, t, shown: before } = await givenShown({ kind: 'night', round: 1 });
    does(t, 1, { type: 'say', channel: 'mafia', text: 'first' });
    const first = fold(t);
    await sendViews(deps, held(first), before);
    fanOut.take();
    does(t, 1, { type: 'mafiaMic', on: true });
    const mic = fold(t);
    await sendViews(deps, held(mic), first);
    fanOut.take();
    does(t, 3, { type: 'act', ability: 'check', target: 5 });
    const checked = fold(t);
    await sendViews(deps, held(checked), mic);
    const sheriff = fanOut.take().get('c-3');
    expect(sheriff?.map((f) => f.frame.type)).toEqual(['view']);

    does(t, 2, { type: 'say', channel: 'mafia', text: 'second' });
    const second = fold(t);
    await sendViews(deps, held(second), checked);
    const posted = fanOut.take();
    const chatTo = [...posted].filter(([, frames]) => frames.some((f) => f.frame.type === 'chat'));
    expect(chatTo.map(([connection]) => connection).sort()).toEqual(['c-1', 'c-2']);
    expect(posted.get('c-2')?.[0].frame).toMatchObject({
      type: 'chat',
      version: second.version,
      channel: 'mafia',
      from: 1,
    });
  });

  it('given a seat voted out while the dead had talked, when the round goes out, then he gets his new view and the latest page of the dead channel, and only he gets that page', async () => {
    const { deps, fanOut, t } = await givenShown({ kind: 'day', round: 1 });
    does(t, 5, { type: 'nominate', target: 4 });
    until(t, { phase: { stage: 'vote' } });
    for (const seat of [1, 2, 3, 5, 6, 7]) does(t, seat, { type: 'vote', target: 4 });
    until(t, { phase: { kind: 'night', round: 1 } });
    does(t, 4, { type: 'say', channel: 'dead', text: 'I was a civilian' });
    const before = fold(t);
    await sendViews(deps, held(before), emptyFold);
    fanOut.take();
    does(t, 1, { type: 'act', ability: 'shoot', target: 5 });
    does(t, 2, { type: 'act', ability: 'shoot', target: 5 });
    until(t, { phase: { kind: 'day', round: 2 } });
    expect(t.state.alive).not.toContain(5);
    const after = fold(t);
    await sendViews(deps, held(after), before);
    const posted = fanOut.take();
    const pages = [...posted].filter(([, frames]) => frames.some((f) => f.frame.type === 'thread'));
    expect(pages.map(([connection]) => connection)).toEqual(['c-5']);
    expect(posted.get('c-5')?.map((f) => f.frame)).toEqual([
      expect.objectContaining({ type: 'view', version: after.version }),
      {
        type: 'thread',
        version: after.version,
        channel: 'dead',
        from: 0,
        total: 1,
        messages: [expect.objectContaining({ text: 'I was a civilian' })],
      },
      expect.objectContaining({ type: 'links' }),
    ]);
  });

  it('given the host changing the settings in the lobby, when the round goes out, then every place gets a view with the new settings', async () => {
    const { deps, fanOut } = await given();
    const t = new Table();
    t.create({ preset: 'online', chat: false });
    for (let seat = 1; seat <= SEATS; seat++) t.join(`Player ${seat}`, seat);
    const before = fold(t);
    await sendViews(deps, held(before), emptyFold);
    fanOut.take();
    does(t, 'host', { type: 'configure', settings: { chat: true } });
    const after = fold(t);
    await sendViews(deps, held(after), before);
    const posted = fanOut.take();
    expect(posted.size).toBe(places.length);
    for (const frames of posted.values()) {
      const view = frames.find((f) => f.frame.type === 'view');
      expect(view?.text).toBe(JSON.stringify(view?.frame));
      expect(JSON.parse(view?.text ?? '{}').view.settings.chat).toBe(true);
    }
  });

  it('given a day of chat, round after round, when each goes out, then nobody gets a links frame: no link changed', async () => {
    const day = await givenShown({ kind: 'day', round: 1 });
    const { deps, fanOut, t } = day;
    let { shown } = day;
    for (const message of ['first', 'second']) {
      does(t, 4, { type: 'say', channel: 'table', text: message });
      const now = fold(t);
      await sendViews(deps, held(now), shown);
      for (const frames of fanOut.take().values()) expect(frames.map((f) => f.frame.type)).toEqual(['chat']);
      shown = now;
    }
  });

  it('given the night falling after a day whose links were never built, when the round goes out, then every seat is sent its new links, all of them forbidden until the mafia switch their microphones on', async () => {
    const { deps, fanOut, t, shown: morning } = await givenShown({ kind: 'day', round: 1 });
    does(t, 4, { type: 'say', channel: 'table', text: 'good morning' });
    const day = fold(t);
    await sendViews(deps, held(day), morning);
    fanOut.take();

    until(t, { phase: { kind: 'night', round: 1, stage: 'actions' } });
    const night = fold(t);
    await sendViews(deps, held(night), day);

    const posted = fanOut.take();
    const links = (place: Place) => linksIn(posted, place);
    for (let seat = 1; seat <= SEATS; seat++)
      expect(links(seat)?.frame).toEqual({
        type: 'links',
        version: night.version,
        peers: [],
        forbidden: [1, 2, 3, 4, 5, 6, 7, 'host'].filter((peer) => peer !== seat),
      });
    // an automatic room's host and the spectator hold no links by day or by night: theirs did not change
    expect(links('host')).toBeUndefined();
    expect(links('spectator')).toBeUndefined();
  });

  it('given the mafia switching their microphones on at night, when the round goes out, then only the mafia get links, and only to each other', async () => {
    const {
      deps,
      fanOut,
      t,
      shown: before,
    } = await givenShown({ kind: 'night', round: 1, stage: 'actions' });

    does(t, 1, { type: 'mafiaMic', on: true });
    does(t, 2, { type: 'mafiaMic', on: true });
    const after = fold(t);
    await sendViews(deps, held(after), before);

    const posted = fanOut.take();
    const linksTo = [...posted].filter(([, frames]) => frames.some((f) => f.frame.type === 'links'));
    expect(linksTo.map(([connection]) => connection).sort()).toEqual(['c-1', 'c-2']);
    const links = (seat: number) => linksIn(posted, seat);
    const voice = { audio: true, video: false };
    expect(links(1)?.frame).toMatchObject({ peers: [{ peer: 2, send: voice, receive: voice }] });
    expect(links(2)?.frame).toMatchObject({ peers: [{ peer: 1, send: voice, receive: voice }] });
    for (const { frame, text } of posted.get('c-1') ?? []) expect(unpadded(text)).toEqual(frame);
    // the town's phones are sent as many frames, of the same size
    const shapes = shapesOf(posted, SEATED);
    for (const shape of shapes) expect(shape).toEqual(shapes[0]);
  });
});

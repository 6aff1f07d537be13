import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JumpingClock } from '../../functions/adapters/memory/jumping-clock.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import type { ServerFrame, SignalPayload } from '../../shared/index.js';
import { jumpToDeadline } from '../support/jump.js';
import { GameClient, is } from '../support/ws-client.js';

let server: RunningServer;
let dataDir: string;
const clock = new JumpingClock();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sleeping-city-video-'));
  // Every table of this file joins from one address, more often than one address may by default.
  server = await startServer({
    port: 0,
    dataDir,
    quiet: true,
    clock,
    limits: { joinsPerAddress: null, roomsPerAddress: null },
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;
const offer: SignalPayload = {
  kind: 'description',
  pc: 'a1',
  description: { type: 'offer', sdp: 'v=0\r\n' },
};
const candidate: SignalPayload = {
  kind: 'candidate',
  pc: 'a1',
  candidate: {
    candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host',
    sdpMid: '0',
    sdpMLineIndex: 0,
  },
};
/** Seven seats: mafia 1, Don 2, Sheriff 3, civilians 4–7; the game waits for moves or a jump of the clock. */
const SETTINGS = {
  preset: 'online',
  dealing: 'manual',
  timers: { intro: 600, mafia: 600, night: 600, discussion: 600, vote: 600, lastWord: 0, lastWordNight: 0 },
};
const ROLES = { 1: 'mafia', 2: 'don', 3: 'sheriff' } as const;

interface Room {
  gameId: string;
  host: GameClient;
  seats: GameClient[];
  at(seat: number): GameClient;
  close(): Promise<void>;
}

async function openRoom(): Promise<Room> {
  const host = await GameClient.open(server.wsUrl);
  const { code, gameId } = await host.create(SETTINGS);
  const seats: GameClient[] = [];
  for (let i = 1; i <= 7; i++) {
    const c = await GameClient.open(server.wsUrl);
    await c.join(code, `Player ${i}`, i);
    seats.push(c);
  }
  const at = (seat: number) => seats[seat - 1];
  return {
    gameId,
    host,
    seats,
    at,
    close: async () => void (await Promise.all([host, ...seats].map((c) => c.close()))),
  };
}

async function start(room: Room): Promise<void> {
  for (const [seat, role] of Object.entries(ROLES))
    expect((await room.host.command({ type: 'assignRole', seat: Number(seat), role })).type).toBe('ack');
  expect((await room.host.command({ type: 'start' })).type).toBe('ack');
  for (const c of room.seats) await c.waitForView((v) => v.phase.stage === 'intro');
}

/** Sends a signal and waits until it either came back as an error or reached `to`. */
async function signal(from: GameClient, to: number, payload: SignalPayload = offer): Promise<void> {
  from.send({ action: 'signal', to, payload });
  await settle(from);
}

/** A ping's pong comes after every reply to frames sent before it on this connection. */
async function settle(c: GameClient): Promise<void> {
  await c.request({ action: 'ping' }, is('pong'));
}

const signalsFrom = (c: GameClient, from: number) =>
  c.frames.filter((f): f is Frame<'signal'> => f.type === 'signal' && f.from === from);
/** The next `links` frame after the frames already seen that matches. */
const nextLinks = (c: GameClient, match: (f: Frame<'links'>) => boolean, from: number) =>
  c.waitFor((f): f is Frame<'links'> => f.type === 'links' && match(f), 10_000, from);
const lastLinks = (c: GameClient) => c.frames.filter((f): f is Frame<'links'> => f.type === 'links').at(-1);
const errors = (c: GameClient) => c.frames.filter((f): f is Frame<'error'> => f.type === 'error');

describe('local stack: the signal relay follows the phase', () => {
  it('given the lobby, when a seat signals another, then only that seat gets it, marked with the sender', async () => {
    const room = await openRoom();
    try {
      await signal(room.at(1), 2, candidate);
      await room.at(2).waitFor((f): f is Frame<'signal'> => f.type === 'signal');
      expect(signalsFrom(room.at(2), 1)).toEqual([{ type: 'signal', from: 1, payload: candidate }]);
      for (const c of [room.host, ...room.seats.slice(2)]) {
        await settle(c);
        expect(c.frames.some((f) => f.type === 'signal')).toBe(false);
      }
      expect(errors(room.at(1))).toEqual([]);
    } finally {
      await room.close();
    }
  });

  it('A8: on the introduction night the mafia reach each other, and a forged signal to a sleeping seat reaches nobody', async () => {
    const room = await openRoom();
    try {
      await start(room);
      // the links each seat was told: the mafiosi each other, the town nobody
      await room.at(1).waitFor((f): f is Frame<'links'> => f.type === 'links' && f.peers.length === 1);
      expect(lastLinks(room.at(1))?.peers).toEqual([
        { peer: 2, send: { audio: false, video: true }, receive: { audio: false, video: true } },
      ]);
      await room.at(4).waitFor((f): f is Frame<'links'> => f.type === 'links' && f.peers.length === 0);
      expect(lastLinks(room.at(4))?.forbidden).toEqual([1, 2, 3, 5, 6, 7, 'host']);

      await signal(room.at(1), 2);
      await room.at(2).waitFor((f): f is Frame<'signal'> => f.type === 'signal' && f.from === 1);

      // a mafioso signals a civilian, a civilian signals the mafia: refused and relayed to nobody
      await signal(room.at(1), 4);
      await signal(room.at(4), 1);
      await signal(room.at(4), 5);
      expect(errors(room.at(1)).map((e) => e.code)).toEqual(['link_forbidden']);
      expect(errors(room.at(4)).map((e) => e.code)).toEqual(['link_forbidden', 'link_forbidden']);
      for (const c of [room.host, ...room.seats]) await settle(c);
      for (const c of [room.host, ...room.seats.slice(2)])
        expect(c.frames.some((f) => f.type === 'signal')).toBe(false);
      expect(signalsFrom(room.at(1), 4)).toEqual([]);
    } finally {
      await room.close();
    }
  });

  it('A3: at night the mafia signal each other only after both switched the microphone on, and the town receives no frame of it but covers', async () => {
    const room = await openRoom();
    try {
      await start(room);
      for (const seat of [1, 2]) expect((await room.at(seat).command({ type: 'knowTeam' })).type).toBe('ack');
      // Day 1 passes without a nomination: its discussion ends at its time.
      await jumpToDeadline(server, clock, room.gameId);
      for (const c of room.seats)
        await c.waitForView((v) => v.phase.kind === 'night' && v.phase.round === 1, 10_000);
      const town = room.seats.slice(2);
      for (const c of [room.host, ...town]) await settle(c);
      const before = [room.host, ...town].map((c) => c.frames.length);

      await signal(room.at(1), 2);
      expect(errors(room.at(1)).map((e) => e.code)).toEqual(['link_forbidden']);
      expect((await room.at(1).command({ type: 'mafiaMic', on: true })).type).toBe('ack');
      await signal(room.at(1), 2);
      expect(errors(room.at(1)).map((e) => e.code)).toEqual(['link_forbidden', 'link_forbidden']);
      const seen = room.at(1).frames.length;
      expect((await room.at(2).command({ type: 'mafiaMic', on: true })).type).toBe('ack');
      const links = await nextLinks(room.at(1), (f) => f.peers.length === 1, seen);
      expect(links.peers).toEqual([
        { peer: 2, send: { audio: true, video: false }, receive: { audio: true, video: false } },
      ]);
      await room.at(2).waitForView((v) => v.you?.mafiaMic.length === 2);
      await signal(room.at(1), 2, candidate);
      await room.at(2).waitFor((f): f is Frame<'signal'> => f.type === 'signal' && f.from === 1);
      expect(errors(room.at(1))).toHaveLength(2);

      // the host was sent nothing while the mafia agreed and signalled, the town only the cover frames
      // that stood in for the mafia's frames of the microphone (no signal, no links, no view)
      for (const c of [room.host, ...town]) await settle(c);
      const [host, ...towns] = [room.host, ...town].map((c, i) =>
        c.frames.slice(before[i]).filter((f) => f.type !== 'pong'),
      );
      expect(host).toEqual([]);
      for (const got of towns) expect(got.map((f) => f.type)).toEqual(got.map(() => 'cover'));
    } finally {
      await room.close();
    }
  });

  it('given a phase change, when night ends, then every seat is told the links it may hold now, and the old ones are forbidden', async () => {
    const room = await openRoom();
    try {
      await start(room);
      const seen = room.at(1).frames.length;
      for (const seat of [1, 2]) await room.at(seat).command({ type: 'mafiaMic', on: true });
      await nextLinks(room.at(1), (f) => f.peers[0]?.receive.audio === true, seen);
      const marks = room.seats.map((c) => c.frames.length);
      for (const seat of [1, 2]) expect((await room.at(seat).command({ type: 'knowTeam' })).type).toBe('ack');
      // day 1: everyone with everyone
      for (const [i, c] of room.seats.entries()) await nextLinks(c, (f) => f.peers.length === 6, marks[i]);
      await signal(room.at(4), 1);
      await room.at(1).waitFor((f): f is Frame<'signal'> => f.type === 'signal' && f.from === 4);
      // night 1 falls when the day ends without a vote: the town's links are all forbidden again
      const seenBy4 = room.at(4).frames.length;
      await jumpToDeadline(server, clock, room.gameId);
      const town = await nextLinks(room.at(4), (f) => f.peers.length === 0, seenBy4);
      expect(town.forbidden).toEqual([1, 2, 3, 5, 6, 7, 'host']);
      await nextLinks(room.at(1), (f) => f.peers.length === 0, marks[0]);
      await signal(room.at(4), 1);
      expect(errors(room.at(4)).map((e) => e.code)).toEqual(['link_forbidden']);
    } finally {
      await room.close();
    }
  });

  it('given bad signals, when sent, then each is a clear error and relayed to nobody', async () => {
    const room = await openRoom();
    try {
      const huge = { kind: 'description', pc: 'a1', description: { type: 'offer', sdp: 'a'.repeat(20_000) } };
      for (const frame of [
        { action: 'signal', to: 2, payload: huge },
        { action: 'signal', to: 2, payload: { kind: 'description', description: { type: 'nonsense' } } },
        { action: 'signal', to: 2 },
        { action: 'signal', to: 0, payload: offer },
      ])
        room.at(1).send(frame);
      await settle(room.at(1));
      expect(errors(room.at(1)).map((e) => e.code)).toEqual([
        'bad_frame',
        'bad_frame',
        'bad_frame',
        'bad_frame',
      ]);
      await signal(room.at(1), 12);
      expect(errors(room.at(1)).at(-1)?.code).toBe('link_forbidden');
      const stranger = await GameClient.open(server.wsUrl);
      await signal(stranger, 1);
      expect(errors(stranger).map((e) => e.code)).toEqual(['not_bound']);
      await stranger.close();
      for (const c of room.seats) await settle(c);
      expect(room.seats.some((c) => c.frames.some((f) => f.type === 'signal'))).toBe(false);
    } finally {
      await room.close();
    }
  });
});

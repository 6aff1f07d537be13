import { describe, expect, it } from 'vitest';
import type { Channel, ChatMessage, ChatPage, ServerFrame } from '../../shared/index.js';
import { allLines, countOf, keepChannels, takeLines, takePage } from '../../web/src/logic/chat-lines.js';
import { acceptAudience, acceptView, follow, following, pongStep } from '../../web/src/logic/frames.js';
import { givenGame, seatView, until } from '../support/game.js';

describe('the stale-frame rule', () => {
  it('takes the first view of a game', () => {
    expect(acceptView(null, 'g1', 0)).toBe(true);
  });

  it('ignores a view older than the one held (at-least-once, out-of-order fan-out)', () => {
    expect(acceptView({ gameId: 'g1', version: 12 }, 'g1', 11)).toBe(false);
    expect(acceptView({ gameId: 'g1', version: 12 }, 'g1', 0)).toBe(false);
  });

  it('takes the same version again (a resume or sync) and any newer one', () => {
    expect(acceptView({ gameId: 'g1', version: 12 }, 'g1', 12)).toBe(true);
    expect(acceptView({ gameId: 'g1', version: 12 }, 'g1', 13)).toBe(true);
  });

  it('does not compare versions across games', () => {
    expect(acceptView({ gameId: 'g1', version: 40 }, 'g2', 3)).toBe(true);
  });
});

describe('the audience count a phone keeps', () => {
  const held = { gameId: 'g1', count: 3, rev: 7 };

  it('given no count held, when the first audience frame of its game comes, then it is taken whatever its rev', () => {
    expect(acceptAudience(null, 'g1', { gameId: 'g1', count: 0, rev: 0 })).toBe(true);
  });

  it('given a count held, when an older frame crossed a newer one on the way, then the older is ignored', () => {
    expect(acceptAudience(held, 'g1', { gameId: 'g1', count: 2, rev: 6 })).toBe(false);
    expect(acceptAudience(held, 'g1', { gameId: 'g1', count: 4, rev: 8 })).toBe(true);
  });

  it('given a frame of another game (the one just left), when it comes, then it is ignored', () => {
    expect(acceptAudience(null, 'g2', { gameId: 'g1', count: 5, rev: 9 })).toBe(false);
    expect(acceptAudience(held, 'g2', { gameId: 'g2', count: 1, rev: 1 })).toBe(true);
  });
});

const line = (at: number, text: string, channel: Channel = 'table'): ChatMessage => ({
  at,
  round: 1,
  seat: 3,
  channel,
  text,
});
const chat = (
  version: number,
  from: number,
  texts: string[],
  channel: Channel = 'table',
): Extract<ServerFrame, { type: 'chat' }> => ({
  type: 'chat',
  version,
  channel,
  from,
  messages: texts.map((t, i) => line(from + i, t, channel)),
});
const page = (from: number, total: number, texts: string[], channel: Channel = 'table'): ChatPage => ({
  channel,
  from,
  total,
  messages: texts.map((t, i) => line(from + i, t, channel)),
});

describe('the chat lines a phone holds, by their place in each channel', () => {
  it('given lines 0–1 held, when a frame of line 2 comes, then it is appended; a line said twice is kept twice', () => {
    const held = takeLines({}, chat(3, 0, ['a', 'b']));
    const next = takeLines(held ?? {}, chat(4, 2, ['b']));
    expect(next?.table?.lines.map((m) => m.text)).toEqual(['a', 'b', 'b']);
  });

  it('given lines 0–2 held, when a frame of lines 1–3 comes (a container reckoning from an older fold), then only line 3 is added', () => {
    const held = takeLines({}, chat(3, 0, ['a', 'b', 'c'])) ?? {};
    expect(takeLines(held, chat(5, 1, ['b', 'c', 'd']))?.table?.lines.map((m) => m.text)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('given lines 0–1 held, when a frame starting at line 3 comes (line 2 was lost), then nothing is taken: the phone must sync', () => {
    const held = takeLines({}, chat(3, 0, ['a', 'b'])) ?? {};
    expect(takeLines(held, chat(6, 3, ['d']))).toBeNull();
  });

  it('given the latest page held, when an older page comes, then the two join; a latest page that does not touch what is held replaces it', () => {
    const held = takePage({}, page(99, 100, ['x']));
    expect(held.table).toEqual({ from: 99, lines: [line(99, 'x')] });
    const joined = takePage(
      held,
      page(
        49,
        100,
        Array.from({ length: 50 }, (_, i) => `o${i}`),
      ),
    );
    expect(joined.table?.from).toBe(49);
    expect(joined.table?.lines).toHaveLength(51);
    expect(takePage(joined, page(120, 121, ['late'])).table).toEqual({
      from: 120,
      lines: [line(120, 'late')],
    });
    expect(countOf(joined, 'table')).toBe(100);
    expect(takePage(joined, page(0, 100, ['far']))).toBe(joined);
  });

  it('given lines of several channels, when shown, then they are interleaved by time; a channel no longer read is let go', () => {
    const held = {
      table: { from: 0, lines: [line(1, 'a'), line(3, 'c')] },
      mafia: { from: 0, lines: [line(2, 'b', 'mafia')] },
    };
    expect(allLines(held).map((m) => m.text)).toEqual(['a', 'b', 'c']);
    expect(Object.keys(keepChannels(held, ['table', 'dead']))).toEqual(['table']);
  });
});

describe('a phone following its game frame by frame (`follow`)', () => {
  const t = givenGame({ preset: 'online' }, 7, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
  until(t, { phase: { kind: 'day', round: 1 } });
  const view = { ...seatView(t, 5), settingsKey: 'k1' };
  const start = follow(following('g1'), { type: 'view', version: 10, view }, true).held;
  const { settings: _, ...lean } = view;

  it("given its view, when a chat frame of a channel it reads follows, then the lines are held and the version is the frame's", () => {
    const step = follow(start, chat(11, 0, ['hi']), false);
    expect(step.sync).toBe(false);
    expect(step.held.version).toBe(11);
    expect(step.held.viewVersion).toBe(10);
    expect(allLines(step.held.chat).map((m) => m.text)).toEqual(['hi']);
  });

  it('given its view, when a chat frame past a gap or of a channel its view does not list comes, then it asks for sync', () => {
    expect(follow(start, chat(11, 4, ['late']), false).sync).toBe(true);
    expect(follow(start, chat(11, 0, ['plan'], 'mafia'), false).sync).toBe(true);
  });

  it('given a resync under way, when a chat frame past a gap comes, then it waits for the page on its way', () => {
    expect(follow(start, chat(11, 4, ['late']), true)).toEqual({ held: start, sync: false });
  });

  it('given a view held newer than a chat line (a stale frame, or a version that is not the server’s), when the line comes, then it asks for sync', () => {
    expect(follow(start, chat(9, 0, ['old']), false).sync).toBe(true);
  });

  it('given no view yet, when a chat frame comes, then it is ignored: the view and its pages are on their way', () => {
    const none = following('g1');
    expect(follow(none, chat(3, 0, ['a']), false)).toEqual({ held: none, sync: false });
  });

  it("given a line held, when a pong names a newer version, then it asks for sync; when it names the line's own, nothing", () => {
    const held = follow(start, chat(11, 0, ['hi']), false).held;
    expect(follow(held, { type: 'pong', gameId: 'g1', version: 12 }, false).sync).toBe(true);
    expect(follow(held, { type: 'pong', gameId: 'g1', version: 11 }, false).sync).toBe(false);
  });

  it('given an older view arriving late, when it comes, then it is not taken and the phone asks for sync', () => {
    expect(follow(start, { type: 'view', version: 9, view }, false)).toEqual({ held: start, sync: true });
  });

  it('given settings held, when a view comes without settings naming the same key, then it is held with them', () => {
    const step = follow(start, { type: 'view', version: 12, view: lean }, false);
    expect(step.sync).toBe(false);
    expect(step.held.viewVersion).toBe(12);
    expect(step.held.view?.settings).toEqual(view.settings);
    expect(step.held.view).not.toHaveProperty('settingsKey');
  });

  it('given settings held, when a view comes without settings naming another key (their change was missed), then it asks for sync and keeps what it held', () => {
    const other = { ...lean, settingsKey: 'k2' };
    expect(follow(start, { type: 'view', version: 12, view: other }, false)).toEqual({
      held: start,
      sync: true,
    });
    expect(follow(following('g1'), { type: 'view', version: 12, view: lean }, false).sync).toBe(true);
  });

  it('given a resync under way, when a fan-out view without settings it lacks comes, then it waits for the answer', () => {
    const none = following('g1');
    expect(follow(none, { type: 'view', version: 12, view: lean }, true)).toEqual({
      held: none,
      sync: false,
    });
  });
});

describe('a pong reaching the phone: the game moved on without it, or not', () => {
  const held = { gameId: 'g1', version: 12 };

  it('given a view of version 12 held, when the pong says the game is at 14, then the phone asks for sync', () => {
    expect(pongStep(held, 'g1', { gameId: 'g1', version: 14 })).toBe('sync');
  });

  it('given a view of version 12 held, when the pong says 12 (or less: a pong read before the last commit), then nothing', () => {
    expect(pongStep(held, 'g1', { gameId: 'g1', version: 12 })).toBe('ignore');
    expect(pongStep(held, 'g1', { gameId: 'g1', version: 11 })).toBe('ignore');
  });

  it('given no view held, another game, or a pong of an unbound socket, when it comes, then nothing', () => {
    expect(pongStep(null, 'g1', { gameId: 'g1', version: 3 })).toBe('ignore');
    expect(pongStep(held, 'g1', { gameId: 'g2', version: 30 })).toBe('ignore');
    expect(pongStep(held, 'g1', {})).toBe('ignore');
  });
});

import { describe, expect, it } from 'vitest';
import { appendChat } from '../../shared/views/chat-in-view.js';
import { acceptAudience, acceptView, chatStep, pongStep } from '../../web/src/logic/frames.js';

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

describe('a chat frame reaching the phone: append, ignore, or ask for sync', () => {
  const held = { gameId: 'g1', version: 12 };

  it('given the view it follows held, when the frame comes, then its lines are appended', () => {
    expect(chatStep(held, 'g1', { version: 13, base: 12 })).toBe('append');
  });

  it("given a view held past the frame's base (reckoned by a container that did not send it, or a sync reply), when the frame comes, then the phone asks for sync rather than guess which lines it has", () => {
    expect(chatStep(held, 'g1', { version: 15, base: 10 })).toBe('sync');
  });

  it('given a frame missed before it (its base is ahead of the version held), when it comes, then the phone asks for sync', () => {
    expect(chatStep(held, 'g1', { version: 15, base: 13 })).toBe('sync');
  });

  it('given the version it brings held already (a sync reply crossed it), when the frame comes, then it is ignored', () => {
    expect(chatStep(held, 'g1', { version: 12, base: 10 })).toBe('ignore');
  });

  it('given a version held beyond the frame (a stale frame, or a version that is not the server’s), when it comes, then the phone asks for sync, as for a stale view', () => {
    expect(chatStep(held, 'g1', { version: 11, base: 10 })).toBe('sync');
  });

  it('given no view of that game held (a resume under way), when the frame comes, then it is ignored: the view on its way holds it', () => {
    expect(chatStep(null, 'g1', { version: 3, base: 1 })).toBe('ignore');
    expect(chatStep({ gameId: 'g2', version: 1 }, 'g1', { version: 3, base: 1 })).toBe('ignore');
  });
});

describe('the lines a chat frame brings, appended to the view held', () => {
  const line = (at: number, text: string) => ({ at, round: 1, seat: 3, channel: 'table' as const, text });

  it('given a frame that follows the view held, when appended, then its lines follow, a line said twice kept twice', () => {
    expect(appendChat([line(1, 'a')], [line(2, 'b'), line(2, 'b')])).toEqual([
      line(1, 'a'),
      line(2, 'b'),
      line(2, 'b'),
    ]);
  });

  it('given more lines than a view keeps, when appended, then the latest are kept', () => {
    const many = Array.from({ length: 70 }, (_, i) => line(i, `l${i}`));
    expect(appendChat([], many)).toEqual(many.slice(-60));
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

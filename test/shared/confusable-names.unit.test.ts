import { describe, expect, it } from 'vitest';
import { skeleton } from '../../shared/domain/confusables.js';
import { confusableNames } from '../../shared/domain/names.js';
import { createGame, joinGame } from '../../shared/engine/decide.js';
import { evolve } from '../../shared/engine/evolve.js';
import { type GameState, initialState } from '../../shared/engine/state.js';
import type { GameEvent } from '../../shared/log/events.js';

const meta = { actor: 'host' as const, now: 1_000 };

function roomWith(hostName: string, ...players: string[]): GameState {
  const created = createGame({ preset: 'online' }, hostName, meta);
  if (!created.ok) throw new Error(created.rejection.message);
  let s = created.events.reduce((st, e) => evolve(st, e as GameEvent), initialState);
  for (const name of players) {
    const joined = joinGame(s, name, undefined, meta);
    if (!joined.ok) throw new Error(joined.rejection.message);
    s = joined.events.reduce((st, e) => evolve(st, e as GameEvent), s);
  }
  return s;
}

const refusal = (s: GameState, name: string) => {
  const d = joinGame(s, name, undefined, meta);
  return d.ok ? null : d.rejection;
};

describe('names compared by their confusable skeletons (Unicode TS 39)', () => {
  it('given the skeleton table, then letters of other scripts and Latin look-alikes read as their prototypes', () => {
    expect(skeleton('Нana')).toBe('Hana'); // Cyrillic En
    expect(skeleton('Ηana')).toBe('Hana'); // Greek Eta
    expect(skeleton('Ivan')).toBe(skeleton('lvan'));
    expect(skeleton('rnila')).toBe('mila');
    expect(skeleton('B0b')).toBe('BOb');
  });

  it.each([
    ['Hana', 'Ηana', 'a capital Greek Eta'],
    ['Hana', 'Нana', 'a capital Cyrillic En'],
    ['Ivan', 'lvan', 'a small L for a capital I'],
    ['Mila', 'rnila', 'r and n for m'],
    ['Bob', 'B0b', 'a zero for an O'],
    ['Ann', 'аnn', 'a small Cyrillic a'],
    ['Olga', 'ΟLGA', 'a Greek Omicron, in capitals'],
  ])(
    'given %s at the table, when %s (%s) asks to join, then it is refused as the same name',
    (taken, lookalike) => {
      const s = roomWith('Hostess', taken);
      expect(confusableNames(taken, lookalike)).toBe(true);
      expect(refusal(s, lookalike)).toMatchObject({ code: 'name_taken' });
    },
  );

  it('given names that only share letters, when they join, then each is taken', () => {
    const s = roomWith('Hostess', 'Ivan', 'Mila');
    expect(refusal(s, 'Iva')).toBeNull();
    expect(refusal(s, 'Milan')).toBeNull();
    expect(refusal(s, 'Иван')).toBeNull();
  });

  it("given the host's name, when a player asks for it or a look-alike of it, then it is refused", () => {
    const s = roomWith('Hana');
    expect(refusal(s, 'hana')).toMatchObject({
      code: 'name_taken',
      message: 'the host is already called Hana',
    });
    expect(refusal(s, 'Ηana')).toMatchObject({ code: 'name_taken' });
  });

  it("given a host who plays, when his own phone takes a seat under his name, then it is his; another phone's is refused", () => {
    const created = createGame({ preset: 'online' }, 'Olga', meta, [], 'hash-of-olgas-phone');
    if (!created.ok) throw new Error(created.rejection.message);
    const s = created.events.reduce((st, e) => evolve(st, e as GameEvent), initialState);
    expect(joinGame(s, 'Olga', undefined, meta, 'hash-of-olgas-phone').ok).toBe(true);
    const other = joinGame(s, 'Olga', undefined, meta, 'hash-of-another-phone');
    expect(other.ok ? null : other.rejection).toMatchObject({ code: 'name_taken' });
  });

  it('given a host name with nothing visible, when the room is created, then it is refused', () => {
    for (const blank of ['', '   ', '\u200b']) {
      const d = createGame({ preset: 'online' }, blank, meta);
      expect(d.ok ? null : d.rejection.code).toBe('bad_name');
    }
  });
});

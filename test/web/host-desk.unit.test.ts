import { describe, expect, it } from 'vitest';
import {
  canAdvance,
  checksTonight,
  floorHolder,
  isJointShot,
  nominationTargets,
  nominators,
  records,
  votersLeft,
} from '../../web/src/logic/host-desk.js';
import { hostView, must, tableOf } from './support/views.js';

const moderated = () =>
  tableOf(5, { 1: 'mafia', 2: 'sheriff' }, { master: 'moderator', introNight: 'never' });

describe('the moderator’s desk', () => {
  it('records a day for the seats: nominations, then each vote', () => {
    const t = moderated();
    const v = hostView(t);
    expect(records(v)).toBe(true);
    expect(canAdvance(v)).toBe(true);
    expect(nominators(v)).toEqual([1, 2, 3, 4, 5]);
    must(t.command('host', { type: 'nominate', target: 1, as: 3 }));
    expect(nominators(hostView(t))).toEqual([1, 2, 4, 5]);
    must(t.command('host', { type: 'advance' }));
    const ballot = hostView(t);
    expect(ballot.phase.stage).toBe('vote');
    // B8: seat 1, the lone candidate, may not vote for himself: he has no vote to record.
    expect(votersLeft(ballot)).toEqual([2, 3, 4, 5]);
    must(t.command('host', { type: 'vote', target: 1, as: 4 }));
    expect(votersLeft(hostView(t))).toEqual([2, 3, 5]);
  });

  it('B9 with replaceNomination: the moderator may record a second nomination for a seat, among seats not yet nominated', () => {
    const t = tableOf(
      5,
      { 1: 'mafia', 2: 'sheriff' },
      { master: 'moderator', introNight: 'never', replaceNomination: true },
    );
    must(t.command('host', { type: 'nominate', target: 1, as: 3 }));
    const v = hostView(t);
    expect(nominators(v)).toEqual([1, 2, 3, 4, 5]);
    expect(nominationTargets(v, 3)).toEqual([2, 4, 5]);
  });

  it('ends a speech for the seat holding the floor, and shows the night’s checks', () => {
    const t = moderated();
    must(t.command('host', { type: 'nominate', target: 1, as: 3 }));
    must(t.command('host', { type: 'advance' }));
    for (const seat of [2, 3, 4, 5]) must(t.command('host', { type: 'vote', target: 1, as: seat }));
    must(t.command('host', { type: 'advance' }));
    expect(floorHolder(hostView(t))).toBe(1);
    must(t.command('host', { type: 'advance' }));
    // Mafioso 1 is out: the town has won; the game is over.
    expect(hostView(t).over).toBe(true);
    expect(canAdvance(hostView(t))).toBe(false);
  });

  it('knows a joint shot from a lone action, and reads checks from the host’s view', () => {
    const t = tableOf(
      6,
      { 1: 'mafia', 2: 'mafia', 3: 'sheriff' },
      { master: 'moderator', introNight: 'never' },
    );
    must(t.command('host', { type: 'advance' }));
    expect(hostView(t).phase.kind).toBe('night');
    const host = hostView(t).host;
    const script = host?.script ?? [];
    expect(script.map((l) => l.wake)).toEqual(['mafia']);
    expect(host && isJointShot(host, script[0])).toBe(true);
    expect(host && isJointShot(host, { ...script[0], wake: 'don', ability: 'check' })).toBe(false);
    must(t.command('host', { type: 'recordShot', target: 5 }));
    must(t.command('host', { type: 'advance' }));
    must(t.command('host', { type: 'act', ability: 'check', target: 1, as: 3 }));
    expect(checksTonight(hostView(t))).toEqual([{ seat: 3, target: 1, result: 'black' }]);
  });
});

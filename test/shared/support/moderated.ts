import { partialMatch } from '../../../shared/audit/match.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { Table } from '../../../shared/play/table.js';
import { viewFor } from '../../../shared/views/view.js';
import { does, result } from '../../support/game.js';

/*
 * A table the host paces (club, role game): a moderator records every player move `as` the seat; under a
 * narrator the players make their own moves and the host steps the game on.
 */

export const host = (t: Table, command: Record<string, unknown>) => does(t, 'host', command);
export const as = (t: Table, seat: Seat, command: Record<string, unknown>) =>
  t.state.settings.master === 'moderator'
    ? does(t, 'host', { ...command, as: seat })
    : does(t, seat, command);
export const hostView = (t: Table) => viewFor(t.state, { kind: 'host' });

/** The host steps the game on until the result matches. */
export function advanceTo(t: Table, shape: Record<string, unknown>, max = 80): void {
  for (let i = 0; i < max && partialMatch(shape, result(t)) !== null; i++) host(t, { type: 'advance' });
  const miss = partialMatch(shape, result(t));
  if (miss !== null) throw new Error(`never reached ${JSON.stringify(shape)}: ${miss}`);
}

/** The day's talk: last words, then each speaker (nominating whom `noms` says) until the talk is over. */
export function talk(t: Table, noms: Record<number, number> = {}): void {
  for (let i = 0; i < 60; i++) {
    const { stage } = t.state.phase;
    if (
      t.state.phase.kind !== 'day' ||
      (stage !== 'speech' && stage !== 'lastWord' && stage !== 'discussion')
    )
      return;
    const speaker = t.state.speaker;
    if (stage === 'speech' && speaker !== null && noms[speaker] !== undefined)
      as(t, speaker, { type: 'nominate', target: noms[speaker] });
    if (stage === 'discussion')
      for (const [by, target] of Object.entries(noms)) as(t, Number(by), { type: 'nominate', target });
    host(t, { type: 'advance' });
  }
}

/** The ballot open now: each seat votes as `votes` says (a candidate, or leave/stay), then the host closes it. */
export function ballot(t: Table, votes: Record<number, number | 'leave' | 'stay'>): void {
  for (const [seat, v] of Object.entries(votes))
    as(t, Number(seat), typeof v === 'number' ? { type: 'vote', target: v } : { type: 'vote', choice: v });
  host(t, { type: 'advance' });
}

/** Defence speeches (C13, E10) and last words: the host gives each its time. */
export function speakersUntilVote(t: Table): Seat[] {
  const heard: Seat[] = [];
  while (t.state.phase.stage === 'defence' || t.state.phase.stage === 'lastWord') {
    if (t.state.speaker !== null) heard.push(t.state.speaker);
    host(t, { type: 'advance' });
  }
  return heard;
}

/**
 * A night the host records by the wake script: at each wake he records the actions of those awake
 * (`[seat, ability, target]`), then wakes the next group. Returns the groups in the order they woke.
 */
export function night(t: Table, acts: Array<[Seat, string, Seat]>): string[] {
  const woke: string[] = [];
  const left = [...acts];
  while (t.state.phase.kind === 'night') {
    const line = hostView(t).host?.script ?? [];
    if (t.state.wake) woke.push(t.state.wake);
    for (const l of line) {
      for (const a of left.filter(([seat, ability]) => l.seats.includes(seat) && l.ability === ability)) {
        as(t, a[0], { type: 'act', ability: a[1], target: a[2] });
        left.splice(left.indexOf(a), 1);
      }
    }
    host(t, { type: 'advance' });
  }
  if (left.length > 0) throw new Error(`never woke for ${JSON.stringify(left)}`);
  return woke;
}

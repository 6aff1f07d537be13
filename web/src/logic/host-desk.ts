import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { GameView, HostView } from '../../../shared/views/types.js';

/** The host records moves for seats (`as`) only when he is the moderator of a table played in person. */
export const records = (view: GameView): boolean => view.settings.master === 'moderator';

/** A human narrator or moderator paces the game; the automatic master does not take `advance`. */
export const canAdvance = (view: GameView): boolean =>
  view.settings.master !== 'auto' && view.phase.kind !== 'lobby' && !view.over;

export const living = (view: GameView): Seat[] => view.seats.filter((s) => s.alive).map((s) => s.seat);

/** Seats the moderator may record a nomination for now. */
export function nominators(view: GameView): Seat[] {
  const s = view.settings;
  if (!records(view) || view.phase.kind !== 'day' || s.voting !== 'nominations' || view.ballot) return [];
  if (view.phase.round === 1 && s.firstDay === 'noVote') return [];
  const stage = view.phase.stage;
  const done = new Set(view.nominations.map((n) => n.by));
  if (s.nominate === 'inSpeech') {
    const speaker = view.speaker;
    return stage === 'speech' && speaker !== null && !done.has(speaker) ? [speaker] : [];
  }
  if (stage !== 'speech' && stage !== 'discussion') return [];
  return living(view).filter((seat) => !done.has(seat));
}

/** The judge records the best move the night-1 victim names in his last word, and shows it once made. */
export function bestMoveDesk(view: GameView): boolean {
  const b = view.bestMove;
  return records(view) && !view.over && b !== null && (b.open || b.targets !== null);
}

/** Living seats whose vote is still to be recorded in the ballot open now. */
export function votersLeft(view: GameView): Seat[] {
  const b = view.ballot;
  if (!records(view) || !b || view.phase.kind !== 'day') return [];
  if (view.settings.voting !== 'majority' && view.phase.stage !== 'vote') return [];
  return living(view).filter((seat) => !(seat in b.votes));
}

/** The seat holding the floor in a step the moderator may end for him ("thank you"). */
export function floorHolder(view: GameView): Seat | null {
  const st = view.phase.stage;
  if (!records(view) || view.speaker === null) return null;
  return st === 'speech' || st === 'defence' || st === 'lastWord' ? view.speaker : null;
}

/** A script line's shot is joint (A5, C4): the moderator records only where it landed, or a miss. */
export function isJointShot(host: HostView, line: HostView['script'][number]): boolean {
  return line.ability === 'shoot' && host.jointWakes.includes(line.wake);
}

/** What a checker learnt tonight, for the host to show with a nod or a shake of the head. */
export function checksTonight(view: GameView): Array<{ seat: Seat; target: Seat; result: string }> {
  return (view.host?.actions ?? [])
    .filter((a) => a.ability === 'check' && a.result !== undefined)
    .map((a) => ({ seat: a.seat, target: a.target, result: a.result as string }));
}

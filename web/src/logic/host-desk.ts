import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { CommandType } from '../../../shared/engine/commands.js';
import type { GameView, HostView } from '../../../shared/views/types.js';
import { mayDo } from './screen.js';

/** The host records moves for seats (`as`) only when he is the moderator of a table played in person. */
export const records = (view: GameView): boolean => view.settings.master === 'moderator';

/** A human narrator or moderator paces the game: the view offers him `advance`. */
export const canAdvance = (view: GameView): boolean => mayDo(view, 'advance') !== undefined;

/** The seats the host may record a given move for now (`as`), as the view's `may` offers them. */
const recordable = (view: GameView, type: CommandType): Seat[] =>
  view.may.flatMap((m) => (m.type === type && m.as !== undefined ? [m.as] : []));

/** Seats the moderator may record a nomination for now (a second one too, with replaceNomination). */
export const nominators = (view: GameView): Seat[] => recordable(view, 'nominate');

/** The seats a nomination recorded for `seat` may name. */
export const nominationTargets = (view: GameView, seat: Seat): Seat[] =>
  mayDo(view, 'nominate', seat)?.targets ?? [];

/**
 * The seats the moderator may record a night line on: a joint shot where `recordShot` may land, otherwise
 * the seats every one of the line's players may name with the ability.
 */
export function recordTargets(view: GameView, seats: Seat[], ability: string, joint: boolean): Seat[] {
  if (joint) return mayDo(view, 'recordShot')?.targets ?? [];
  const each = seats.map(
    (seat) => view.may.find((m) => m.type === 'act' && m.as === seat && m.ability === ability)?.targets ?? [],
  );
  return each.length === 0 ? [] : each.reduce((all, t) => all.filter((x) => t.includes(x)));
}

/** The judge records the best move the night-1 victim names in his last word, and shows it once made. */
export function bestMoveDesk(view: GameView): boolean {
  const b = view.bestMove;
  return recordable(view, 'bestMove').length > 0 || (records(view) && !view.over && b?.targets != null);
}

/** Living seats whose vote may be recorded in the ballot open now. */
export const votersLeft = (view: GameView): Seat[] => {
  const b = view.ballot;
  return recordable(view, 'vote').filter((seat) => !b || !(seat in b.votes));
};

/** The seat holding the floor in a step the moderator may end for him ("thank you"). */
export const floorHolder = (view: GameView): Seat | null => recordable(view, 'endSpeech')[0] ?? null;

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

import type { GameView } from '../../../shared/views/types.js';
import { ballotMode, bestMoveOpen, knowTeamState, myVote, openAbilities } from './screen.js';

/**
 * What a view change may signal on a phone (a vibration, a short sound, a notification when the app is in
 * the background): it is your turn, night falls, somebody votes against you; for the judge, 10 seconds
 * left on the clock.
 */
export type Signal = 'turn' | 'night' | 'voted' | 'clock';

/** The judge hears the cue this long before the clock runs out. */
export const CLOCK_CUE_MS = 10_000;

/**
 * What this player has to do now, named with the step so that the next step's turn is a new turn: hold the
 * floor, use a night ability, vote, name the best move, confirm the team. Null when nothing waits on him.
 */
function turnOf(v: GameView): string | null {
  const you = v.you;
  if (!you || v.over) return null;
  const step = v.phase.id;
  const stage = v.phase.stage;
  if (v.speaker === you.seat && (stage === 'speech' || stage === 'defence' || stage === 'lastWord'))
    return `${step}:floor`;
  if (openAbilities(v).length > 0) return `${step}:act`;
  const mode = ballotMode(v);
  if (mode && mode !== 'majority' && myVote(v) === null) return `${step}:vote`;
  if (bestMoveOpen(v)) return `${step}:bestMove`;
  if (knowTeamState(v) === 'offer') return `${step}:team`;
  return null;
}

const votesAgainst = (v: GameView): number => {
  const seat = v.you?.seat;
  return seat === undefined ? 0 : Object.values(v.ballot?.votes ?? {}).filter((x) => x === seat).length;
};

/**
 * The signals one view change fires, strongest first. The first view a phone receives (a reload, a
 * reconnection) fires nothing: it tells what already was, not what just happened.
 */
export function signalsOf(before: GameView | null, after: GameView): Signal[] {
  if (!before) return [];
  const out: Signal[] = [];
  const turn = turnOf(after);
  if (turn !== null && turn !== turnOf(before)) out.push('turn');
  if (after.phase.kind === 'night' && before.phase.kind !== 'night') out.push('night');
  if (votesAgainst(after) > votesAgainst(before)) out.push('voted');
  return out;
}

/**
 * The judge's clock cue: the id of the running clock once it has 10 seconds or less left, for the host's
 * screen only (players hear their own turn, not the clock). `seenAt` is when this phone first saw the clock
 * run (its own time): the time left is counted on both clocks, so a phone whose clock runs behind the
 * server's still hears the cue on time.
 */
export function clockCue(view: GameView | null, now: number, seenAt: number): string | null {
  const clock = view?.clock;
  if (view?.viewer !== 'host' || view.over || !clock || clock.at === null) return null;
  // A step shorter than the cue (a 3-second vote call) has nothing to warn of.
  if (clock.remaining <= CLOCK_CUE_MS) return null;
  const left = Math.min(clock.at - now, clock.remaining - (now - seenAt));
  return left > 0 && left <= CLOCK_CUE_MS ? clock.id : null;
}

import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { CommandType } from '../../../shared/engine/commands.js';
import type { Channel, GameView, MayCommand } from '../../../shared/views/types.js';

export type Screen = 'lobby' | 'host' | 'play' | 'watch';
export type { Channel };

/** Which page a view belongs on: the lobby (and the card deal), the host's desk, a player's game, or a spectator's. */
export function screenOf(view: GameView): Screen {
  // A spectator watches the lobby and the game alike: the public table, with no key that acts.
  if (view.viewer === 'spectator') return 'watch';
  if (view.phase.kind === 'lobby') return 'lobby';
  return view.viewer === 'host' ? 'host' : 'play';
}

/**
 * What the phone shows, named: when it changes (the lobby gives way to the game, the game to its end) the
 * new screen opens at its top rather than where the old one was scrolled to.
 */
export function screenKey(page: string, view: GameView | null): string {
  if (page !== 'room' || !view) return page;
  return view.over ? `${screenOf(view)}:over` : screenOf(view);
}

export const isNight = (view: GameView | null): boolean => view?.phase.kind === 'night';

const me = (view: GameView) => view.you;

/**
 * The viewer's entry for a command in `may` (the host's own, or in moderator mode the one `as` a seat): the
 * view says what may be sent now, and every control for an action is shown from it, never from the settings.
 */
export const mayDo = (view: GameView, type: CommandType, as?: Seat): MayCommand | undefined =>
  view.may.find((m) => m.type === type && m.as === as);

/** The living mafia meets on the introduction night: "I know my team" (A8), offered until he has said it. */
export function knowTeamState(view: GameView): 'offer' | 'done' | null {
  if (mayDo(view, 'knowTeam')) return 'offer';
  return me(view)?.knowTeam ? 'done' : null;
}

/** The seat holding the floor is this player, in a step he can end himself. */
export const holdsFloor = (view: GameView): boolean => mayDo(view, 'endSpeech') !== undefined;

/** Nominations are open to this player now (B9, C26, the preset's `nominate` and `replaceNomination`). */
export const canNominate = (view: GameView): boolean => mayDo(view, 'nominate') !== undefined;

export type BallotMode = 'candidates' | 'lift' | 'majority';

/**
 * How this player votes in the ballot open now, or null when he has no vote to give. A vote he has cast and
 * may not change is still shown, pressed, in the ballot it was cast in.
 */
export function ballotMode(view: GameView): BallotMode | null {
  const vote = mayDo(view, 'vote');
  if (!vote) return myVote(view) === null ? null : view.ballot?.kind === 'lift' ? 'lift' : 'candidates';
  if (vote.choices) return 'lift';
  return view.settings.voting === 'majority' ? 'majority' : 'candidates';
}

/** A vote cast under continuous majority voting may be taken back (B9). */
export const canUnvote = (view: GameView): boolean => mayDo(view, 'unvote') !== undefined;

export function myVote(view: GameView): Seat | 'leave' | 'stay' | null {
  if (!view.ballot || !view.you) return null;
  return view.ballot.votes[view.you.seat] ?? null;
}

/** Seats this player may vote for in the ballot open now. */
export const voteTargets = (view: GameView): Seat[] => mayDo(view, 'vote')?.targets ?? [];

/** Votes per candidate so far (an open vote: everyone sees the hands). */
export function voteCounts(view: GameView): Map<Seat | 'leave' | 'stay', number> {
  const counts = new Map<Seat | 'leave' | 'stay', number>();
  for (const v of Object.values(view.ballot?.votes ?? {})) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

export type TileIntent =
  | { kind: 'act'; ability: string }
  | { kind: 'nominate' }
  | { kind: 'vote' }
  | { kind: 'bestMove' }
  | null;

/** Abilities that make no sense on oneself: the UI does not offer one's own tile for them. */
const OUTWARD = new Set(['shoot', 'check', 'block', 'kill']);

/** The seats a tap may target for an intent: those the view allows, and only sensible ones. */
export function targetsFor(view: GameView, intent: TileIntent): Seat[] {
  if (!intent) return [];
  const mine = view.you?.seat ?? null;
  switch (intent.kind) {
    case 'act': {
      // The view says whom the rules allow; the mafia still shoots outward: its own members are not offered.
      const allowed = view.may.find((m) => m.type === 'act' && m.ability === intent.ability)?.targets ?? [];
      const mates = intent.ability === 'shoot' ? (view.you?.teammates ?? []) : [];
      return OUTWARD.has(intent.ability) ? allowed.filter((s) => s !== mine && !mates.includes(s)) : allowed;
    }
    case 'nominate':
      return mayDo(view, 'nominate')?.targets ?? [];
    case 'vote':
      return voteTargets(view);
    case 'bestMove':
      // Naming oneself is allowed but says nothing: the guess is about the others.
      return (mayDo(view, 'bestMove')?.targets ?? []).filter((s) => s !== mine);
  }
}

/** One ability this player may use now: the seats it may name, and how many one use names. */
export interface ActOffer {
  ability: string;
  targets: Seat[];
  names: { min: number; max: number };
}

/** The abilities this player may use now, each with the seats it may name (the view's `may`). */
export const actOffers = (view: GameView): ActOffer[] =>
  view.may.flatMap((m) =>
    m.type === 'act' && m.ability !== undefined && m.as === undefined
      ? [{ ability: m.ability, targets: m.targets ?? [], names: m.names ?? { min: 1, max: 1 } }]
      : [],
  );

/** Night abilities this player may still use tonight. */
export const openAbilities = (view: GameView): string[] => actOffers(view).map((a) => a.ability);

/** The best move (sport): the first player killed at night names three seats during his last word. */
export const bestMoveOpen = (view: GameView): boolean => mayDo(view, 'bestMove') !== undefined;

/** A living player may give up and leave at once, from the deal to the end, where he plays his own moves. */
export const canGiveUp = (view: GameView): boolean => mayDo(view, 'giveUp') !== undefined;

/** Chat channels this player may write on now; presets played by voice have none (A3). */
export const writableChannels = (view: GameView): Channel[] => mayDo(view, 'say')?.channels ?? [];

/** Names by seat, for announcements ("Seat 4 · Ann"). */
export function nameOf(view: GameView, seat: Seat): string {
  return view.seats.find((s) => s.seat === seat)?.name ?? '';
}

export function namesOf(view: GameView): Record<number, string> {
  return Object.fromEntries(view.seats.map((s) => [s.seat, s.name]));
}

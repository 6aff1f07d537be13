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

/** In moderator mode the host records every move: a player's phone then only watches (and chats). */
const playsOwnMoves = (view: GameView) => view.settings.master !== 'moderator';

const me = (view: GameView) => view.you;

/** The viewer's entry for a command in `may` (the host's own, or in moderator mode the one `as` a seat). */
export const mayDo = (view: GameView, type: CommandType, as?: Seat): MayCommand | undefined =>
  view.may.find((m) => m.type === type && m.as === as);
const alive = (view: GameView) => view.you?.alive === true;

/** The living mafia meets on the introduction night: "I know my team" (A8), offered until he has said it. */
export function knowTeamState(view: GameView): 'offer' | 'done' | null {
  if (mayDo(view, 'knowTeam')) return 'offer';
  return me(view)?.knowTeam && view.phase.stage === 'intro' ? 'done' : null;
}

/** The seat holding the floor is this player, in a step he can end himself. */
export function holdsFloor(view: GameView): boolean {
  const stage = view.phase.stage;
  return (
    view.you !== null &&
    view.speaker === view.you.seat &&
    playsOwnMoves(view) &&
    (stage === 'speech' || stage === 'defence' || stage === 'lastWord')
  );
}

/** Nominations are open to this player now (B9, C26, the preset's `nominate` setting). */
export function canNominate(view: GameView): boolean {
  const you = me(view);
  const s = view.settings;
  if (!you || !alive(view) || !playsOwnMoves(view)) return false;
  if (view.phase.kind !== 'day' || s.voting !== 'nominations' || view.ballot) return false;
  if (view.phase.round === 1 && s.firstDay === 'noVote') return false;
  if (view.nominations.some((n) => n.by === you.seat)) return false;
  const stage = view.phase.stage;
  if (s.nominate === 'inSpeech') return stage === 'speech' && view.speaker === you.seat;
  return stage === 'speech' || stage === 'discussion';
}

export type BallotMode = 'candidates' | 'lift' | 'majority';

/** How this player votes in the ballot open now, or null when he has no vote to give. */
export function ballotMode(view: GameView): BallotMode | null {
  const b = view.ballot;
  if (!b || !view.you || !alive(view) || !playsOwnMoves(view) || view.phase.kind !== 'day') return null;
  if (view.settings.voting === 'majority') return 'majority';
  if (view.phase.stage !== 'vote') return null;
  return b.kind === 'lift' ? 'lift' : 'candidates';
}

export function myVote(view: GameView): Seat | 'leave' | 'stay' | null {
  if (!view.ballot || !view.you) return null;
  return view.ballot.votes[view.you.seat] ?? null;
}

/** Seats this player may vote for in the ballot open now. */
export function voteTargets(view: GameView): Seat[] {
  const b = view.ballot;
  if (!b || !view.you) return [];
  const pool =
    view.settings.voting === 'majority'
      ? view.seats.filter((s) => s.alive).map((s) => s.seat)
      : b.candidates.filter((c) => view.seats.some((s) => s.seat === c && s.alive));
  return view.settings.selfVote ? pool : pool.filter((seat) => seat !== view.you?.seat);
}

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

/** The seats a tap may target for an intent: only living players, and only sensible ones. */
export function targetsFor(view: GameView, intent: TileIntent): Seat[] {
  if (!intent) return [];
  const living = view.seats.filter((s) => s.alive).map((s) => s.seat);
  const mine = view.you?.seat ?? null;
  switch (intent.kind) {
    case 'act': {
      // The view says whom the rules allow; the mafia still shoots outward: its own members are not offered.
      const allowed = view.you?.abilities.find((a) => a.ability === intent.ability)?.targets ?? [];
      const mates = intent.ability === 'shoot' ? (view.you?.teammates ?? []) : [];
      return OUTWARD.has(intent.ability) ? allowed.filter((s) => s !== mine && !mates.includes(s)) : allowed;
    }
    case 'nominate': {
      // Where nobody votes for himself, nobody puts himself up either (the engine refuses it: self_vote).
      const taken = new Set(view.nominations.map((n) => n.target));
      if (!view.settings.selfVote && mine !== null) taken.add(mine);
      return living.filter((s) => !taken.has(s));
    }
    case 'vote':
      return voteTargets(view);
    case 'bestMove':
      return view.seats.map((s) => s.seat).filter((s) => s !== mine);
  }
}

/** Night abilities this player still has to use tonight. */
export function openAbilities(view: GameView): string[] {
  if (!playsOwnMoves(view)) return [];
  return (view.you?.abilities ?? []).filter((a) => !a.done).map((a) => a.ability);
}

/** The best move (sport): the first player killed at night names three seats during his last word. */
export function bestMoveOpen(view: GameView): boolean {
  const b = view.bestMove;
  return b?.open === true && b.targets === null && view.you?.seat === b.seat;
}

/**
 * A living player may give up and leave at once, from the deal to the end; not at a moderated table, where
 * the host records every move and a player's phone only watches.
 */
export function canGiveUp(view: GameView): boolean {
  if (!alive(view) || !playsOwnMoves(view) || view.over) return false;
  return view.phase.kind === 'day' || view.phase.kind === 'night';
}

/** Chat channels this player may write on now; presets played by voice have none (A3). */
export function writableChannels(view: GameView): Channel[] {
  return mayDo(view, 'say')?.channels ?? [];
}

/** Names by seat, for announcements ("Seat 4 · Ann"). */
export function nameOf(view: GameView, seat: Seat): string {
  return view.seats.find((s) => s.seat === seat)?.name ?? '';
}

export function namesOf(view: GameView): Record<number, string> {
  return Object.fromEntries(view.seats.map((s) => [s.seat, s.name]));
}

import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { VoteValue } from '../../../shared/log/records.js';
import type { GameView } from '../../../shared/views/types.js';
import { mayDo } from './screen.js';

/*
 * Every rule set the seeds give votes in the open: hands raised at a live table (sport, club, the role game),
 * votes given and taken back in front of everyone (B8). So the open ballot in the view carries every vote,
 * and every screen shows who votes for whom while it is open.
 */

/** One line of the open ballot: a candidate (or leave / stay) and who votes for it, in seat order. */
export interface VoteLine {
  value: VoteValue;
  voters: Seat[];
}

/**
 * The ballot open now, line by line: every candidate in nomination order; under continuous majority (B9) the
 * players who hold votes, most first; in a lift-all vote "leave" then "stay".
 */
export function voteLines(view: GameView): VoteLine[] {
  const b = view.ballot;
  if (!b) return [];
  const by = new Map<VoteValue, Seat[]>();
  for (const [voter, value] of Object.entries(b.votes))
    by.set(value, [...(by.get(value) ?? []), Number(voter)]);
  const line = (value: VoteValue): VoteLine => ({
    value,
    voters: (by.get(value) ?? []).sort((x, y) => x - y),
  });
  if (b.kind === 'lift') return [line('leave'), line('stay')];
  if (b.candidates.length > 0) return b.candidates.map(line);
  return [...by.keys()]
    .map(line)
    .sort((x, y) => y.voters.length - x.voters.length || (x.value as Seat) - (y.value as Seat));
}

/** Living players who have not voted yet in the ballot open now. */
export function notVoted(view: GameView): Seat[] {
  const b = view.ballot;
  if (!b) return [];
  return view.seats.filter((s) => s.alive && !(s.seat in b.votes)).map((s) => s.seat);
}

/** "Elena is voted out (4 of 7)": who left by the day's vote, the votes against, and the living who voted. */
export interface Verdict {
  round: number;
  seats: Seat[];
  votes: number;
  of: number;
}

/**
 * The day's vote that sent players out, told to everyone from the moment it closes through the last words
 * and the night that follows (and on the game-over screen when it ended the game).
 */
export function verdictOf(view: GameView): Verdict | null {
  const record = view.ballots.at(-1);
  if (!record || record.leaves.length === 0) return null;
  const { kind, round } = view.phase;
  const lastOut = view.eliminated.at(-1);
  const current =
    ((kind === 'day' || kind === 'night') && round === record.round) ||
    (kind === 'over' && lastOut?.how === 'vote' && lastOut.round === record.round);
  if (!current) return null;
  const first = view.eliminated.findIndex(
    (e) => e.how === 'vote' && e.round === record.round && record.leaves.includes(e.seat),
  );
  if (first < 0) return null;
  const livingNow = view.seats.filter((s) => s.alive).length;
  const votes = record.kind === 'lift' ? record.tally.leave : record.tally[record.leaves[0]];
  return {
    round: record.round,
    seats: record.leaves,
    votes: votes ?? 0,
    of: livingNow + view.eliminated.length - first,
  };
}

/** "Ready to vote" is this player's to say now: a living player in an auto room's discussion, not yet said. */
export const canSayReady = (view: GameView): boolean => mayDo(view, 'readyToVote') !== undefined;

/** The auto room's host may cut the day's discussion short. */
export const canEndDiscussion = (view: GameView): boolean => mayDo(view, 'endDiscussion') !== undefined;

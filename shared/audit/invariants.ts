import type { Seat } from '../domain/vocabulary.js';
import { givesLastWord } from '../engine/checks.js';
import type { GameState } from '../engine/state.js';
import { winnerNow, winnersOf } from '../engine/win.js';
import type { GameEvent } from '../log/events.js';

/**
 * Rules every event of a game must respect whatever command produced it: the dead never act, nobody acts
 * out of turn or for another seat, and the winner is the one the rules give. Checked on the events alone,
 * so they hold for logs written before commits kept their command too. `mover` is the seat the commit's
 * command acted for (its seat actor, or the seat the host recorded it `as`); null for the host's own
 * commands and the game master's.
 */
export function eventProblem(s: GameState, e: GameEvent, mover: Seat | null): string | null {
  const alive = (seat: Seat) => s.alive.includes(seat);
  const notMover = (seat: Seat) =>
    mover !== null && mover !== seat ? `seat ${mover}'s command acts for seat ${seat}` : null;
  switch (e.type) {
    case 'actionTaken': {
      const { seat, ability } = e.action;
      if (s.phase.kind !== 'night') return `seat ${seat} used ${ability} outside the night`;
      if (!alive(seat)) return `seat ${seat} is out of the game but used ${ability}`;
      return notMover(seat);
    }
    case 'voteCast':
      if (s.ballot === null) return `seat ${e.seat} voted with no ballot open`;
      if (!alive(e.seat)) return `seat ${e.seat} is out of the game but voted`;
      return notMover(e.seat);
    case 'nominated':
      if (s.phase.kind !== 'day') return `seat ${e.by} nominated outside the day`;
      if (!alive(e.by)) return `seat ${e.by} is out of the game but nominated`;
      return notMover(e.by);
    case 'messageSaid':
      return messageProblem(s, e.message.seat, e.message.channel) ?? notMover(e.message.seat);
    case 'winDecided':
      return winnerProblem(s, e.winner, e.winners);
    case 'gameEnded': {
      const w = s.pendingWinner;
      if (w === null) return `the game ended with ${e.winner} winning, but no win was decided`;
      if (w.winner !== e.winner || !sameSeats(w.winners, e.winners))
        return `the game ended with ${e.winner} winning, but ${w.winner} had won`;
      return null;
    }
    default:
      return null;
  }
}

function messageProblem(s: GameState, seat: Seat, channel: 'table' | 'mafia' | 'dead'): string | null {
  const inPlay = s.phase.kind !== 'lobby' && s.phase.kind !== 'over';
  const alive = s.alive.includes(seat) || !inPlay;
  if (channel === 'dead' && alive) return `seat ${seat} is alive but wrote on the dead channel`;
  if (channel === 'mafia' && !s.alive.includes(seat))
    return `seat ${seat} is out of the game but wrote to the mafia`;
  if (channel === 'table' && !alive && !givesLastWord(s, seat))
    return `seat ${seat} is out of the game but spoke at the table`;
  return null;
}

/** A win as the rules give it: by the players alive, a jester voted out, or one of sport's draws. */
function winnerProblem(s: GameState, winner: string, winners: Seat[]): string | null {
  if (winner === 'jester') {
    const last = s.eliminated[s.eliminated.length - 1];
    const voted = last !== undefined && last.how === 'vote' && s.roles[last.seat] === 'jester';
    return voted && sameSeats(winners, [last.seat]) ? null : 'the jester won without being voted out';
  }
  if (winner === 'draw') {
    const quietLimit = s.settings.drawAfterQuietRounds;
    const lastBallot = s.ballots[s.ballots.length - 1];
    const allTied =
      s.settings.allTied === 'draw' &&
      lastBallot !== undefined &&
      lastBallot.leaders.length === s.alive.length;
    const quiet = quietLimit > 0 && s.quiet >= quietLimit * 2;
    return winnerNow(s) === 'draw' || allTied || quiet ? null : 'a draw the rules do not give';
  }
  const rules = winnerNow(s);
  if (rules !== winner)
    return `${winner} was declared the winner, but the rules give ${rules ?? 'nobody yet'}`;
  if (!sameSeats(winners, winnersOf(s, winner))) return `the winners of ${winner} are not its players`;
  return null;
}

const sameSeats = (a: readonly Seat[], b: readonly Seat[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((x, i) => x === [...b].sort((p, q) => p - q)[i]);

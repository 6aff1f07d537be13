import type { Rejection, Seat } from '../../domain/vocabulary.js';
import { countsAsMafiaNow } from '../../roles/index.js';
import { ruleSetOf } from '../../rules/rule-sets.js';
import { givesLastWord, isRejection, living, livingTarget, no, rule, seated } from '../checks.js';
import { checkMajority, endStep, removeNow } from '../flow.js';
import type { GameState } from '../state.js';
import { emit } from '../tx.js';

/** A lone candidate who may not vote for himself has no vote to cast: the ballot does not wait for him. */
function canVote(s: GameState, seat: Seat): boolean {
  const ballot = s.ballot;
  if (!ballot) return false;
  if (ballot.kind === 'lift' || s.settings.selfVote) return true;
  return ballot.candidates.some((c) => c !== seat && s.alive.includes(c));
}

const say = rule<'say'>(
  (s, c, who) => {
    if (!s.settings.chat) return no('not_allowed', 'this game is played by voice: chat is off');
    const seat = seated(s, who);
    if (isRejection(seat)) return seat;
    const alive = s.alive.includes(seat) || s.phase.kind === 'lobby';
    if (c.channel === 'dead' && alive)
      return no('not_allowed', 'only the eliminated talk on the dead channel');
    if (c.channel === 'table') {
      if (!alive && !givesLastWord(s, seat) && s.phase.kind !== 'over')
        return no('dead_player', 'the dead do not talk at the table');
      if (s.phase.kind === 'night') return no('wrong_phase', 'the town sleeps');
    }
    if (c.channel === 'mafia') {
      if (!s.alive.includes(seat) || !countsAsMafiaNow(s, seat))
        return no('not_allowed', 'only the living mafia use this channel');
      if (s.phase.kind !== 'night') return no('wrong_phase', 'the mafia talks at night');
    }
    return undefined;
  },
  (tx, c, who) =>
    emit(tx, {
      type: 'messageSaid',
      message: {
        seat: who as Seat,
        channel: c.channel,
        text: c.text,
        at: tx.meta.now,
        round: tx.state.phase.round,
      },
    }),
);

const nominate = rule<'nominate'>(
  (s, c, who) => {
    const day = s.day;
    if (s.phase.kind !== 'day' || !day || s.settings.voting !== 'nominations')
      return no('wrong_phase', 'no nominations now');
    if (s.phase.round === 1 && s.settings.firstDay === 'noVote')
      return no('not_allowed', 'no nominations on the first day');
    const seat = living(s, who);
    if (isRejection(seat)) return seat;
    const { stage } = s.phase;
    if (s.settings.nominate === 'inSpeech') {
      if (stage !== 'speech' || s.speaker !== seat)
        return no('not_your_turn', 'you nominate only in your own speech');
    } else if (stage !== 'speech' && stage !== 'discussion') {
      return no('wrong_phase', 'nominations are closed');
    }
    const target = livingTarget(s, c.target);
    if (isRejection(target)) return target;
    // Where nobody may vote for himself (B8), nobody puts himself up for the vote either.
    if (target === seat && !s.settings.selfVote)
      return no('self_vote', 'you cannot nominate yourself in this game');
    // A second nomination replaces the first where the house allows it (replaceNomination).
    if (day.nominations.some((n) => n.by === seat) && !s.settings.replaceNomination)
      return no('already_nominated', 'you have already nominated today');
    if (day.nominations.some((n) => n.target === target))
      return no('already_nominated', `seat ${target} is already nominated`);
    return undefined;
  },
  (tx, c, who) => {
    const seat = who as Seat;
    if (tx.state.day?.nominations.some((n) => n.by === seat))
      emit(tx, { type: 'nominationWithdrawn', by: seat });
    emit(tx, { type: 'nominated', by: seat, target: c.target });
  },
);

const withdraw = rule<'withdraw'>(
  (s, _c, who) => {
    if (!s.settings.withdraw) return no('not_allowed', 'nominations cannot be withdrawn in this game');
    const seat = living(s, who);
    if (isRejection(seat)) return seat;
    if (
      s.phase.kind !== 'day' ||
      s.ballot ||
      (s.phase.stage !== 'speech' && s.phase.stage !== 'discussion')
    ) {
      return no('wrong_phase', 'nominations are closed');
    }
    if (!s.day?.nominations.some((n) => n.by === seat))
      return no('not_allowed', 'you have no nomination to withdraw');
    return undefined;
  },
  (tx, _c, who) => emit(tx, { type: 'nominationWithdrawn', by: who as Seat }),
);

const endSpeech = rule<'endSpeech'>(
  (s, _c, who) => {
    const { stage } = s.phase;
    if (stage !== 'speech' && stage !== 'defence' && stage !== 'lastWord')
      return no('wrong_phase', 'nobody holds the floor');
    if (s.speaker !== who) return no('not_your_turn', `seat ${s.speaker} holds the floor`);
    return undefined;
  },
  (tx) => endStep(tx),
);

/** The common discussion of an auto room (nominations, then a ballot) is the only talk "ready" can end. */
function discussionNow(s: GameState): Rejection | undefined {
  if (s.settings.master !== 'auto')
    return no('not_allowed', 'the narrator or moderator ends the discussion with "advance"');
  if (s.settings.voting === 'majority')
    return no('not_allowed', 'a day of continuous voting ends by a majority or by its clock');
  if (s.phase.kind !== 'day' || s.phase.stage !== 'discussion' || !s.day)
    return no('wrong_phase', 'there is no discussion now');
  return undefined;
}

/** "Ready to vote": the discussion ends as soon as every living player has said it. */
const readyToVote = rule<'readyToVote'>(
  (s, _c, who) => {
    const closed = discussionNow(s);
    if (closed) return closed;
    const seat = living(s, who);
    if (isRejection(seat)) return seat;
    if (s.day?.ready.includes(seat)) return no('already_acted', 'you have already said you are ready');
    return undefined;
  },
  (tx, _c, who) => {
    emit(tx, { type: 'readyToVote', seat: who as Seat });
    const t = tx.state;
    if (t.alive.every((x) => t.day?.ready.includes(x))) endStep(tx);
  },
);

/** The auto room's host cuts the discussion short; what the rules put next follows (the vote, or night). */
const endDiscussion = rule<'endDiscussion'>(
  (s) => discussionNow(s),
  (tx) => endStep(tx),
);

const vote = rule<'vote'>(
  (s, c, who) => {
    const ballot = s.ballot;
    if (!ballot || s.phase.kind !== 'day') return no('wrong_phase', 'no vote is open');
    const seat = living(s, who);
    if (isRejection(seat)) return seat;
    const refused = ruleSetOf(s).voteRefusal(s, seat);
    if (refused) return refused;
    if (s.settings.voting === 'majority') {
      const target = livingTarget(s, c.target);
      if (isRejection(target)) return target;
      if (target === seat && !s.settings.selfVote) return no('self_vote', 'you cannot vote for yourself');
      return undefined;
    }
    if (s.phase.stage !== 'vote') return no('wrong_phase', 'the vote has not begun');
    if (seat in ballot.votes) return no('already_voted', 'you have already voted');
    if (ballot.kind === 'lift') return c.choice ? undefined : no('bad_command', 'choose "leave" or "stay"');
    if (c.target === undefined) return no('bad_command', 'a candidate is required');
    if (!ballot.candidates.includes(c.target) || !s.alive.includes(c.target))
      return no('bad_target', `seat ${c.target} is not a candidate`);
    if (c.target === seat && !s.settings.selfVote) return no('self_vote', 'you cannot vote for yourself');
    return undefined;
  },
  (tx, c, who) => {
    const s = tx.state;
    const seat = who as Seat;
    if (s.settings.voting === 'majority') {
      if (s.ballot?.votes[seat] === c.target) return;
      emit(tx, { type: 'voteCast', seat, vote: c.target as Seat });
      checkMajority(tx);
      return;
    }
    const value = s.ballot?.kind === 'lift' ? c.choice : c.target;
    emit(tx, { type: 'voteCast', seat, vote: value as Seat | 'leave' | 'stay' });
    const t = tx.state;
    const open = t.ballot;
    if (t.settings.master === 'auto' && open && t.alive.every((x) => x in open.votes || !canVote(t, x)))
      endStep(tx);
  },
);

const unvote = rule<'unvote'>(
  (s, _c, who) => {
    if (s.settings.voting !== 'majority')
      return no('not_allowed', 'a cast vote cannot be taken back in this game');
    if (!s.ballot) return no('wrong_phase', 'no vote is open');
    const seat = living(s, who);
    if (isRejection(seat)) return seat;
    if (!(seat in s.ballot.votes)) return no('not_allowed', 'you have not voted');
    return undefined;
  },
  (tx, _c, who) => emit(tx, { type: 'voteWithdrawn', seat: who as Seat }),
);

const bestMove = rule<'bestMove'>(
  (s, c, who) => {
    const seat = seated(s, who);
    if (isRejection(seat)) return seat;
    if (!s.bestMove || s.bestMove.seat !== seat || !s.bestMove.open)
      return no('not_allowed', 'you have no best move to make');
    if (new Set(c.targets).size !== 3) return no('bad_command', 'name three different seats');
    const missing = c.targets.find((t) => !(t in s.names));
    if (missing !== undefined) return no('unknown_seat', `there is no seat ${missing}`);
    return undefined;
  },
  (tx, c, who) =>
    emit(tx, { type: 'bestMoveMade', seat: who as Seat, targets: [...c.targets].sort((a, b) => a - b) }),
);

const giveUp = rule<'giveUp'>(
  (s, _c, who) => {
    const seat = living(s, who);
    if (isRejection(seat)) return seat;
    return s.phase.kind === 'lobby' ? no('wrong_phase', 'the game has not started') : undefined;
  },
  (tx, _c, who) => removeNow(tx, who as Seat, 'gaveUp'),
);

export const dayRules = {
  say,
  nominate,
  withdraw,
  endSpeech,
  readyToVote,
  endDiscussion,
  vote,
  unvote,
  bestMove,
  giveUp,
};

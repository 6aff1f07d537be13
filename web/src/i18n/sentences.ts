import { msg, str } from '@lit/localize';
import type { Sentence } from '../../../shared/audit/timeline.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import { BUY_WITH_MOVE } from '../../../shared/forum/roles.js';
import { channelName } from '../components/chat-panel.js';
import { forumAbilityName, newspaperLine, purchaseName } from './forum-names.js';
import {
  abilityName,
  checkText,
  howName,
  phaseTitle,
  reasonText,
  roleName,
  stageName,
  teamName,
  wakeName,
} from './names.js';
import { optionName, presetName } from './setting-labels.js';

/** How a seat is named in a sentence: "4 · Ann". */
export type SeatNamer = (seat: Seat) => string;

const list = (seats: readonly Seat[], who: SeatNamer) => seats.map(who).join(', ');

/** One step of the replay in the phone's language: the sentence the timeline gives, as the viewer knew it. */
export function sentenceLine(s: Sentence, who: SeatNamer): string {
  switch (s.kind) {
    case 'opened':
      return msg(str`${s.host} opens the room: ${presetName(s.preset)}, ${optionName('master', s.master)}.`, {
        id: 'say.opened',
      });
    case 'settingsChanged':
      return msg('The host changes the settings.', { id: 'say.settings' });
    case 'seatTaken':
      return msg(str`${s.name} takes seat ${s.seat}.`, { id: 'say.seatTaken' });
    case 'seatChanged':
      return msg(str`Seat ${s.from} moves to seat ${s.to}.`, { id: 'say.seatChanged' });
    case 'seatReclaimed':
      return msg(str`${who(s.seat)} comes back on the same phone.`, { id: 'say.reclaimed' });
    case 'seatsSwapped':
      return msg(str`Seats ${s.a} and ${s.b} change places.`, { id: 'say.swapped' });
    case 'seatRenamed':
      return msg(str`Seat ${s.seat} is now called ${s.name}.`, { id: 'say.renamed' });
    case 'seatLeft':
      return msg(str`Seat ${s.seat} is free again.`, { id: 'say.seatLeft' });
    case 'rematch':
      return msg(str`The table plays again in room ${s.code}.`, { id: 'say.rematch' });
    case 'sealed':
      return msg(str`The server signs the log as it stands at version ${s.version}.`, { id: 'say.sealed' });
    case 'roleGiven':
      return msg(str`${who(s.seat)} is given a card: ${roleName(s.role)}.`, { id: 'say.roleGiven' });
    case 'shuffled':
      return s.deck === null
        ? msg('The cards are shuffled.', { id: 'say.shuffled' })
        : msg(str`The deck is shuffled: ${s.deck.map(roleName).join(', ')}.`, { id: 'say.deck' });
    case 'cardPicked':
      return s.role === null
        ? msg(str`${who(s.seat)} picks card ${s.card}.`, { id: 'say.picked' })
        : msg(str`${who(s.seat)} picks card ${s.card}: ${roleName(s.role)}.`, { id: 'say.pickedRole' });
    case 'dealt':
      return s.roles.length === 0
        ? msg('The roles are dealt.', { id: 'say.dealt' })
        : msg(
            str`The roles are dealt: ${s.roles.map((r) => `${who(r.seat)} ${roleName(r.role)}`).join(', ')}.`,
            {
              id: 'say.dealtRoles',
            },
          );
    case 'step': {
      const title = phaseTitle({ id: '', kind: s.phase, round: s.round, stage: s.stage });
      const stage = stageName(s.stage);
      return s.speaker === null
        ? msg(str`Now: ${title}, ${stage}.`, { id: 'say.step' })
        : msg(str`Now: ${title}, ${stage}; ${who(s.speaker)} has the floor.`, { id: 'say.stepSpeaker' });
    }
    case 'teamMet':
      return msg(str`${who(s.seat)} meets the team.`, { id: 'say.teamMet' });
    case 'action':
      return s.result === null
        ? msg(str`${who(s.seat)} chooses “${abilityName(s.ability)}” on ${who(s.target)}.`, {
            id: 'say.action',
          })
        : msg(
            str`${who(s.seat)} chooses “${abilityName(s.ability)}” on ${who(s.target)}: ${checkText(s.result)}.`,
            {
              id: 'say.check',
            },
          );
    case 'shotRecorded':
      return s.target === null
        ? msg('The host records that the mafia did not shoot.', { id: 'say.recordedMiss' })
        : msg(str`The host records the mafia’s shot at ${who(s.target)}.`, { id: 'say.recordedShot' });
    case 'nightEnded':
      return s.deaths.length === 0
        ? msg(str`Night ${s.round} ends: nobody dies.`, { id: 'say.nightNobody' })
        : msg(str`Night ${s.round} ends. Out of the game: ${list(s.deaths, who)}.`, {
            id: 'say.nightDeaths',
          });
    case 'left':
      return s.role === null
        ? msg(str`${who(s.seat)} leaves the game: ${howName(s.how)}.`, { id: 'say.left' })
        : msg(str`${who(s.seat)} (${roleName(s.role)}) leaves the game: ${howName(s.how)}.`, {
            id: 'say.leftRole',
          });
    case 'said':
      return msg(str`${who(s.seat)} in ${channelName(s.channel)}: “${s.text}”`, { id: 'say.said' });
    case 'nominated':
      return msg(str`${who(s.by)} nominates ${who(s.target)}.`, { id: 'say.nominated' });
    case 'nominationWithdrawn':
      return msg(str`${who(s.by)} withdraws the nomination.`, { id: 'say.withdrawn' });
    case 'ready':
      return msg(str`${who(s.seat)} is ready to vote.`, { id: 'say.ready' });
    case 'vote':
      if (s.vote === 'leave')
        return msg(str`${who(s.seat)} votes that they all leave.`, { id: 'say.voteLeave' });
      if (s.vote === 'stay')
        return msg(str`${who(s.seat)} votes that they all stay.`, { id: 'say.voteStay' });
      return msg(str`${who(s.seat)} votes against ${who(s.vote)}.`, { id: 'say.vote' });
    case 'voteWithdrawn':
      return msg(str`${who(s.seat)} takes the vote back.`, { id: 'say.unvote' });
    case 'ballotOpened':
      if (s.ballot === 'lift')
        return msg(str`The table votes whether ${list(s.candidates, who)} all leave.`, {
          id: 'say.liftOpened',
        });
      return s.ballot === 'revote'
        ? msg(str`The revote opens on ${list(s.candidates, who)}.`, { id: 'say.revoteOpened' })
        : msg(str`The vote opens on ${list(s.candidates, who)}.`, { id: 'say.voteOpened' });
    case 'verdict': {
      const tally = s.tally.map(([k, n]) => `${tallyKey(k, who)} ${n}`).join(', ');
      return s.leaves.length === 0
        ? msg(str`Verdict of day ${s.round} (${tally}): nobody leaves.`, { id: 'say.verdictNone' })
        : msg(str`Verdict of day ${s.round} (${tally}). Out of the game: ${list(s.leaves, who)}.`, {
            id: 'say.verdictOut',
          });
    }
    case 'voteCancelled':
      return msg(str`The vote of day ${s.round} is cancelled: ${who(s.seat)} left.`, {
        id: 'say.voteCancelled',
      });
    case 'bestMoveOffered':
      return msg(str`${who(s.seat)} may name a best move.`, { id: 'say.bestOffered' });
    case 'bestMove':
      return msg(str`${who(s.seat)} names ${list(s.targets, who)} as the best move.`, { id: 'say.bestMove' });
    case 'foul':
      return msg(str`${who(s.seat)} gets foul ${s.fouls}.`, { id: 'say.foul' });
    case 'disqualified':
      return msg(str`${who(s.seat)} is disqualified: ${s.reason}.`, { id: 'say.disqualified' });
    case 'remark':
      return msg(str`${who(s.seat)} gets remark ${s.remarks}.`, { id: 'say.remark' });
    case 'extraPoints':
      return msg(str`${who(s.seat)} gets ${s.points} extra points.`, { id: 'say.extraPoints' });
    case 'clockPaused':
      return msg(str`The clock stops with ${s.seconds} s left.`, { id: 'say.paused' });
    case 'clockResumed':
      return msg('The clock runs again.', { id: 'say.resumed' });
    case 'clockExtended':
      return msg(str`The clock gets ${s.seconds} s more.`, { id: 'say.extended' });
    case 'undone':
      return msg('The host takes back the last record.', { id: 'say.undone' });
    case 'quiet':
      return msg(str`Quiet half-rounds in a row: ${s.quiet}.`, { id: 'say.quiet' });
    case 'winDecided':
      return msg(str`The result is decided: ${teamName(s.winner)}.`, { id: 'say.decided' });
    case 'mic':
      return s.on
        ? msg(str`${who(s.seat)} switches the mafia microphone on.`, { id: 'say.micOn' })
        : msg(str`${who(s.seat)} switches the mafia microphone off.`, { id: 'say.micOff' });
    case 'order': {
      if (s.ability === BUY_WITH_MOVE)
        return msg(str`${who(s.seat)} buys with the move: ${s.item === null ? '—' : purchaseName(s.item)}.`, {
          id: 'say.buy',
        });
      return s.targets.length === 0
        ? msg(str`${who(s.seat)} orders: ${forumAbilityName(s.ability)}.`, { id: 'say.order' })
        : msg(str`${who(s.seat)} orders: ${forumAbilityName(s.ability)}, on ${list(s.targets, who)}.`, {
            id: 'say.orderOn',
          });
    }
    case 'newspaper':
      return s.lines.length === 0
        ? msg(str`The newspaper of night ${s.round}: no moves.`, { id: 'say.paperEmpty' })
        : msg(
            str`The newspaper of night ${s.round}: ${s.lines.map((l) => newspaperLine(l, who)).join('; ')}.`,
            {
              id: 'say.paper',
            },
          );
    case 'holdings':
      return msg('Points, levels and items change.', { id: 'say.holdings' });
    case 'gameEnded':
      return s.winner === 'draw'
        ? msg('Game over: a draw.', { id: 'say.draw' })
        : msg(str`Game over. Winner: ${teamName(s.winner)} (${list(s.winners, who)}).`, { id: 'say.over' });
    default: {
      const _exhaustive: never = s;
      return '';
    }
  }
}

/** Why each night attack landed or missed, for those who saw the night whole. */
export function outcomeLines(s: Sentence, who: SeatNamer): string[] {
  if (s.kind !== 'nightEnded' || s.outcomes === null) return [];
  return s.outcomes.map((o) =>
    msg(
      str`${wakeName(o.by)}, aimed at ${o.target === null ? '—' : who(o.target)}: ${reasonText(o.reason)}`,
      {
        id: 'story.outcome',
      },
    ),
  );
}

function tallyKey(key: string, who: SeatNamer): string {
  if (/^\d+$/.test(key)) return `${who(Number(key))}:`;
  return key === 'leave'
    ? `${msg('Leave', { id: 'ballot.leave' })}:`
    : `${msg('Stay', { id: 'ballot.stay' })}:`;
}

import type {
  Actor,
  HowEliminated,
  Meta,
  Rejection,
  RejectionCode,
  RoleId,
  Seat,
} from '../domain/vocabulary.js';
import type { GameEvent } from '../log/events.js';
import type { CheckResult } from '../log/records.js';
import { abilityOf, ROLES, roleIdOf, SHERIFF_LIKE } from '../roles/index.js';
import { PRESETS } from '../rules/presets.js';
import type { SettingsInput } from '../rules/settings.js';
import { mergeSettings, rolesForTable } from '../rules/table.js';
import { decideMafiaMic } from '../video/mafia-mic.js';
import { type Command, type CommandOf, type CommandType, HOST_COMMANDS } from './commands.js';
import {
  beginPlay,
  checkMajority,
  eliminate,
  endDayNow,
  endGameNow,
  endStep,
  everyoneActed,
  startStep,
} from './flow.js';
import { shuffle } from './random.js';
import { type GameState, initialState } from './state.js';
import { emit, openTx, type Tx } from './tx.js';

export type Decision = { ok: true; events: GameEvent[] } | { ok: false; rejection: Rejection };

const no = (code: RejectionCode, message: string): Rejection => ({ code, message });

/**
 * A moved deadline gets a new id (`n2.actions.7~1`, `~2`, …): the old one may already be scheduled — on AWS
 * a Step Functions execution named after it — and must find nothing to end when it fires, while the new
 * time needs a schedule of its own.
 */
function revisedDeadlineId(id: string): string {
  const m = /^(.*)~(\d+)$/.exec(id);
  return m ? `${m[1]}~${Number(m[2]) + 1}` : `${id}~1`;
}

/** Clock skew a deadline tolerates: Step Functions' Wait truncates to whole seconds. */
const DEADLINE_TOLERANCE_MS = 1000;

const seatsOf = (s: GameState): Seat[] =>
  Object.keys(s.names)
    .map(Number)
    .sort((a, b) => a - b);
const roleOf = (s: GameState, seat: Seat) => s.roles[seat] as RoleId;
const isMafia = (s: GameState, seat: Seat) =>
  ROLES[roleOf(s, seat)]?.team === 'mafia' && ROLES[roleOf(s, seat)].knowsTeam;
const inLobby = (s: GameState) => s.phase.kind === 'lobby' && s.phase.stage === 'lobby';

function run(state: GameState, meta: Meta, body: (tx: Tx) => Rejection | undefined): Decision {
  const tx = openTx(state, meta);
  const rejection = body(tx);
  return rejection ? { ok: false, rejection } : { ok: true, events: tx.events };
}

/** A new room: the preset's defaults with the creator's settings. */
export function createGame(input: SettingsInput, hostName: string, meta: Meta): Decision {
  const preset = PRESETS[input.preset ?? 'online'];
  const settings = mergeSettings(preset.defaults, input);
  const problem = checkSettings(settings.preset, settings.immunity, settings.roles);
  if (problem) return { ok: false, rejection: problem };
  return run(initialState, meta, (tx) => {
    emit(tx, { type: 'gameCreated', settings, hostName, at: meta.now });
    return undefined;
  });
}

function checkSettings(
  presetId: keyof typeof PRESETS,
  immunity: Seat | null,
  roles: Partial<Record<RoleId, number>>,
) {
  const preset = PRESETS[presetId];
  if (immunity !== null && immunity > preset.maxPlayers)
    return no('bad_settings', `seat ${immunity} is not at this table`);
  const total = Object.values(roles).reduce((a, b) => a + (b ?? 0), 0);
  if (total > preset.maxPlayers)
    return no('bad_settings', `${total} roles do not fit ${preset.maxPlayers} seats`);
  return undefined;
}

/** A player joins the lobby: at the seat asked for, or the lowest free one. */
export function joinGame(state: GameState, name: string, seat: Seat | undefined, meta: Meta): Decision {
  return run(state, meta, (tx) =>
    state.created ? seatNewPlayer(tx, name, seat) : no('wrong_phase', 'no such game'),
  );
}

function seatNewPlayer(tx: Tx, name: string, seat: Seat | undefined): Rejection | undefined {
  const s = tx.state;
  if (!inLobby(s)) return no('wrong_phase', 'the game has started');
  const max = PRESETS[s.settings.preset].maxPlayers;
  const taken = new Set(seatsOf(s));
  if (seat !== undefined) {
    if (seat < 1 || seat > max) return no('unknown_seat', `seats are 1 to ${max}`);
    if (taken.has(seat)) return no('seat_taken', `seat ${seat} is taken`);
  }
  let chosen = seat;
  for (let i = 1; chosen === undefined && i <= max; i++) if (!taken.has(i)) chosen = i;
  if (chosen === undefined) return no('game_full', 'every seat is taken');
  emit(tx, { type: 'seatTaken', seat: chosen, name });
  return undefined;
}

type Handler<K extends CommandType> = (tx: Tx, c: CommandOf<K>, who: Actor) => Rejection | undefined;
type Handlers = { [K in CommandType]: Handler<K> };

function needSeat(s: GameState, who: Actor): Rejection | undefined {
  if (typeof who !== 'number' || !(who in s.names))
    return no('not_a_player', 'only a seated player can do that');
  return undefined;
}

function needAlive(s: GameState, who: Actor): Rejection | undefined {
  return (
    needSeat(s, who) ??
    (s.alive.includes(who as Seat) ? undefined : no('dead_player', 'you are out of the game'))
  );
}

function needLivingTarget(s: GameState, target: Seat | undefined): Rejection | undefined {
  if (target === undefined) return no('bad_command', 'a target seat is required');
  if (!(target in s.names)) return no('unknown_seat', `there is no seat ${target}`);
  if (!s.alive.includes(target)) return no('bad_target', `seat ${target} is out of the game`);
  return undefined;
}

function checkResult(s: GameState, checker: Seat, target: Seat): CheckResult {
  if (roleOf(s, checker) === 'don')
    return SHERIFF_LIKE.includes(roleOf(s, target)) ? 'sheriff' : 'notSheriff';
  return ROLES[roleOf(s, target)].black ? 'black' : 'red';
}

/** A lone candidate who may not vote for himself has no vote to cast: the ballot does not wait for him. */
function canVote(s: GameState, seat: Seat): boolean {
  const ballot = s.ballot;
  if (!ballot) return false;
  if (ballot.kind === 'lift' || s.settings.selfVote) return true;
  return ballot.candidates.some((c) => c !== seat && s.alive.includes(c));
}

function deal(tx: Tx, roles: Record<string, RoleId>): void {
  emit(tx, { type: 'rolesDealt', roles });
  beginPlay(tx);
}

/** A player leaves at once, without a last word: 4th foul, disqualification. */
function remove(tx: Tx, seat: Seat, how: HowEliminated): void {
  const s = tx.state;
  const wasSpeaker = s.speaker === seat;
  if (s.settings.removalCancelsVote && s.phase.kind !== 'lobby') {
    const resultKnown = s.ballots.some((b) => b.round === s.phase.round && b.leaves.length > 0);
    const today = s.phase.kind === 'day' && !resultKnown;
    emit(tx, { type: 'voteCancelled', round: s.phase.round, seat, nextDay: !today });
  }
  eliminate(tx, seat, how, s.phase.round);
  const after = tx.state;
  if (after.pendingWinner && after.phase.stage !== 'lastWord') return endGameNow(tx);
  if (after.day?.voteCancelled && after.phase.stage === 'vote') return endDayNow(tx);
  if (wasSpeaker) endStep(tx);
}

const handlers: Handlers = {
  configure(tx, c) {
    const s = tx.state;
    if (!inLobby(s)) return no('wrong_phase', 'settings can change only in the lobby');
    const settings = mergeSettings(s.settings, c.settings);
    const problem = checkSettings(settings.preset, settings.immunity, settings.roles);
    if (problem) return problem;
    emit(tx, { type: 'settingsChanged', settings });
    return undefined;
  },

  seatPlayer(tx, c) {
    return seatNewPlayer(tx, c.name, c.seat);
  },

  takeSeat(tx, c, who) {
    const s = tx.state;
    const bad = needSeat(s, who);
    if (bad) return bad;
    if (!inLobby(s)) return no('wrong_phase', 'seats can change only in the lobby');
    const max = PRESETS[s.settings.preset].maxPlayers;
    if (c.seat > max) return no('unknown_seat', `seats are 1 to ${max}`);
    if (c.seat === who) return undefined;
    if (c.seat in s.names) return no('seat_taken', `seat ${c.seat} is taken`);
    emit(tx, { type: 'seatChanged', from: who as Seat, to: c.seat });
    return undefined;
  },

  start(tx) {
    const s = tx.state;
    if (!inLobby(s)) return no('wrong_phase', 'the game has already started');
    const preset = PRESETS[s.settings.preset];
    const seats = seatsOf(s);
    const n = seats.length;
    if (n < preset.minPlayers || n > preset.maxPlayers) {
      const need =
        preset.minPlayers === preset.maxPlayers
          ? `exactly ${preset.minPlayers}`
          : `${preset.minPlayers} to ${preset.maxPlayers}`;
      return no('not_enough_players', `the ${preset.id} preset needs ${need} players; ${n} are seated`);
    }
    if (seats.some((seat, i) => seat !== i + 1))
      return no('not_enough_players', `seats must be filled from 1 to ${n} without gaps`);
    if (s.settings.immunity !== null && s.settings.immunity > n)
      return no('bad_settings', `seat ${s.settings.immunity} (immunity) is empty`);
    const deck = rolesForTable(s.settings, n);
    if (deck.length > n) return no('bad_settings', `${deck.length} roles for ${n} players`);
    if (!deck.some((r) => ROLES[r].team === 'mafia' && ROLES[r].knowsTeam))
      return no('bad_settings', 'the game needs at least one mafioso');
    switch (s.settings.dealing) {
      case 'random': {
        if (tx.meta.seed === undefined) return no('bad_command', 'a random deal needs a seed');
        const dealt = shuffle(deck, tx.meta.seed);
        deal(tx, Object.fromEntries(seats.map((seat, i) => [seat, dealt[i]])));
        return undefined;
      }
      case 'manual': {
        const roles = Object.fromEntries(seats.map((seat) => [seat, s.roles[seat] ?? 'civilian'])) as Record<
          string,
          RoleId
        >;
        if (!Object.values(roles).some((r) => ROLES[r].team === 'mafia' && ROLES[r].knowsTeam)) {
          return no('bad_settings', 'assign at least one mafioso before starting');
        }
        deal(tx, roles);
        return undefined;
      }
      case 'cards': {
        if (tx.meta.seed === undefined) return no('bad_command', 'shuffling the cards needs a seed');
        emit(tx, { type: 'deckShuffled', deck: shuffle(deck, tx.meta.seed) });
        const turns = seats.map((seat) => ({
          stage: 'cards' as const,
          speaker: seat,
          seconds: s.settings.timers.cards,
        }));
        startStep(tx, 'lobby', 0, turns[0], turns.slice(1));
        return undefined;
      }
      default: {
        const _exhaustive: never = s.settings.dealing;
        return no('bad_settings', 'unknown dealing');
      }
    }
  },

  assignRole(tx, c) {
    const s = tx.state;
    if (!inLobby(s)) return no('wrong_phase', 'roles are assigned in the lobby');
    if (s.settings.dealing !== 'manual')
      return no('not_allowed', 'roles are assigned by hand only with manual dealing');
    if (!(c.seat in s.names)) return no('unknown_seat', `seat ${c.seat} is empty`);
    emit(tx, { type: 'roleAssigned', seat: c.seat, role: roleIdOf(c.role) as RoleId });
    return undefined;
  },

  pickCard(tx, c, who) {
    const s = tx.state;
    if (s.phase.stage !== 'cards' || !s.deck) return no('wrong_phase', 'no cards are being dealt');
    if (who !== s.speaker) return no('not_your_turn', `seat ${s.speaker} is picking a card`);
    if (c.card > s.deck.length || Object.values(s.picks).includes(c.card))
      return no('bad_target', `card ${c.card} is not on the table`);
    pick(tx, who, c.card);
    return undefined;
  },

  mafiaMic: decideMafiaMic,

  knowTeam(tx, _c, who) {
    const s = tx.state;
    const bad = needAlive(s, who);
    if (bad) return bad;
    if (s.phase.stage !== 'intro') return no('wrong_phase', 'only on the introduction night');
    if (!isMafia(s, who as Seat)) return no('not_allowed', 'only the mafia meets tonight');
    if (s.known.includes(who as Seat)) return no('already_acted', 'you already know your team');
    emit(tx, { type: 'teamKnown', seat: who as Seat });
    const t = tx.state;
    const allKnown = t.alive.filter((x) => isMafia(t, x)).every((x) => t.known.includes(x));
    if (allKnown && t.settings.master === 'auto' && !t.settings.introFullTime) endStep(tx);
    return undefined;
  },

  act(tx, c, who) {
    const s = tx.state;
    const { stage, round } = s.phase;
    if (s.phase.kind !== 'night' || (stage !== 'actions' && stage !== 'wake')) {
      return no(
        'wrong_phase',
        round === 0 && stage === 'intro'
          ? 'nobody acts on the introduction night'
          : 'night actions only at night',
      );
    }
    const bad = needAlive(s, who);
    if (bad) return bad;
    const seat = who as Seat;
    const ability = abilityOf(roleOf(s, seat), c.ability);
    if (!ability) return no('not_allowed', `a ${roleOf(s, seat)} cannot ${c.ability}`);
    if (stage === 'wake' && ability.wake !== s.wake) return no('not_your_turn', `the ${s.wake} is awake now`);
    const target = c.target ?? c.targets?.[0];
    const badTarget = needLivingTarget(s, target);
    if (badTarget) return badTarget;
    if (s.actions.some((a) => a.seat === seat && a.ability === c.ability))
      return no('already_acted', `you have already used ${c.ability} tonight`);
    if (s.recordedShot && c.ability === 'shoot') return no('already_acted', 'the shot is already recorded');
    if (c.ability === 'shoot' && round === 1 && s.settings.immunity === target)
      return no('immune_target', `seat ${target} has immunity tonight`);
    const late = s.stepStartedAt + s.settings.timers.night * 1000;
    if (s.settings.master === 'auto' && !ability.joint && tx.meta.now > late)
      return no('too_late', `your window closed`);
    const result = c.ability === 'check' ? checkResult(s, seat, target as Seat) : undefined;
    emit(tx, {
      type: 'actionTaken',
      action: { seat, ability: c.ability, target: target as Seat, ...(result ? { result } : {}) },
    });
    if (tx.state.settings.master === 'auto' && everyoneActed(tx.state)) endStep(tx);
    return undefined;
  },

  recordShot(tx, c) {
    const s = tx.state;
    if (s.settings.master !== 'moderator') return no('not_allowed', 'only the moderator records a shot');
    const awake = s.phase.stage === 'actions' || (s.phase.stage === 'wake' && s.wake === 'mafia');
    if (s.phase.kind !== 'night' || s.phase.round === 0 || !awake)
      return no('wrong_phase', 'shots are recorded while the mafia is awake');
    if (s.recordedShot || s.actions.some((a) => a.ability === 'shoot'))
      return no('already_acted', 'the shot is already recorded; undo it first');
    if (c.target !== null) {
      const bad = needLivingTarget(s, c.target);
      if (bad) return bad;
    }
    emit(tx, { type: 'shotRecorded', target: c.target });
    return undefined;
  },

  say(tx, c, who) {
    const s = tx.state;
    if (!s.settings.chat) return no('not_allowed', 'this game is played by voice: chat is off');
    const bad = needSeat(s, who);
    if (bad) return bad;
    const seat = who as Seat;
    const alive = s.alive.includes(seat) || s.phase.kind === 'lobby';
    if (c.channel === 'dead' && alive)
      return no('not_allowed', 'only the eliminated talk on the dead channel');
    if (c.channel === 'table') {
      const lastWord = s.phase.stage === 'lastWord' && s.speaker === seat;
      if (!alive && !lastWord && s.phase.kind !== 'over')
        return no('dead_player', 'the dead do not talk at the table');
      if (s.phase.kind === 'night') return no('wrong_phase', 'the town sleeps');
    }
    if (c.channel === 'mafia') {
      if (!s.alive.includes(seat) || !isMafia(s, seat))
        return no('not_allowed', 'only the living mafia use this channel');
      if (s.phase.kind !== 'night') return no('wrong_phase', 'the mafia talks at night');
    }
    emit(tx, {
      type: 'messageSaid',
      message: { seat, channel: c.channel, text: c.text, at: tx.meta.now, round: s.phase.round },
    });
    return undefined;
  },

  nominate(tx, c, who) {
    const s = tx.state;
    const day = s.day;
    if (s.phase.kind !== 'day' || !day || s.settings.voting !== 'nominations')
      return no('wrong_phase', 'no nominations now');
    if (s.phase.round === 1 && s.settings.firstDay === 'noVote')
      return no('not_allowed', 'no nominations on the first day');
    const bad = needAlive(s, who);
    if (bad) return bad;
    const { stage } = s.phase;
    if (s.settings.nominate === 'inSpeech') {
      if (stage !== 'speech' || s.speaker !== who)
        return no('not_your_turn', 'you nominate only in your own speech');
    } else if (stage !== 'speech' && stage !== 'discussion') {
      return no('wrong_phase', 'nominations are closed');
    }
    const badTarget = needLivingTarget(s, c.target);
    if (badTarget) return badTarget;
    const own = day.nominations.some((n) => n.by === who);
    if (own && !s.settings.replaceNomination)
      return no('already_nominated', 'you have already nominated today');
    if (day.nominations.some((n) => n.target === c.target))
      return no('already_nominated', `seat ${c.target} is already nominated`);
    if (own) emit(tx, { type: 'nominationWithdrawn', by: who as Seat });
    emit(tx, { type: 'nominated', by: who as Seat, target: c.target });
    return undefined;
  },

  withdraw(tx, _c, who) {
    const s = tx.state;
    if (!s.settings.withdraw) return no('not_allowed', 'nominations cannot be withdrawn in this game');
    const bad = needAlive(s, who);
    if (bad) return bad;
    if (
      s.phase.kind !== 'day' ||
      s.ballot ||
      (s.phase.stage !== 'speech' && s.phase.stage !== 'discussion')
    ) {
      return no('wrong_phase', 'nominations are closed');
    }
    if (!s.day?.nominations.some((n) => n.by === who))
      return no('not_allowed', 'you have no nomination to withdraw');
    emit(tx, { type: 'nominationWithdrawn', by: who as Seat });
    return undefined;
  },

  endSpeech(tx, _c, who) {
    const s = tx.state;
    const { stage } = s.phase;
    if (stage !== 'speech' && stage !== 'defence' && stage !== 'lastWord')
      return no('wrong_phase', 'nobody holds the floor');
    if (s.speaker !== who) return no('not_your_turn', `seat ${s.speaker} holds the floor`);
    endStep(tx);
    return undefined;
  },

  vote(tx, c, who) {
    const s = tx.state;
    const ballot = s.ballot;
    if (!ballot || s.phase.kind !== 'day') return no('wrong_phase', 'no vote is open');
    const bad = needAlive(s, who);
    if (bad) return bad;
    const seat = who as Seat;
    if (s.settings.voting === 'majority') {
      const badTarget = needLivingTarget(s, c.target);
      if (badTarget) return badTarget;
      if (c.target === seat && !s.settings.selfVote) return no('self_vote', 'you cannot vote for yourself');
      if (ballot.votes[seat] === c.target) return undefined;
      emit(tx, { type: 'voteCast', seat, vote: c.target as Seat });
      checkMajority(tx);
      return undefined;
    }
    if (s.phase.stage !== 'vote') return no('wrong_phase', 'the vote has not begun');
    if (seat in ballot.votes) return no('already_voted', 'you have already voted');
    if (ballot.kind === 'lift') {
      if (!c.choice) return no('bad_command', 'choose "leave" or "stay"');
      emit(tx, { type: 'voteCast', seat, vote: c.choice });
    } else {
      if (c.target === undefined) return no('bad_command', 'a candidate is required');
      if (!ballot.candidates.includes(c.target) || !s.alive.includes(c.target))
        return no('bad_target', `seat ${c.target} is not a candidate`);
      if (c.target === seat && !s.settings.selfVote) return no('self_vote', 'you cannot vote for yourself');
      emit(tx, { type: 'voteCast', seat, vote: c.target });
    }
    const t = tx.state;
    if (
      t.settings.master === 'auto' &&
      t.ballot &&
      t.alive.every((x) => x in t.ballot!.votes || !canVote(t, x))
    ) {
      endStep(tx);
    }
    return undefined;
  },

  unvote(tx, _c, who) {
    const s = tx.state;
    if (s.settings.voting !== 'majority')
      return no('not_allowed', 'a cast vote cannot be taken back in this game');
    if (!s.ballot) return no('wrong_phase', 'no vote is open');
    const bad = needAlive(s, who);
    if (bad) return bad;
    if (!((who as Seat) in s.ballot.votes)) return no('not_allowed', 'you have not voted');
    emit(tx, { type: 'voteWithdrawn', seat: who as Seat });
    return undefined;
  },

  bestMove(tx, c, who) {
    const s = tx.state;
    const bad = needSeat(s, who);
    if (bad) return bad;
    if (!s.bestMove || s.bestMove.seat !== who || !s.bestMove.open)
      return no('not_allowed', 'you have no best move to make');
    if (new Set(c.targets).size !== 3) return no('bad_command', 'name three different seats');
    const missing = c.targets.find((t) => !(t in s.names));
    if (missing !== undefined) return no('unknown_seat', `there is no seat ${missing}`);
    emit(tx, { type: 'bestMoveMade', seat: who as Seat, targets: [...c.targets].sort((a, b) => a - b) });
    return undefined;
  },

  giveUp(tx, _c, who) {
    const s = tx.state;
    const bad = needAlive(s, who);
    if (bad) return bad;
    if (s.phase.kind === 'lobby') return no('wrong_phase', 'the game has not started');
    remove(tx, who as Seat, 'gaveUp');
    return undefined;
  },

  advance(tx) {
    const s = tx.state;
    if (s.settings.master === 'auto')
      return no('not_allowed', 'the automatic game master keeps the pace; pause or extend the clock');
    if (s.phase.kind === 'lobby') return no('wrong_phase', 'start the game first');
    endStep(tx);
    return undefined;
  },

  pauseClock(tx) {
    const d = tx.state.deadline;
    if (!d || d.at === null) return no('wrong_phase', 'no clock is running');
    emit(tx, { type: 'clockPaused', remaining: Math.max(0, d.at - tx.meta.now) });
    return undefined;
  },

  unpauseClock(tx) {
    const s = tx.state;
    const d = s.deadline;
    if (!d || d.at !== null) return no('wrong_phase', 'the clock is not paused');
    emit(tx, { type: 'clockResumed', id: revisedDeadlineId(d.id), at: tx.meta.now + d.remaining });
    return undefined;
  },

  extendClock(tx, c) {
    const s = tx.state;
    const d = s.deadline;
    if (!d) return no('wrong_phase', 'no clock to extend');
    const ms = c.seconds * 1000;
    const id = revisedDeadlineId(d.id);
    const deadline =
      d.at === null
        ? { ...d, id, remaining: d.remaining + ms }
        : { ...d, id, at: d.at + ms, remaining: d.at + ms - tx.meta.now };
    emit(tx, { type: 'clockExtended', seconds: c.seconds, deadline });
    return undefined;
  },

  undo(tx) {
    const s = tx.state;
    if (s.settings.master !== 'moderator')
      return no('not_allowed', 'undo is for the moderator of a live table');
    if (s.undo.length === 0) return no('nothing_to_undo', 'nothing recorded in this phase');
    emit(tx, { type: 'actionUndone' });
    return undefined;
  },

  foul(tx, c) {
    const s = tx.state;
    if (s.phase.kind === 'lobby') return no('wrong_phase', 'the game has not started');
    // A player already out (in his last word, or shot tonight) still takes fouls into his boxes.
    if (!(c.seat in s.names)) return no('unknown_seat', `there is no seat ${c.seat}`);
    const fouls = (s.fouls[c.seat] ?? 0) + 1;
    emit(tx, { type: 'foulGiven', seat: c.seat, fouls, at: tx.meta.now });
    if (fouls >= 4 && s.alive.includes(c.seat)) remove(tx, c.seat, 'fouls');
    return undefined;
  },

  remark(tx, c) {
    const s = tx.state;
    if (s.phase.kind === 'lobby') return no('wrong_phase', 'the game has not started');
    const bad = needLivingTarget(s, c.seat);
    if (bad) return bad;
    emit(tx, { type: 'remarkGiven', seat: c.seat, remarks: (s.remarks[c.seat] ?? 0) + 1 });
    return undefined;
  },

  disqualify(tx, c) {
    const s = tx.state;
    if (s.phase.kind === 'lobby') return no('wrong_phase', 'the game has not started');
    const bad = needLivingTarget(s, c.seat);
    if (bad) return bad;
    emit(tx, { type: 'playerDisqualified', seat: c.seat, reason: c.reason });
    remove(tx, c.seat, 'disqualified');
    return undefined;
  },

  extraPoints(tx, c) {
    const s = tx.state;
    if (!(c.seat in s.names)) return no('unknown_seat', `there is no seat ${c.seat}`);
    const [min, max] = s.settings.extraPointsRange;
    if (c.points < min || c.points > max)
      return no('not_allowed', `extra points must lie between ${min} and ${max}`);
    emit(tx, { type: 'extraPointsGiven', seat: c.seat, points: c.points });
    return undefined;
  },

  timeUp(tx, c) {
    const s = tx.state;
    const d = s.deadline;
    // A late, repeated or superseded deadline is a no-op, not an error: it appends nothing.
    if (
      !d ||
      d.id !== c.deadlineId ||
      d.advisory ||
      d.at === null ||
      tx.meta.now < d.at - DEADLINE_TOLERANCE_MS
    ) {
      return undefined;
    }
    if (s.phase.stage === 'cards' && s.speaker !== null && s.deck) {
      const picked = new Set(Object.values(s.picks));
      const card = s.deck.findIndex((_, i) => !picked.has(i + 1)) + 1;
      pick(tx, s.speaker, card);
      return undefined;
    }
    endStep(tx);
    return undefined;
  },
};

function pick(tx: Tx, seat: Seat, card: number): void {
  const deck = tx.state.deck!;
  emit(tx, { type: 'cardPicked', seat, card, role: deck[card - 1] });
  if (tx.state.agenda.length > 0) return endStep(tx);
  deal(tx, tx.state.roles);
}

/** Who a command really comes from: the connection's actor, or in moderator mode the seat the host records. */
function actorOf(s: GameState, c: Command, meta: Meta): Actor | Rejection {
  if (c.as === undefined) return meta.actor;
  if (meta.actor !== 'host') return no('as_not_allowed', 'only the host records moves for a seat');
  if (s.settings.master !== 'moderator')
    return no('as_not_allowed', 'moves are recorded for a seat only in moderator mode');
  if (!(c.as in s.names)) return no('unknown_seat', `there is no seat ${c.as}`);
  return c.as;
}

const isRejection = (x: unknown): x is Rejection => typeof x === 'object' && x !== null && 'code' in x;

/** Validates a command against the game and returns the events it produces, or why it is refused. */
export function decide(state: GameState, command: Command, meta: Meta): Decision {
  return run(state, meta, (tx) => {
    if (!state.created) return no('wrong_phase', 'no such game');
    const who = actorOf(state, command, meta);
    if (isRejection(who)) return who;
    if (HOST_COMMANDS.has(command.type) && meta.actor !== 'host')
      return no('host_only', 'only the host can do that');
    if (HOST_COMMANDS.has(command.type) && command.as !== undefined)
      return no('as_not_allowed', `${command.type} is the host's own`);
    if (command.type === 'timeUp' && meta.actor !== 'system')
      return no('not_allowed', 'deadlines come from the game master');
    if (state.phase.kind === 'over' && command.type !== 'extraPoints' && command.type !== 'say') {
      return no('game_over', 'the game is over');
    }
    const playerMove = !HOST_COMMANDS.has(command.type) && command.type !== 'timeUp';
    if (playerMove && meta.actor === 'host' && command.as === undefined) {
      return no(
        'not_a_player',
        state.settings.master === 'moderator' ? `record it for a seat with "as"` : 'the host does not play',
      );
    }
    const moderated = state.settings.master === 'moderator' && state.phase.kind !== 'lobby';
    if (
      playerMove &&
      moderated &&
      meta.actor !== 'host' &&
      command.type !== 'say' &&
      command.type !== 'bestMove'
    ) {
      return no('not_allowed', 'in a moderated game the host records every move');
    }
    const handler = handlers[command.type] as Handler<typeof command.type>;
    return handler(tx, command as never, who);
  });
}

import type { Actor, HowEliminated, Rejection, Seat } from '../domain/vocabulary.js';
import { isRejection, living, no, rule } from '../engine/checks.js';
import type { CommandOf } from '../engine/commands.js';
import type { ActOffer, RuleSetCommands } from '../engine/rule-set.js';
import type { GameState } from '../engine/state.js';
import { emit, type Tx } from '../engine/tx.js';
import { resolveForumNight } from './night.js';
import {
  buy,
  buyWithMove,
  buyWithVote,
  earn,
  hangingEarners,
  licenceHolders,
  mayTrain,
  train,
} from './purse.js';
import {
  BUY_WITH_MOVE,
  FORUM_ABILITIES,
  FORUM_ROLES,
  type ForumAbilityId,
  type ForumRoleId,
  type GuardId,
  type ItemId,
  isMove,
  isStrike,
} from './roles.js';
import { type ForumState, type ForumTable, orderRefusal, paralysedIn, withoutMineOn } from './state.js';
import { forumWinner } from './win.js';

/*
 * The forum game inside the engine's decider: its `act`, its night, what a hanging brings. Everything it
 * decides is recorded as events carrying results (the holdings after the change), so a replay needs no rules.
 */

/** The deal as the forum's rules read it: every role of a forum game is a forum role (checked at configure). */
export const forumTable = (s: Pick<GameState, 'alive' | 'roles'>): ForumTable => ({
  alive: s.alive,
  roles: s.roles as Record<string, ForumRoleId>,
});

/** The forum abilities a seat holds now: none once he is out, nor while he is paralysed (D17). */
export function forumAbilitiesOf(s: GameState, seat: Seat): readonly ForumAbilityId[] {
  const role = s.roles[seat];
  if (!s.alive.includes(seat) || !role || !(role in FORUM_ROLES)) return [];
  if (s.forum && paralysedIn(s.forum, seat, s.phase.round)) return [];
  const abilities: readonly ForumAbilityId[] = FORUM_ROLES[role as ForumRoleId].abilities;
  // The Maniac's poison is spent by use (`poisonUses`).
  const poisoned = s.forum?.poisonUsed[seat] ?? 0;
  return poisoned < s.settings.forum.poisonUses ? abilities : abilities.filter((a) => a !== 'poison');
}

/** D17: a paralysed player's vote does not happen; D5: nor a vote he has spent on a purchase. */
export function forumVoteRefusal(s: GameState, seat: Seat): Rejection | undefined {
  if (!s.forum) return undefined;
  if (paralysedIn(s.forum, seat, s.phase.round)) return no('not_allowed', 'you are paralysed today');
  if (s.forum.votesSpent.some((v) => v.seat === seat && v.round === s.phase.round))
    return no('already_voted', 'you spent your vote today on a purchase');
  return undefined;
}

/**
 * Why `act` in a forum night is refused: one order or act per player a night (the Psycho guards the office
 * or knocks, not both; a mafioso gives one order, D7), aimed as its ability says.
 */
export function refuseForumAct(s: GameState, c: CommandOf<'act'>, seat: Seat): Rejection | undefined {
  const forum = s.forum;
  if (!forum) return no('wrong_phase', 'the forum game has not begun');
  const ability = c.ability as ForumAbilityId;
  if (paralysedIn(forum, seat, s.phase.round)) return no('not_allowed', 'you are paralysed tonight');
  if (!forumAbilitiesOf(s, seat).includes(ability))
    return no('not_allowed', `a ${s.roles[seat]} cannot ${c.ability}`);
  if (c.targets && c.target !== undefined)
    return no('bad_command', 'name the target once: target or targets');
  if (forum.tonight.some((a) => a.seat === seat)) return no('already_acted', 'one move a night');
  const targets = targetsNamed(c);
  const table = forumTable(s);
  const unknown = targets.find((t) => !(t in s.names));
  if (unknown !== undefined) return no('unknown_seat', `there is no seat ${unknown}`);
  if (isMove(ability)) {
    const refusal = orderRefusal(forum, table, { seat, move: ability, targets }, s.settings.forum);
    if (refusal) return refusal;
  } else {
    const { min, max } = FORUM_ABILITIES[ability].targets;
    if (targets.length < min || targets.length > max)
      return no('bad_command', `${ability} names ${min} seat(s)`);
    if (targets.some((t) => !s.alive.includes(t))) return no('bad_target', 'a target is not a living player');
    if ((ability === 'knock' || isStrike(ability)) && targets.includes(seat))
      return no('bad_target', `you cannot ${ability} yourself`);
  }
  return undefined;
}

const targetsNamed = (c: CommandOf<'act'>): Seat[] => c.targets ?? (c.target === undefined ? [] : [c.target]);

/** An accepted forum `act`: the order or act, resolved with the night. */
export const applyForumAct = (tx: Tx, c: CommandOf<'act'>, seat: Seat): void =>
  emit(tx, {
    type: 'forumActed',
    action: { seat, ability: c.ability as ForumAbilityId, targets: targetsNamed(c) },
  });

/** The seats one use of a forum ability may name: a move as the mafia's orders allow (D7, D12). */
function forumTargetsOf(s: GameState, seat: Seat, ability: ForumAbilityId): Seat[] {
  const forum = s.forum;
  if (!forum || FORUM_ABILITIES[ability].targets.max === 0) return [];
  const table = forumTable(s);
  if (isMove(ability)) {
    return s.alive.filter(
      (target) =>
        orderRefusal(forum, table, { seat, move: ability, targets: [target] }, s.settings.forum) === null,
    );
  }
  return s.alive.filter((target) => ability !== 'knock' || target !== seat);
}

/**
 * The forum abilities a seat may use (a move only with the level and a use left, D7) and the seats each may
 * name: the rule set's part of `may`.
 */
export function forumActOffers(s: GameState, seat: Seat): ActOffer[] {
  const forum = s.forum;
  if (!forum) return [];
  const table = forumTable(s);
  return forumAbilitiesOf(s, seat)
    .filter(
      (a) =>
        !isMove(a) ||
        orderRefusal(forum, table, { seat, move: a, targets: [] }, s.settings.forum)?.code !== 'not_allowed',
    )
    .map((ability) => ({
      ability,
      targets: forumTargetsOf(s, seat, ability),
      names: FORUM_ABILITIES[ability].targets,
    }));
}

/** Every living player with a forum ability has used one (A7: the window closes early). */
export const forumEveryoneActed = (s: GameState): boolean =>
  s.alive.every(
    (seat) => forumAbilitiesOf(s, seat).length === 0 || (s.forum?.tonight ?? []).some((a) => a.seat === seat),
  );

/** Each night's draws come from the game's seed and the round: the same on every replay and audit. */
const nightSeed = (seed: number, round: number): number => (seed ^ Math.imul(round, 0x9e3779b1)) >>> 0;

/** The night resolved by the forum's rules; its deaths go to the morning as every night's do. */
export function finishForumNight(tx: Tx): void {
  const s = tx.state;
  const forum = s.forum;
  if (!forum) return;
  const orders = forum.tonight.flatMap((a) =>
    isMove(a.ability) ? [{ seat: a.seat, move: a.ability, targets: a.targets }] : [],
  );
  const acts = forum.tonight.flatMap((a) =>
    isMove(a.ability) || a.ability === BUY_WITH_MOVE
      ? []
      : [{ seat: a.seat, ability: a.ability as GuardId, target: a.targets[0] ?? null }],
  );
  const report = resolveForumNight(
    forum,
    forumTable(s),
    { round: s.phase.round, orders, acts, seed: nightSeed(forum.seed, s.phase.round) },
    s.settings.forum,
  );
  emit(tx, { type: 'forumNightResolved', round: report.round, lines: report.lines, forum: report.state });
  emit(tx, {
    type: 'nightResolved',
    report: {
      round: report.round,
      actions: [],
      recordedShot: null,
      outcomes: [],
      deaths: report.deaths,
      alibi: null,
    },
  });
}

/** D5 and D12: a hanging pays those mafiosi who voted for it; the mine is lost with its carrier. */
export function afterForumElimination(tx: Tx, seat: Seat, how: HowEliminated): void {
  const s = tx.state;
  if (!s.forum) return;
  let forum = withoutMineOn(s.forum, seat);
  if (how === 'vote') {
    const ballot = s.ballots.at(-1);
    const voters = ballot?.leaves.includes(seat) ? hangingEarners(forumTable(s), seat, ballot.votes) : [];
    if (voters.length > 0)
      forum = earn(forum, forumTable(s), voters, s.settings.forum.hangingPoints, s.settings.forum);
    // D18: the executioner's anti-bribe licence pays only a holder who voted for the one hanged.
    const licensed = ballot?.leaves.includes(seat) ? licenceHolders(forum, seat, ballot.votes) : [];
    if (licensed.length > 0)
      forum = earn(forum, forumTable(s), licensed, s.settings.forum.licencePoints, s.settings.forum);
  }
  if (forum !== s.forum) emit(tx, { type: 'forumHoldings', forum });
}

/** D1 and D16 for the engine's win check. */
export const forumWinnerOf = (s: GameState) =>
  s.forum ? forumWinner(s.forum, forumTable(s), s.settings.forum) : null;

/** What a purchase leaves of the forum holdings, or why it is refused (D9, D16). */
function purchase(s: GameState, c: CommandOf<'buy'>, who: Actor): ForumState | Rejection {
  if (!s.forum) return no('not_allowed', 'only the forum game has a shop');
  const seat = living(s, who);
  if (isRejection(seat)) return seat;
  if (c.withMove && c.withVote) return no('bad_command', 'pay with the move or with the vote, not both');
  if (c.withVote) {
    if (s.phase.kind !== 'day' || !s.ballot)
      return no('wrong_phase', 'a vote is spent only while one is open');
    const refused = forumVoteRefusal(s, seat);
    if (refused) return refused;
    if (seat in s.ballot.votes) return no('already_voted', 'you have already voted');
    return buyWithVote(s.forum, forumTable(s), seat, c.item, s.settings.forum);
  }
  if (!c.withMove) return buy(s.forum, forumTable(s), seat, c.item, s.settings.forum);
  if (s.phase.kind !== 'night' || s.phase.round === 0)
    return no('wrong_phase', 'a move is spent only at night');
  if (s.forum.tonight.some((a) => a.seat === seat)) return no('already_acted', 'one move a night');
  return buyWithMove(s.forum, forumTable(s), seat, c.item, s.settings.forum, s.phase.round);
}

/**
 * D16: a player buys an item or a level with his MafBucks, by day or by night, while the game goes on.
 * D9: `withMove`, the lone mafioso pays with his move of the night instead: it is his one act tonight.
 */
const buyRule = rule<'buy'>(
  (s, c, who) => {
    const after = purchase(s, c, who);
    return isRejection(after) ? after : undefined;
  },
  (tx, c, who) => {
    const s = tx.state;
    const seat = who as Seat;
    const after = purchase(s, c, who) as ForumState;
    if (c.withVote)
      return emit(tx, {
        type: 'forumHoldings',
        forum: { ...after, votesSpent: [...after.votesSpent, { seat, round: s.phase.round }] },
      });
    if (!c.withMove) return emit(tx, { type: 'forumHoldings', forum: after });
    // The act first, so a moderator's undo takes back the purchase with it.
    emit(tx, {
      type: 'forumActed',
      action: { seat, ability: BUY_WITH_MOVE, targets: [], item: c.item as ItemId },
    });
    emit(tx, { type: 'forumHoldings', forum: { ...after, tonight: tx.state.forum?.tonight ?? [] } });
  },
);

/** D2: a lair member who has reached the training level or points becomes a mafioso, keeping his points. */
const trainRule = rule<'train'>(
  (s, _c, who) => {
    if (!s.forum) return no('not_allowed', 'only the forum game trains mafiosi');
    const seat = living(s, who);
    if (isRejection(seat)) return seat;
    return mayTrain(s.forum, forumTable(s), seat, s.settings.forum)
      ? undefined
      : no('not_allowed', 'only a lair member with the level or points for it may train');
  },
  (tx, _c, who) => {
    const s = tx.state;
    const seat = who as Seat;
    const forum = train(s.forum as ForumState, forumTable(s), seat, s.settings.forum);
    emit(tx, { type: 'roleAssigned', seat, role: 'mafia' });
    emit(tx, { type: 'forumHoldings', forum });
  },
);

/** The forum's own commands: its shop and its training. */
export const forumCommands: RuleSetCommands = { buy: buyRule, train: trainRule };

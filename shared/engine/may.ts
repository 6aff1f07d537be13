import type { Actor, Meta, Seat } from '../domain/vocabulary.js';
import { ROLE_IDS, type RoleId } from '../roles/index.js';
import { ruleSetOf } from '../rules/rule-sets.js';
import { maxSeats, seatsOf } from './checks.js';
import {
  type Command,
  type CommandOf,
  type CommandType,
  HOST_COMMANDS,
  type RuleSetCommandSchemas,
} from './commands.js';
import { refusal } from './decide.js';
import type { GameState } from './state.js';

export type Channel = 'table' | 'mafia' | 'dead';
export type LiftChoice = 'leave' | 'stay';

/** Each family's own fields of an entry (the forum's shop), merged in by the family (`declare module`). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by each family's declaration merging
export interface RuleSetMayFields {}

/**
 * One command the viewer may send now, with the values `decide` takes in its fields. A field that is absent
 * takes any value its schema allows (the text of `say`, the seconds of `extendClock`, the `on` of
 * `mafiaMic`, the reason of `disqualify`, the settings of `configure`, a new player's name).
 */
export interface MayCommand extends RuleSetMayFields {
  type: CommandType;
  /** Moderator mode: the seat the host records it for (`as`). */
  as?: Seat;
  /** `act`: the ability. */
  ability?: string;
  /**
   * The seats its seat field may name: `target` (act, nominate, vote, recordShot), `seat` (takeSeat,
   * seatPlayer and the host's commands on a seat), each one of `targets` (act, bestMove).
   */
  targets?: Seat[];
  /** `act`, `bestMove`: how many seats one command names. */
  names?: { min: number; max: number };
  /** `moveSeat`: the seats a player may be moved to. */
  to?: Seat[];
  /** `say`: the channels it may be said on. */
  channels?: Channel[];
  /** `vote` in a ballot on lifting (leave or stay). */
  choices?: LiftChoice[];
  /** `recordShot`: a miss (`target: null`) may be recorded. */
  miss?: boolean;
  /** `pickCard`: the cards still face down. */
  cards?: number[];
  /** `assignRole`: the roles a seat may be given. */
  roles?: RoleId[];
  /** `extraPoints`: the points the judge may give. */
  points?: { min: number; max: number };
}

/** Everything the viewer may send now. */
export type May = MayCommand[];

/** Asks `decide`'s own checks whether one command would be taken: nothing is recorded. */
export type Ask = (c: Command) => boolean;

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** A name nobody at the table has: what a probe of `seatPlayer` seats. */
function freshName(s: GameState): string {
  const taken = new Set(Object.values(s.names).map((n) => n.toLowerCase()));
  let i = Object.keys(s.names).length + 1;
  while (taken.has(`guest ${i}`)) i++;
  return `Guest ${i}`;
}

/** The state, its seats, and the seat whose moves are asked about (a player's own, or the one recorded `as`). */
export interface Asking {
  s: GameState;
  seats: Seat[];
  ask: Ask;
  seat: Seat | null;
}

type Fields = Omit<MayCommand, 'type' | 'as'>;
/** Builds one command's entries from the values `ask` accepts, or nothing when none is accepted. */
export type Offer = (q: Asking) => Fields | Fields[] | null;

/** A command with no fields of its own: offered when it is taken as it is. */
const bare =
  (c: Command): Offer =>
  ({ ask }) =>
    ask(c) ? {} : null;

/** A command naming one seat, offered with every seat of the table (or of `pool`) it may name. */
const onSeat =
  (build: (seat: Seat) => Command, pool?: (s: GameState) => Seat[]): Offer =>
  ({ s, seats, ask }) => {
    const targets = (pool ? pool(s) : seats).filter((seat) => ask(build(seat)));
    return targets.length > 0 ? { targets } : null;
  };

const allSeats = (s: GameState) => range(maxSeats(s));

const CHANNELS = ['table', 'mafia', 'dead'] as const;
const LIFT = ['leave', 'stay'] as const;

/** The commands every family knows; a family's own are offered by its rule set (`RuleSet.offers`). */
type CommonType = Exclude<CommandType, keyof RuleSetCommandSchemas>;

/**
 * What each command type offers, each built by asking `decide`'s checks about its candidate values: the
 * table's seats, the channels, the choices, the cards. No rule is written here twice.
 */
const OFFERS: { [K in CommonType]: Offer } = {
  configure: bare({ type: 'configure', settings: {} }),
  takeSeat: onSeat((seat) => ({ type: 'takeSeat', seat }), allSeats),
  seatPlayer: (q) => {
    const name = freshName(q.s);
    return onSeat((seat) => ({ type: 'seatPlayer', name, seat }), allSeats)(q);
  },
  removeSeat: onSeat((seat) => ({ type: 'removeSeat', seat })),
  renameSeat: (q) => onSeat((seat) => ({ type: 'renameSeat', seat, name: q.s.names[seat] }))(q),
  moveSeat: ({ s, seats, ask }) => {
    const targets = seats.filter((seat) => ask({ type: 'moveSeat', seat, to: seat }));
    if (targets.length === 0) return null;
    return { targets, to: allSeats(s).filter((to) => ask({ type: 'moveSeat', seat: targets[0], to })) };
  },
  leave: bare({ type: 'leave' }),
  start: bare({ type: 'start' }),
  assignRole: ({ seats, ask }) => {
    // A role is asked about for the first seat, every seat for the first role taken: the two are checked apart.
    const roles =
      seats.length > 0 ? ROLE_IDS.filter((role) => ask({ type: 'assignRole', seat: seats[0], role })) : [];
    if (roles.length === 0) return null;
    return { targets: seats.filter((seat) => ask({ type: 'assignRole', seat, role: roles[0] })), roles };
  },
  pickCard: ({ s, ask }) => {
    const cards = range(s.deck?.length ?? 0).filter((card) => ask({ type: 'pickCard', card }));
    return cards.length > 0 ? { cards } : null;
  },
  knowTeam: bare({ type: 'knowTeam' }),
  // Switching either way is taken alike (to the state it is in records nothing).
  mafiaMic: bare({ type: 'mafiaMic', on: true }),
  act: ({ s, ask, seat }) => {
    if (seat === null) return null;
    return ruleSetOf(s)
      .actOffers(s, seat)
      .flatMap(({ ability, targets, names }) => {
        const verb = ability as CommandOf<'act'>['ability'];
        if (names.max === 0) return ask({ type: 'act', ability: verb }) ? [{ ability, names }] : [];
        const allowed = targets.filter((target) => ask({ type: 'act', ability: verb, target }));
        return allowed.length > 0 ? [{ ability, targets: allowed, names }] : [];
      });
  },
  say: ({ ask }) => {
    const channels = CHANNELS.filter((channel) => ask({ type: 'say', channel, text: '·' }));
    return channels.length > 0 ? { channels } : null;
  },
  nominate: onSeat((target) => ({ type: 'nominate', target })),
  withdraw: bare({ type: 'withdraw' }),
  endSpeech: bare({ type: 'endSpeech' }),
  readyToVote: bare({ type: 'readyToVote' }),
  endDiscussion: bare({ type: 'endDiscussion' }),
  vote: ({ seats, ask }) => {
    const targets = seats.filter((target) => ask({ type: 'vote', target }));
    const choices = LIFT.filter((choice) => ask({ type: 'vote', choice }));
    if (targets.length + choices.length === 0) return null;
    return { ...(targets.length > 0 ? { targets } : {}), ...(choices.length > 0 ? { choices } : {}) };
  },
  unvote: bare({ type: 'unvote' }),
  bestMove: ({ seats, ask }) => {
    // Each seat is asked about in a guess with two others.
    const targets = seats.filter((seat) => {
      const others = seats.filter((x) => x !== seat).slice(0, 2);
      return others.length === 2 && ask({ type: 'bestMove', targets: [seat, ...others] });
    });
    return targets.length > 0 ? { targets, names: { min: 3, max: 3 } } : null;
  },
  giveUp: bare({ type: 'giveUp' }),
  advance: bare({ type: 'advance' }),
  pauseClock: bare({ type: 'pauseClock' }),
  unpauseClock: bare({ type: 'unpauseClock' }),
  extendClock: bare({ type: 'extendClock', seconds: 30 }),
  undo: bare({ type: 'undo' }),
  recordShot: ({ seats, ask }) => {
    const targets = seats.filter((target) => ask({ type: 'recordShot', target }));
    const miss = ask({ type: 'recordShot', target: null });
    if (targets.length === 0 && !miss) return null;
    return { targets, miss };
  },
  foul: onSeat((seat) => ({ type: 'foul', seat })),
  remark: onSeat((seat) => ({ type: 'remark', seat })),
  disqualify: onSeat((seat) => ({ type: 'disqualify', seat, reason: '' })),
  extraPoints: (q) => {
    const [min, max] = q.s.settings.extraPointsRange;
    const offer = onSeat((seat) => ({ type: 'extraPoints', seat, points: min }))(q);
    return offer && { ...offer, points: { min, max } };
  },
  // Deadlines come from the game master, never from a viewer.
  timeUp: () => null,
};

/** One actor's commands, each offered with the values `decide` takes now. */
function offersOf(s: GameState, meta: Meta, types: readonly CommandType[], as?: Seat): May {
  const ask: Ask = (c) => refusal(s, as === undefined ? c : { ...c, as }, meta) === undefined;
  const seat = as ?? (typeof meta.actor === 'number' ? meta.actor : null);
  const q = { s, seats: seatsOf(s), ask, seat };
  const offers: { [K in CommandType]?: Offer } = { ...OFFERS, ...ruleSetOf(s).offers };
  return types.flatMap((type) => {
    const offer = offers[type]?.(q) ?? null;
    if (offer === null) return [];
    return (Array.isArray(offer) ? offer : [offer]).map((o) => ({
      type,
      ...(as === undefined ? {} : { as }),
      ...o,
    }));
  });
}

/** A player's command types in this game: the common ones, and its family's own. */
const playerTypes = (s: GameState): CommandType[] =>
  [...Object.keys(OFFERS), ...Object.keys(ruleSetOf(s).offers)].filter(
    (t): t is CommandType => !HOST_COMMANDS.has(t as CommandType),
  );

/**
 * What a seat or the host may send now, built by asking `decide`'s checks (`refusal`) about each command
 * it could send: so `may` and `decide` agree by construction. The time is the state's own moment: a window
 * that closes later (`too_late`) is still open here. In moderator mode the host's list holds every seat's
 * moves, each `as` that seat.
 */
export function mayOf(s: GameState, actor: Extract<Actor, Seat | 'host'>): May {
  const meta: Meta = { actor, now: s.stepStartedAt, seed: 0 };
  if (!s.created) return [];
  if (actor !== 'host') return offersOf(s, meta, playerTypes(s));
  const own = offersOf(s, meta, [...HOST_COMMANDS]);
  if (s.settings.master !== 'moderator') return own;
  return [...own, ...seatsOf(s).flatMap((seat) => offersOf(s, meta, playerTypes(s), seat))];
}

import { cleanName, confusableNames, isReservedName } from '../../domain/names.js';
import type { Rejection, Seat } from '../../domain/vocabulary.js';
import { dealHasMafia, ROLES, type RoleId, roleIdOf } from '../../roles/index.js';
import { PRESETS } from '../../rules/presets.js';
import { rolesProblem, ruleSetOf } from '../../rules/rule-sets.js';
import type { Settings } from '../../rules/settings.js';
import { mergeSettings, rolesForTable } from '../../rules/table.js';
import { inLobby, isRejection, maxSeats, no, rule, seated, seatsOf } from '../checks.js';
import { beginPlay, endStep, startStep } from '../flow.js';
import { shuffle } from '../random.js';
import type { GameState } from '../state.js';
import { emit, type Tx } from '../tx.js';

export function checkSettings(settings: Settings): Rejection | undefined {
  const preset = PRESETS[settings.preset];
  if (settings.immunity !== null && settings.immunity > preset.maxPlayers)
    return no('bad_settings', `seat ${settings.immunity} is not at this table`);
  const foreign = rolesProblem(settings.preset, Object.keys(settings.roles));
  if (foreign) return no('bad_settings', foreign);
  const total = Object.values(settings.roles).reduce((a, b) => a + (b ?? 0), 0);
  if (total > preset.maxPlayers)
    return no('bad_settings', `${total} roles do not fit ${preset.maxPlayers} seats`);
  return undefined;
}

/**
 * The name as the table will show it, or why it is refused: nothing visible left once cleaned, a word the
 * app uses for others than players, or a name someone at the table (other than `except`) already has. The
 * host's own name is taken too, but by the host's own phone (`device`, the hash of its key): a host who
 * plays sits under his name.
 */
export function tableName(s: GameState, raw: string, except?: Seat, device?: string): string | Rejection {
  const name = cleanName(raw);
  if (name.length === 0) return no('bad_name', 'a name needs at least one visible letter');
  if (isReservedName(name)) return no('bad_name', `"${name}" is a word the app uses; choose another name`);
  for (const [seat, other] of Object.entries(s.names)) {
    if (Number(seat) !== except && confusableNames(other, name))
      return no('name_taken', `seat ${seat} is already called ${other}`);
  }
  const hostsPhone = device !== undefined && device === s.hostDevice;
  if (s.hostName !== '' && !hostsPhone && confusableNames(s.hostName, name))
    return no('name_taken', `the host is already called ${s.hostName}`);
  return name;
}

/** The seat the phone with this device key already holds at the table, if any. */
const seatOfDevice = (s: GameState, device: string | undefined): Seat | undefined => {
  if (device === undefined) return undefined;
  const found = Object.entries(s.devices).find(([, d]) => d === device);
  return found ? Number(found[0]) : undefined;
};

/**
 * Where a player joining the lobby sits, or why he cannot. A phone that already holds a seat here (same
 * device key) gets that seat back rather than a second one: one phone, one seat.
 */
function seatFor(
  s: GameState,
  rawName: string,
  seat: Seat | undefined,
  device?: string,
): { reclaimed: Seat } | { seat: Seat; name: string } | Rejection {
  if (!inLobby(s)) return no('wrong_phase', 'the game has started');
  const held = seatOfDevice(s, device);
  if (held !== undefined) return { reclaimed: held };
  const name = tableName(s, rawName, undefined, device);
  if (isRejection(name)) return name;
  const max = maxSeats(s);
  const taken = new Set(seatsOf(s));
  if (seat !== undefined) {
    if (seat < 1 || seat > max) return no('unknown_seat', `seats are 1 to ${max}`);
    if (taken.has(seat)) return no('seat_taken', `seat ${seat} is taken`);
  }
  let chosen = seat;
  for (let i = 1; chosen === undefined && i <= max; i++) if (!taken.has(i)) chosen = i;
  if (chosen === undefined) return no('game_full', 'every seat is taken');
  return { seat: chosen, name };
}

/** A player takes a seat in the lobby (or gets his own back), or why he cannot. */
export function seatNewPlayer(
  tx: Tx,
  rawName: string,
  seat: Seat | undefined,
  device?: string,
): Rejection | undefined {
  const found = seatFor(tx.state, rawName, seat, device);
  if (isRejection(found)) return found;
  if ('reclaimed' in found) emit(tx, { type: 'seatReclaimed', seat: found.reclaimed });
  else
    emit(tx, {
      type: 'seatTaken',
      seat: found.seat,
      name: found.name,
      ...(device === undefined ? {} : { device }),
    });
  return undefined;
}

function deal(tx: Tx, roles: Record<string, RoleId>): void {
  emit(tx, { type: 'rolesDealt', roles });
  ruleSetOf(tx.state).dealt(tx);
  beginPlay(tx);
}

export function pick(tx: Tx, seat: Seat, card: number, deck: RoleId[]): void {
  emit(tx, { type: 'cardPicked', seat, card, role: deck[card - 1] });
  if (tx.state.agenda.length > 0) return endStep(tx);
  deal(tx, tx.state.roles);
}

const count = (roles: RoleId[], role: RoleId) => roles.filter((r) => r === role).length;

/** A hand-made deal keeps the roles the preset always has, as its row says: sport's one Sheriff and one Don (C2). */
function checkManualDeal(s: Settings, roles: RoleId[]): Rejection | undefined {
  if (!dealHasMafia(roles)) return no('bad_settings', 'assign at least one mafioso before starting');
  const { required } = PRESETS[s.preset];
  if (required && Object.entries(required.roles).some(([role, n]) => count(roles, role as RoleId) !== n))
    return no('bad_settings', required.message);
  return undefined;
}

const configure = rule<'configure'>(
  (s, c) => {
    if (!inLobby(s)) return no('wrong_phase', 'settings can change only in the lobby');
    return checkSettings(mergeSettings(s.settings, c.settings));
  },
  (tx, c) => emit(tx, { type: 'settingsChanged', settings: mergeSettings(tx.state.settings, c.settings) }),
);

const takeSeat = rule<'takeSeat'>(
  (s, c, who) => {
    const seat = seated(s, who);
    if (isRejection(seat)) return seat;
    if (!inLobby(s)) return no('wrong_phase', 'seats can change only in the lobby');
    const max = maxSeats(s);
    if (c.seat > max) return no('unknown_seat', `seats are 1 to ${max}`);
    if (c.seat !== seat && c.seat in s.names) return no('seat_taken', `seat ${c.seat} is taken`);
    return undefined;
  },
  (tx, c, who) => {
    if (c.seat !== who) emit(tx, { type: 'seatChanged', from: who as Seat, to: c.seat });
  },
);

/** The seat a host's lobby command names, if someone sits there and the lobby is still open. */
function lobbySeat(s: GameState, seat: Seat): Rejection | undefined {
  if (!inLobby(s)) return no('wrong_phase', 'seats change only in the lobby');
  if (!(seat in s.names)) return no('unknown_seat', `seat ${seat} is empty`);
  return undefined;
}

const removeSeat = rule<'removeSeat'>(
  (s, c) => lobbySeat(s, c.seat),
  (tx, c) => emit(tx, { type: 'seatLeft', seat: c.seat }),
);

const renameSeat = rule<'renameSeat'>(
  (s, c) => {
    const problem = lobbySeat(s, c.seat);
    if (problem) return problem;
    const name = tableName(s, c.name, c.seat);
    return isRejection(name) ? name : undefined;
  },
  (tx, c) => {
    const name = tableName(tx.state, c.name, c.seat) as string;
    if (name !== tx.state.names[c.seat]) emit(tx, { type: 'seatRenamed', seat: c.seat, name });
  },
);

/** The host moves a player to another seat: a free one, or an occupied one whose player takes his place. */
const moveSeat = rule<'moveSeat'>(
  (s, c) => {
    const problem = lobbySeat(s, c.seat);
    if (problem) return problem;
    const max = maxSeats(s);
    return c.to > max ? no('unknown_seat', `seats are 1 to ${max}`) : undefined;
  },
  (tx, c) => {
    if (c.to === c.seat) return;
    emit(
      tx,
      c.to in tx.state.names
        ? { type: 'seatsSwapped', a: c.seat, b: c.to }
        : { type: 'seatChanged', from: c.seat, to: c.to },
    );
  },
);

const leave = rule<'leave'>(
  (s, _c, who) => {
    const seat = seated(s, who);
    if (isRejection(seat)) return seat;
    return inLobby(s) ? undefined : no('wrong_phase', 'the game has started: "Give up" leaves it');
  },
  (tx, _c, who) => emit(tx, { type: 'seatLeft', seat: who as Seat }),
);

/** The roles of a hand-made deal: each seat's assignment, a civilian where the host gave none. */
const manualDeal = (s: GameState): Record<string, RoleId> =>
  Object.fromEntries(seatsOf(s).map((seat) => [seat, s.roles[seat] ?? 'civilian']));

const start = rule<'start'>(
  (s, _c, _who, meta) => {
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
    if (deck.length > n) {
      // E15–E16: the smallest table is the one that seats every role of the role table.
      return no(
        'not_enough_players',
        `the ${preset.id} table deals ${deck.length} roles: seat at least ${deck.length} players (E15–E16); ${n} are seated`,
      );
    }
    if (!dealHasMafia(deck)) return no('bad_settings', 'the game needs at least one mafioso');
    switch (s.settings.dealing) {
      case 'random':
        return meta.seed === undefined ? no('bad_command', 'a random deal needs a seed') : undefined;
      case 'manual':
        return checkManualDeal(s.settings, Object.values(manualDeal(s)));
      case 'cards':
        return meta.seed === undefined ? no('bad_command', 'shuffling the cards needs a seed') : undefined;
      default: {
        const _exhaustive: never = s.settings.dealing;
        return no('bad_settings', 'unknown dealing');
      }
    }
  },
  (tx) => {
    const s = tx.state;
    const seats = seatsOf(s);
    const deck = rolesForTable(s.settings, seats.length);
    const seed = tx.meta.seed as number;
    if (s.settings.dealing === 'manual') return deal(tx, manualDeal(s));
    if (s.settings.dealing === 'random') {
      const dealt = shuffle(deck, seed);
      return deal(tx, Object.fromEntries(seats.map((seat, i) => [seat, dealt[i]])));
    }
    emit(tx, { type: 'deckShuffled', deck: shuffle(deck, seed) });
    const turns = seats.map((seat) => ({
      stage: 'cards' as const,
      speaker: seat,
      seconds: s.settings.timers.cards,
    }));
    startStep(tx, 'lobby', 0, turns[0], turns.slice(1));
  },
);

/** The role a host's assignment names, as the preset spells it, or why it cannot be dealt here. */
function assignedRole(s: GameState, c: { seat: Seat; role: string }): RoleId | Rejection {
  if (!inLobby(s)) return no('wrong_phase', 'roles are assigned in the lobby');
  if (s.settings.dealing !== 'manual')
    return no('not_allowed', 'roles are assigned by hand only with manual dealing');
  if (!(c.seat in s.names)) return no('unknown_seat', `seat ${c.seat} is empty`);
  const role = roleIdOf(c.role, s.settings.preset);
  if (!role || !(role in ROLES)) return no('bad_command', `there is no role ${c.role}`);
  const foreign = rolesProblem(s.settings.preset, [role]);
  return foreign ? no('bad_command', foreign) : role;
}

const assignRole = rule<'assignRole'>(
  (s, c) => {
    const role = assignedRole(s, c);
    return isRejection(role) ? role : undefined;
  },
  (tx, c) => emit(tx, { type: 'roleAssigned', seat: c.seat, role: assignedRole(tx.state, c) as RoleId }),
);

const pickCard = rule<'pickCard'>(
  (s, c, who) => {
    if (s.phase.stage !== 'cards' || !s.deck) return no('wrong_phase', 'no cards are being dealt');
    if (who !== s.speaker || s.speaker === null)
      return no('not_your_turn', `seat ${s.speaker} is picking a card`);
    if (c.card > s.deck.length || Object.values(s.picks).includes(c.card))
      return no('bad_target', `card ${c.card} is not on the table`);
    return undefined;
  },
  (tx, c) => {
    const s = tx.state;
    pick(tx, s.speaker as Seat, c.card, s.deck as RoleId[]);
  },
);

export const lobbyRules = {
  configure,
  seatPlayer: rule<'seatPlayer'>(
    (s, c) => {
      const found = seatFor(s, c.name, c.seat);
      return isRejection(found) ? found : undefined;
    },
    (tx, c) => {
      seatNewPlayer(tx, c.name, c.seat);
    },
  ),
  removeSeat,
  renameSeat,
  moveSeat,
  leave,
  takeSeat,
  start,
  assignRole,
  pickCard,
};

import { cleanName, confusableNames, isReservedName } from '../../domain/names.js';
import type { Rejection, Seat } from '../../domain/vocabulary.js';
import { forumRolesProblem } from '../../forum/roles.js';
import { dealHasMafia, ROLES, type RoleId, roleIdOf } from '../../roles/index.js';
import { PRESETS } from '../../rules/presets.js';
import type { Settings } from '../../rules/settings.js';
import { mergeSettings, rolesForTable } from '../../rules/table.js';
import { type Handler, inLobby, isRejection, maxSeats, no, seated, seatsOf } from '../checks.js';
import { beginPlay, endStep, startStep } from '../flow.js';
import { shuffle } from '../random.js';
import { ruleSetOf } from '../rule-sets.js';
import type { GameState } from '../state.js';
import { emit, type Tx } from '../tx.js';

export function checkSettings(settings: Settings): Rejection | undefined {
  const preset = PRESETS[settings.preset];
  if (settings.immunity !== null && settings.immunity > preset.maxPlayers)
    return no('bad_settings', `seat ${settings.immunity} is not at this table`);
  const foreign = forumRolesProblem(settings.preset, Object.keys(settings.roles) as RoleId[]);
  if (foreign) return no('bad_settings', foreign);
  const total = Object.values(settings.roles).reduce((a, b) => a + (b ?? 0), 0);
  if (total > preset.maxPlayers)
    return no('bad_settings', `${total} roles do not fit ${preset.maxPlayers} seats`);
  return undefined;
}

/**
 * The name as the table will show it, or why it is refused: nothing visible left once cleaned, a word the
 * app uses for others than players, or a name someone at the table (other than `except`) already has.
 */
export function tableName(s: GameState, raw: string, except?: Seat): string | Rejection {
  const name = cleanName(raw);
  if (name.length === 0) return no('bad_name', 'a name needs at least one visible letter');
  if (isReservedName(name)) return no('bad_name', `"${name}" is a word the app uses; choose another name`);
  for (const [seat, other] of Object.entries(s.names)) {
    if (Number(seat) !== except && confusableNames(other, name))
      return no('name_taken', `seat ${seat} is already called ${other}`);
  }
  if (s.hostName !== '' && confusableNames(s.hostName, name))
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
 * A player takes a seat in the lobby. A phone that already holds a seat here (same device key) gets that
 * seat back rather than a second one: one phone, one seat.
 */
export function seatNewPlayer(
  tx: Tx,
  rawName: string,
  seat: Seat | undefined,
  device?: string,
): Rejection | undefined {
  const s = tx.state;
  if (!inLobby(s)) return no('wrong_phase', 'the game has started');
  const held = seatOfDevice(s, device);
  if (held !== undefined) {
    emit(tx, { type: 'seatReclaimed', seat: held });
    return undefined;
  }
  const name = tableName(s, rawName);
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
  emit(tx, { type: 'seatTaken', seat: chosen, name, ...(device === undefined ? {} : { device }) });
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

const configure: Handler<'configure'> = (tx, c) => {
  const s = tx.state;
  if (!inLobby(s)) return no('wrong_phase', 'settings can change only in the lobby');
  const settings = mergeSettings(s.settings, c.settings);
  const problem = checkSettings(settings);
  if (problem) return problem;
  emit(tx, { type: 'settingsChanged', settings });
  return undefined;
};

const takeSeat: Handler<'takeSeat'> = (tx, c, who) => {
  const s = tx.state;
  const seat = seated(s, who);
  if (isRejection(seat)) return seat;
  if (!inLobby(s)) return no('wrong_phase', 'seats can change only in the lobby');
  const max = maxSeats(s);
  if (c.seat > max) return no('unknown_seat', `seats are 1 to ${max}`);
  if (c.seat === seat) return undefined;
  if (c.seat in s.names) return no('seat_taken', `seat ${c.seat} is taken`);
  emit(tx, { type: 'seatChanged', from: seat, to: c.seat });
  return undefined;
};

/** The seat a host's lobby command names, if someone sits there and the lobby is still open. */
function lobbySeat(s: GameState, seat: Seat): Rejection | undefined {
  if (!inLobby(s)) return no('wrong_phase', 'seats change only in the lobby');
  if (!(seat in s.names)) return no('unknown_seat', `seat ${seat} is empty`);
  return undefined;
}

const removeSeat: Handler<'removeSeat'> = (tx, c) => {
  const problem = lobbySeat(tx.state, c.seat);
  if (problem) return problem;
  emit(tx, { type: 'seatLeft', seat: c.seat });
  return undefined;
};

const renameSeat: Handler<'renameSeat'> = (tx, c) => {
  const s = tx.state;
  const problem = lobbySeat(s, c.seat);
  if (problem) return problem;
  const name = tableName(s, c.name, c.seat);
  if (isRejection(name)) return name;
  if (name !== s.names[c.seat]) emit(tx, { type: 'seatRenamed', seat: c.seat, name });
  return undefined;
};

/** The host moves a player to another seat: a free one, or an occupied one whose player takes his place. */
const moveSeat: Handler<'moveSeat'> = (tx, c) => {
  const s = tx.state;
  const problem = lobbySeat(s, c.seat);
  if (problem) return problem;
  const max = maxSeats(s);
  if (c.to > max) return no('unknown_seat', `seats are 1 to ${max}`);
  if (c.to === c.seat) return undefined;
  emit(
    tx,
    c.to in s.names
      ? { type: 'seatsSwapped', a: c.seat, b: c.to }
      : { type: 'seatChanged', from: c.seat, to: c.to },
  );
  return undefined;
};

const leave: Handler<'leave'> = (tx, _c, who) => {
  const s = tx.state;
  const seat = seated(s, who);
  if (isRejection(seat)) return seat;
  if (!inLobby(s)) return no('wrong_phase', 'the game has started: "Give up" leaves it');
  emit(tx, { type: 'seatLeft', seat });
  return undefined;
};

const start: Handler<'start'> = (tx) => {
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
  if (deck.length > n) {
    // E15–E16: the smallest table is the one that seats every role of the role table.
    return no(
      'not_enough_players',
      `the ${preset.id} table deals ${deck.length} roles: seat at least ${deck.length} players (E15–E16); ${n} are seated`,
    );
  }
  if (!dealHasMafia(deck)) return no('bad_settings', 'the game needs at least one mafioso');
  switch (s.settings.dealing) {
    case 'random': {
      if (tx.meta.seed === undefined) return no('bad_command', 'a random deal needs a seed');
      const dealt = shuffle(deck, tx.meta.seed);
      deal(tx, Object.fromEntries(seats.map((seat, i) => [seat, dealt[i]])));
      return undefined;
    }
    case 'manual': {
      const roles: Record<string, RoleId> = Object.fromEntries(
        seats.map((seat) => [seat, s.roles[seat] ?? 'civilian']),
      );
      const problem = checkManualDeal(s.settings, Object.values(roles));
      if (problem) return problem;
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
};

const assignRole: Handler<'assignRole'> = (tx, c) => {
  const s = tx.state;
  if (!inLobby(s)) return no('wrong_phase', 'roles are assigned in the lobby');
  if (s.settings.dealing !== 'manual')
    return no('not_allowed', 'roles are assigned by hand only with manual dealing');
  if (!(c.seat in s.names)) return no('unknown_seat', `seat ${c.seat} is empty`);
  const role = roleIdOf(c.role, s.settings.preset);
  if (!role || !(role in ROLES)) return no('bad_command', `there is no role ${c.role}`);
  const foreign = forumRolesProblem(s.settings.preset, [role]);
  if (foreign) return no('bad_command', foreign);
  emit(tx, { type: 'roleAssigned', seat: c.seat, role });
  return undefined;
};

const pickCard: Handler<'pickCard'> = (tx, c, who) => {
  const s = tx.state;
  if (s.phase.stage !== 'cards' || !s.deck) return no('wrong_phase', 'no cards are being dealt');
  if (who !== s.speaker || s.speaker === null)
    return no('not_your_turn', `seat ${s.speaker} is picking a card`);
  if (c.card > s.deck.length || Object.values(s.picks).includes(c.card))
    return no('bad_target', `card ${c.card} is not on the table`);
  pick(tx, s.speaker, c.card, s.deck);
  return undefined;
};

export const lobbyHandlers = {
  configure,
  seatPlayer: (tx, c) => seatNewPlayer(tx, c.name, c.seat),
  removeSeat,
  renameSeat,
  moveSeat,
  leave,
  takeSeat,
  start,
  assignRole,
  pickCard,
} satisfies {
  [K in
    | 'configure'
    | 'seatPlayer'
    | 'removeSeat'
    | 'renameSeat'
    | 'moveSeat'
    | 'leave'
    | 'takeSeat'
    | 'start'
    | 'assignRole'
    | 'pickCard']: Handler<K>;
};

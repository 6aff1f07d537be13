import * as v from 'valibot';
import type { CarriedSeat } from '../../shared/engine/decide.js';
import {
  createGame,
  type ErrorCode,
  type Rejection,
  type SettingsInput,
  settingsInputSchema,
} from '../../shared/index.js';
import { RELEASE } from '../release.js';
import { audienceFrame } from './audience.js';
import { commitAttempt, makeCommit } from './commit.js';
import { type AppDeps, bindingExpiry } from './deps.js';
import { busyFrame, errorFrame, type Reply, viewFrame, viewWithChat } from './frames.js';
import type { HeldGame } from './game-cache.js';
import { roomIsOpen } from './open-rooms.js';
import { hashToken, mintToken } from './tokens.js';

/** Codes tried before giving up; with 25^5 codes a collision is already rare. */
const CODE_ATTEMPTS = 10;

/** Rejections of a join that have an error code of their own; any other means the room is closed. */
const JOIN_ERRORS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'game_full',
  'seat_taken',
  'unknown_seat',
  'name_taken',
  'bad_name',
]);

/** `create`: a new game with the creator as its host; his connection is bound before he hears of it. */
export async function createRoom(
  deps: AppDeps,
  connectionId: string,
  settings: unknown,
  name: string,
  sourceIp?: string,
  device?: string,
): Promise<Reply> {
  const parsed = parseSettings(settings, 'create');
  if ('frames' in parsed) return parsed;
  const opened = await openRoom(
    deps,
    parsed,
    name,
    [],
    sourceIp,
    device === undefined ? undefined : hashToken(device),
  );
  if (!opened.ok) return opened.reply;
  return hostOf(deps, connectionId, opened, 'create');
}

/** The connection that opened a room is bound to it as its host before he hears of it. */
export async function hostOf(
  deps: AppDeps,
  connectionId: string,
  opened: Extract<OpenedRoom, { ok: true }>,
  action: string,
): Promise<Reply> {
  await deps.directory.bindConnection(
    connectionId,
    { gameId: opened.gameId, seat: 'host' },
    bindingExpiry(deps),
  );
  return {
    frames: [
      { type: 'created', gameId: opened.gameId, code: opened.code, hostToken: opened.hostToken },
      viewFrame(opened.game.folded, 'host'),
    ],
    log: { action, outcome: 'created', game: opened.gameId, version: 1 },
  };
}

/** Settings as `create` takes them, or the reply refusing them (nothing is opened then). */
export function parseSettings(settings: unknown, action: string): SettingsInput | Reply {
  const unsafe = unsafeKey(settings);
  if (unsafe !== null) {
    return {
      frames: [errorFrame('bad_settings', `settings: the key ${unsafe} is not a setting`)],
      log: { action, outcome: 'bad_settings' },
    };
  }
  // The schema's objects take an array as an object with no keys: `settings: []` is no settings object.
  if (Array.isArray(settings)) {
    return {
      frames: [errorFrame('bad_settings', 'settings: an object is expected, not a list')],
      log: { action, outcome: 'bad_settings' },
    };
  }
  const parsed = v.safeParse(settingsInputSchema, settings ?? {});
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    return {
      frames: [errorFrame('bad_settings', `settings${path ? `.${path}` : ''}: ${issue.message}`)],
      log: { action, outcome: 'bad_settings' },
    };
  }
  return parsed.output;
}

export type OpenedRoom =
  | { ok: true; gameId: string; code: string; hostToken: string; game: HeldGame }
  | { ok: false; reply: Reply };

/**
 * A new game and its room code: the code is claimed before the first commit, so a code never names a game
 * someone else holds, and the host's token is stored (hashed) before anyone hears of the game. A rematch
 * opens its room with the finished game's table already seated.
 */
export async function openRoom(
  deps: AppDeps,
  settings: SettingsInput,
  hostName: string,
  seats: CarriedSeat[],
  sourceIp: string | undefined,
  /** The hash of the host's device key (never the key), carried over by a rematch. */
  hostDevice?: string,
): Promise<OpenedRoom> {
  const now = deps.clock.now();
  const decision = createGame(settings, hostName, { actor: 'host', now }, seats, hostDevice);
  if (!decision.ok) return { ok: false, reply: refused('create', undefined, decision.rejection) };
  const gameId = deps.ids.gameId();
  if (!(await deps.openRooms.admit(deps, sourceIp, gameId))) {
    return {
      ok: false,
      reply: {
        frames: [errorFrame('rate_limited', 'this address already holds as many open rooms as it may')],
        log: { action: 'create', outcome: 'rate_limited' },
      },
    };
  }
  try {
    return await firstCommit(deps, gameId, { settings, hostName, seats, hostDevice }, now, decision.events);
  } finally {
    deps.openRooms.settled(gameId);
  }
}

/** The room's code, its first commit and its host's token, once the room was admitted. */
async function firstCommit(
  deps: AppDeps,
  gameId: string,
  room: { settings: SettingsInput; hostName: string; seats: CarriedSeat[]; hostDevice: string | undefined },
  now: number,
  events: unknown[],
): Promise<OpenedRoom> {
  const { settings, hostName, seats, hostDevice } = room;
  const code = await claimCode(deps, gameId);
  const command = {
    type: 'create' as const,
    settings,
    hostName,
    release: RELEASE,
    ...(seats.length > 0 ? { seats } : {}),
    ...(hostDevice === undefined ? {} : { hostDevice }),
  };
  const commit = makeCommit({ gameId, commandId: 'create', actor: 'host', command }, 1, '', now, events);
  const appended = await deps.store.append(commit);
  if (!appended.ok) throw new Error(`game ${gameId} already has a first commit`);
  const hostToken = mintToken(deps.ids, commit.seq);
  await deps.directory.putToken(gameId, 'host', hashToken(hostToken));
  const game = await deps.cache.load(gameId);
  if (game === null) throw new Error(`game ${gameId} has no commits after its creation`);
  return { ok: true, gameId, code, hostToken, game };
}

async function claimCode(deps: AppDeps, gameId: string): Promise<string> {
  for (let i = 0; i < CODE_ATTEMPTS; i++) {
    const code = deps.ids.roomCode();
    const expiresAt = Math.floor(deps.clock.now() / 1000) + deps.options.roomCodeTtlSeconds;
    if (await deps.directory.claimRoomCode(code, gameId, expiresAt)) return code;
  }
  throw new Error(`no free room code after ${CODE_ATTEMPTS} tries`);
}

/**
 * `join`: a seat in a room's lobby, the one asked for or the lowest free one. The seat's token carries the
 * version of the join commit (see tokens.ts); it is stored before the player hears of his seat.
 */
export async function joinRoom(
  deps: AppDeps,
  connectionId: string,
  code: string,
  name: string,
  seat: number | undefined,
  device?: string,
): Promise<Reply> {
  const gameId = await deps.directory.gameForCode(code);
  if (gameId === null) return noRoom(code, 'no_game');
  if (!(await roomIsOpen(deps, gameId))) {
    const game = deps.cache.peek(gameId);
    // An abandoned lobby gives its code back; a game under way keeps it until it ends.
    if (game?.folded.state.phase.kind === 'lobby') await deps.directory.releaseRoom(gameId);
    return noRoom(code, 'closed', gameId);
  }
  const outcome = await commitAttempt(deps, {
    gameId,
    // Nobody retries a join by id: each is a new player.
    commandId: `join:${deps.ids.connectionId()}`,
    actor: 'system',
    // Only the device key's hash is recorded: the log may be read by others, the key stays the phone's.
    command: { type: 'join', name, seat, ...(device === undefined ? {} : { device: hashToken(device) }) },
  });
  if (outcome.kind === 'noGame') return noRoom(code, 'no_game', gameId);
  if (outcome.kind === 'rejected') {
    // The game started between the check and the join.
    if (!JOIN_ERRORS.has(outcome.rejection.code as ErrorCode)) return noRoom(code, 'closed', gameId);
    return refused('join', gameId, outcome.rejection);
  }
  if (outcome.kind === 'busy') {
    return { frames: [busyFrame()], log: { action: 'join', outcome: 'busy', game: gameId } };
  }
  if (outcome.kind !== 'appended')
    throw new Error(`join of game ${gameId} appended nothing (${outcome.kind})`);
  // A new seat, or the seat this phone already holds (seatReclaimed).
  const taken = outcome.commit.events.find(
    (e): e is { type: 'seatTaken' | 'seatReclaimed'; seat: number } =>
      (e as { type?: string }).type === 'seatTaken' || (e as { type?: string }).type === 'seatReclaimed',
  );
  if (taken === undefined) throw new Error(`join of game ${gameId} took no seat`);
  const token = mintToken(deps.ids, outcome.version);
  await deps.directory.putToken(gameId, taken.seat, hashToken(token));
  await deps.directory.bindConnection(connectionId, { gameId, seat: taken.seat }, bindingExpiry(deps));
  return {
    frames: [
      { type: 'joined', gameId, seat: taken.seat, token },
      ...viewWithChat(outcome.game.folded, taken.seat),
      await audienceFrame(deps, gameId),
    ],
    log: { action: 'join', outcome: 'joined', game: gameId, version: outcome.version },
  };
}

/**
 * A code nobody holds and a room that no longer takes players get the same answer, so that trying codes
 * does not tell which are live (only the log line tells them apart).
 */
export function noRoom(
  code: string,
  outcome: 'no_game' | 'closed',
  gameId?: string,
  action: 'join' | 'watch' = 'join',
): Reply {
  return {
    frames: [errorFrame('no_game', `no open room ${code}`)],
    log: { action, outcome, ...(gameId ? { game: gameId } : {}) },
  };
}

function refused(action: 'create' | 'join', gameId: string | undefined, rejection: Rejection): Reply {
  const code: ErrorCode = JOIN_ERRORS.has(rejection.code as ErrorCode)
    ? (rejection.code as ErrorCode)
    : 'bad_settings';
  return {
    frames: [errorFrame(code, rejection.message)],
    log: { action, outcome: rejection.code, ...(gameId ? { game: gameId } : {}) },
  };
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The first key, at any depth, that could reach an object's prototype when merged; null when none. */
function unsafeKey(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (UNSAFE_KEYS.has(key)) return key;
    const found = unsafeKey(inner);
    if (found !== null) return found;
  }
  return null;
}

import * as v from 'valibot';
import type { Actor, Seat } from '../domain/vocabulary.js';
import { type Command, parseCommand } from '../engine/commands.js';
import {
  type CarriedSeat,
  createGame,
  type Decision,
  decide,
  joinGame,
  openRematch,
} from '../engine/decide.js';
import type { GameState } from '../engine/state.js';
import type { LogReceipt } from '../log/events.js';
import { type SettingsInput, settingsInputSchema } from '../rules/settings.js';

/**
 * The command a commit records: everything the decider was given, so that deciding it again on the game as
 * it was gives the same events (the audit's determinism check). A game's first commit is the room's
 * creation (naming the release that wrote the log), a seat taken in the lobby is a join, everything else a
 * game command; `start` carries the seed the server drew for the deal. Once the game is over the server
 * records its signature of the log's head (`seal`, the players' receipt): the decider cannot check a
 * signature, the audit does (seal.ts).
 */
export type RecordedCommand =
  | {
      type: 'create';
      settings: SettingsInput;
      hostName: string;
      release?: string;
      seats?: CarriedSeat[];
      hostDevice?: string;
    }
  | { type: 'join'; name: string; seat?: Seat; device?: string }
  | { type: 'rematch'; gameId: string; code: string }
  | { type: 'seal'; receipt: LogReceipt }
  | (Command & { seed?: number });

const recordedSeat = v.pipe(v.number(), v.integer());
const recordedRoomSchema = v.variant('type', [
  v.strictObject({
    type: v.literal('create'),
    settings: settingsInputSchema,
    hostName: v.string(),
    // The release of the server that wrote the log (release.ts); it does not change what is decided.
    release: v.optional(v.string()),
    seats: v.optional(
      v.array(v.strictObject({ seat: recordedSeat, name: v.string(), device: v.optional(v.string()) })),
    ),
    hostDevice: v.optional(v.string()),
  }),
  v.strictObject({
    type: v.literal('join'),
    name: v.string(),
    seat: v.optional(recordedSeat),
    device: v.optional(v.string()),
  }),
  v.strictObject({ type: v.literal('rematch'), gameId: v.string(), code: v.string() }),
  v.strictObject({
    type: v.literal('seal'),
    receipt: v.strictObject({
      gameId: v.string(),
      version: v.pipe(v.number(), v.integer(), v.minValue(1)),
      hash: v.string(),
      keyId: v.string(),
      signature: v.string(),
    }),
  }),
]);

/** A commit's actor as the decider knows it, or null when the commit names nobody we know. */
export function actorOf(recorded: string): Actor | null {
  if (recorded === 'host' || recorded === 'system') return recorded;
  return /^[1-9]\d*$/.test(recorded) ? Number(recorded) : null;
}

export type Redecision = Decision | { ok: false; unreadable: string };

/** Decides a recorded command again, on the game as it was before its commit. */
export function redecide(
  state: GameState,
  commit: { actor: string; at: number; command?: unknown },
): Redecision {
  const actor = actorOf(commit.actor);
  if (actor === null) return { ok: false, unreadable: `unknown actor ${JSON.stringify(commit.actor)}` };
  const raw = commit.command as { type?: unknown; seed?: unknown } | null | undefined;
  if (raw?.type === 'create' || raw?.type === 'join' || raw?.type === 'rematch' || raw?.type === 'seal') {
    const room = v.safeParse(recordedRoomSchema, raw);
    if (!room.success) return { ok: false, unreadable: `the ${raw.type} command is malformed` };
    const c = room.output;
    if (c.type === 'create') {
      if (state.created) return { ok: false, unreadable: 'a second create in one game' };
      return createGame(c.settings, c.hostName, { actor, now: commit.at }, c.seats, c.hostDevice);
    }
    if (c.type === 'rematch') return openRematch(state, c, { actor, now: commit.at });
    if (c.type === 'seal') return sealLog(state, actor, c.receipt);
    return joinGame(state, c.name, c.seat, { actor, now: commit.at }, c.device);
  }
  if (raw === null || typeof raw !== 'object')
    return { ok: false, unreadable: 'the command is not an object' };
  const { seed, ...fields } = raw;
  if (seed !== undefined && typeof seed !== 'number')
    return { ok: false, unreadable: 'the seed is not a number' };
  const parsed = parseCommand(fields);
  if (!parsed.ok) return { ok: false, unreadable: `the command is malformed: ${parsed.message}` };
  return decide(state, parsed.command, { actor, now: commit.at, ...(seed === undefined ? {} : { seed }) });
}

/** The server's receipt of a finished game's log, recorded once. */
function sealLog(state: GameState, actor: Actor, receipt: LogReceipt): Decision {
  const no = (code: 'not_allowed' | 'wrong_phase', message: string): Decision => ({
    ok: false,
    rejection: { code, message },
  });
  if (actor !== 'system') return no('not_allowed', 'only the server seals a log');
  if (state.phase.kind !== 'over') return no('wrong_phase', 'a log is sealed once its game is over');
  if (state.receipt !== null) return no('not_allowed', 'the log is sealed already');
  return { ok: true, events: [{ type: 'logSealed', receipt }] };
}

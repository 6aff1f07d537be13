import * as v from 'valibot';
import type { ChatMessage } from '../log/records.js';
import type { TournamentView } from '../tournament/view.js';
import type { Endpoint, PeerLink } from '../video/links.js';
import type { Channel, GameView } from '../views/types.js';
import { type SignalPayload, signalPayloadSchema } from './signal.js';

/** Frames larger than this are refused before parsing (API Gateway allows 32 KB frames). */
export const MAX_FRAME_BYTES = 32 * 1024;

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
/** A UTF-16 half without its other half: text broken in transit, refused rather than shown as a box. */
const BROKEN = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Characters that show nothing: format and control characters, and the blank Hangul and Braille fillers. */
const INVISIBLE = /[\p{Cf}\p{Cc}\u115F\u1160\u3164\uFFA0\u2800]/u;
/**
 * A player's or host's name: whole characters, in NFKC (so that a fullwidth or ligature spelling is the
 * plain one), with no invisible character, so a name is never blank nor two names alike but for one.
 */
const name = v.pipe(
  v.string(),
  v.check((s) => !BROKEN.test(s), 'a name has a broken character'),
  v.transform((s) => s.normalize('NFKC')),
  v.trim(),
  v.check((s) => !INVISIBLE.test(s), 'a name has no invisible characters'),
  v.minLength(1),
  v.maxLength(40),
);
const secret = v.pipe(v.string(), v.minLength(16), v.maxLength(200));
const count = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(max));
const roomCode = v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{4,8}$/));

/**
 * Client → server. `action` is the API Gateway route key. `command` is checked separately (bad_command). A
 * field the action does not have is refused, not ignored. `command`, `sync` and `signal` act in the game the
 * socket is bound to; a client may name that game (`gameId`), and a frame naming another is refused
 * (`wrong_game`) rather than carried out in the socket's game.
 */
export const clientFrameSchema = v.variant('action', [
  v.strictObject({
    action: v.literal('create'),
    settings: v.optional(v.unknown()),
    name,
    /** The host's phone's own key, as `join` sends it: his desk knows whether he also holds a seat. */
    device: v.optional(v.pipe(v.string(), v.minLength(16), v.maxLength(100))),
  }),
  v.strictObject({
    action: v.literal('join'),
    code: roomCode,
    name,
    seat: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(30))),
    /** The phone's own random key: the same phone joining again gets its seat back. */
    device: v.optional(v.pipe(v.string(), v.minLength(16), v.maxLength(100))),
  }),
  /** Watch a room as a spectator: bound to its game without a seat, seeing only what the whole town sees. */
  v.strictObject({ action: v.literal('watch'), code: roomCode }),
  v.strictObject({
    action: v.literal('resume'),
    gameId: id,
    token: v.pipe(v.string(), v.minLength(16), v.maxLength(200)),
  }),
  v.strictObject({
    action: v.literal('command'),
    gameId: v.optional(id),
    commandId: id,
    expectedVersion: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
    command: v.unknown(),
  }),
  v.strictObject({ action: v.literal('sync'), gameId: v.optional(id) }),
  v.strictObject({ action: v.literal('rematch') }),
  v.strictObject({ action: v.literal('ping') }),
  v.strictObject({
    action: v.literal('thread'),
    gameId: v.optional(id),
    /** The channel to page back in (the table's when not named); only one the viewer reads now. */
    channel: v.optional(v.picklist(['table', 'mafia', 'dead'])),
    before: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  }),
  v.strictObject({ action: v.literal('pushKey') }),
  v.strictObject({
    action: v.literal('push'),
    gameId: v.optional(id),
    subscription: v.strictObject({
      endpoint: v.pipe(v.string(), v.url(), v.regex(/^https:\/\//), v.maxLength(1000)),
      expirationTime: v.optional(v.nullable(v.number())),
      keys: v.strictObject({
        p256dh: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/)),
        auth: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/)),
      }),
    }),
    /** The server key (base64url, as `pushKey` gave it) the subscription was made with. */
    serverKey: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{80,100}$/))),
  }),
  v.strictObject({
    action: v.literal('signal'),
    gameId: v.optional(id),
    to: v.union([v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(30)), v.literal('host')]),
    payload: signalPayloadSchema,
  }),
  /** A tournament kept by the server (docs/tournaments.md): rounds × tables of ten, seated from a drawn seed. */
  v.strictObject({
    action: v.literal('tournamentCreate'),
    name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
    /** Every player by name: a player's name is his identity across games and tournaments. */
    players: v.pipe(v.array(name), v.minLength(10), v.maxLength(100)),
    rounds: count(10),
    tables: count(10),
    /** The settings of every game of it, as `create` takes them; sport's when not given. */
    settings: v.optional(v.unknown()),
  }),
  v.strictObject({
    action: v.literal('tournamentRead'),
    tournamentId: id,
    /** A player whose rating changes the reply should carry (his page). */
    player: v.optional(id),
  }),
  /** The organizer's swap of two players in a round none of whose games is open yet. */
  v.strictObject({
    action: v.literal('tournamentSwap'),
    tournamentId: id,
    token: secret,
    round: count(10),
    a: id,
    b: id,
  }),
  /** A judge (with the judges' key, or the organizer with his token) opens a table's game of a round. */
  v.strictObject({
    action: v.literal('tournamentTable'),
    tournamentId: id,
    key: secret,
    round: count(10),
    table: count(10),
    /** The judge's name, as the game's host. */
    name,
    device: v.optional(v.pipe(v.string(), v.minLength(16), v.maxLength(100))),
  }),
]);
export type ClientFrame = v.InferOutput<typeof clientFrameSchema>;
export type ClientAction = ClientFrame['action'];
export const CLIENT_ACTIONS: readonly ClientAction[] = [
  'create',
  'join',
  'watch',
  'resume',
  'command',
  'sync',
  'rematch',
  'ping',
  'signal',
  'thread',
  'pushKey',
  'push',
  'tournamentCreate',
  'tournamentRead',
  'tournamentSwap',
  'tournamentTable',
];

export type ErrorCode =
  | 'bad_json'
  | 'bad_frame'
  | 'unknown_action'
  | 'too_large'
  | 'bad_token'
  | 'no_game'
  | 'not_bound'
  | 'bad_settings'
  | 'game_full'
  | 'seat_taken'
  | 'name_taken'
  | 'bad_name'
  | 'host_only'
  | 'not_allowed'
  | 'wrong_phase'
  | 'unknown_seat'
  | 'rate_limited'
  | 'link_forbidden'
  | 'busy'
  | 'push_off'
  /** A push subscription made with a server key this server no longer keeps: subscribe again. */
  | 'push_key'
  /** A push endpoint that is not https on a public address (loopback, private, link-local, metadata). */
  | 'push_endpoint'
  | 'wrong_game'
  /** A tournament that cannot be made or changed so (see the message), or none with that id. */
  | 'bad_tournament'
  | 'no_tournament'
  /** A spectator's connection asked for something only a seat or the host may do. */
  | 'spectator'
  | 'internal';

/**
 * Server → client. Any frame may carry a `pad` field (a string of spaces) that makes frames of a round the
 * same size; a client ignores it.
 */
export type ServerFrame =
  /**
   * Nothing: a frame that makes up the count of a round's frames, so that every seat of the table is sent
   * as many (see docs/protocol.md). A client drops it.
   */
  | { type: 'cover' }
  | { type: 'created'; gameId: string; code: string; hostToken: string }
  | { type: 'joined'; gameId: string; seat: number; token: string }
  /** The connection watches the game; the token resumes watching (it opens no seat and cannot act). */
  | { type: 'watching'; gameId: string; token: string }
  /**
   * How many spectators watch the game, sent to every connection of it at once whenever one arrives or
   * leaves. Of two, the one with the higher `rev` is the newer; `rev` starts again when the game's
   * connections were all gone, so a client takes the first after it binds whatever its `rev`.
   */
  | { type: 'audience'; gameId: string; count: number; rev: number }
  /**
   * The receiver's view. `settingsKey` names its settings; they are sent with every view a connection asks
   * for (`resume`, `sync`, `join`, `watch`) and whenever they changed, and left out of the others: a client
   * keeps the last ones it was sent, and one holding settings of another key asks for `sync`.
   */
  | { type: 'view'; version: number; view: SentView }
  /**
   * New lines of one channel the receiver reads, brought by commit `version`: messages `from` … of that
   * channel. A client holding fewer than `from` of it missed some and asks for `sync`; the ones it holds
   * already it skips.
   */
  | { type: 'chat'; version: number; channel: Channel; from: number; messages: ChatMessage[] }
  | { type: 'ack'; commandId: string; version: number }
  | { type: 'rejected'; commandId: string; code: string; message: string }
  /**
   * To a bound connection, its game's version now: a client holding an older one missed a frame and asks for
   * `sync`. An unbound connection's pong carries neither.
   */
  | { type: 'pong'; gameId?: string; version?: number }
  /**
   * Messages `from` … `from + messages.length - 1` of a channel that has had `total`, oldest first, as of
   * version `version`: a channel's latest page with every full view a connection asks for and whenever it
   * may newly read the channel, and older pages on request (`thread {before}`).
   */
  | {
      type: 'thread';
      version: number;
      channel: Channel;
      from: number;
      total: number;
      messages: ChatMessage[];
    }
  /** The VAPID public key to subscribe with; null: this server sends no push notifications. */
  | { type: 'pushKey'; key: string | null }
  /** The connection's push subscription is kept: a new phase will wake its app. */
  | { type: 'pushSaved' }
  /** WebRTC signalling from a peer the phase lets this connection link with. */
  | { type: 'signal'; from: Endpoint; payload: SignalPayload }
  /** The media links the receiver may hold at `version`; he closes every peer in `forbidden` at once. */
  | { type: 'links'; version: number; peers: PeerLink[]; forbidden: Endpoint[] }
  /** A tournament made: its id, the organizer's own token, and the key he gives his tables' judges. */
  | { type: 'tournamentCreated'; tournamentId: string; organizerToken: string; judgesKey: string }
  /** A tournament as everyone sees it: seating, tables' games, standings folded from their logs. */
  | { type: 'tournament'; tournament: TournamentView }
  /** `commandId` is set on `busy`: that command was not taken and may be sent again as it was. */
  | { type: 'error'; code: ErrorCode; message: string; commandId?: string };

/** A view as sent: its settings named by their key, and left out where the receiver holds them already. */
export type SentView = Omit<GameView, 'settings'> & { settings?: GameView['settings']; settingsKey: string };

export type FrameParse = { ok: true; frame: ClientFrame } | { ok: false; code: ErrorCode; message: string };

/** Parses one raw frame: size, JSON, known action, then the fields of that action. */
export function parseClientFrame(raw: string): FrameParse {
  if (raw.length > MAX_FRAME_BYTES)
    return { ok: false, code: 'too_large', message: `frames are limited to ${MAX_FRAME_BYTES} bytes` };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, code: 'bad_json', message: 'the frame is not JSON' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, code: 'bad_frame', message: 'a frame is a JSON object with an "action"' };
  }
  const action = (json as { action?: unknown }).action;
  if (!CLIENT_ACTIONS.includes(action as ClientAction)) {
    return { ok: false, code: 'unknown_action', message: `unknown action ${JSON.stringify(action ?? null)}` };
  }
  const r = v.safeParse(clientFrameSchema, json);
  if (!r.success) {
    const issue = r.issues[0];
    const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    return { ok: false, code: 'bad_frame', message: path ? `${path}: ${issue.message}` : issue.message };
  }
  return { ok: true, frame: r.output };
}

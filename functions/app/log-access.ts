import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LogCommit } from '../../shared/audit/chain.js';
import { emptyFold, foldCommits } from '../../shared/audit/fold.js';
import type { LogSeal } from '../../shared/audit/seal.js';
import type { Clock } from '../ports/clock.js';
import type { Directory } from '../ports/directory.js';
import type { EventStore } from '../ports/event-store.js';
import type { LogSigner } from '../ports/log-signer.js';
import { grantOf, hashToken } from './tokens.js';

/**
 * What the finished-game download needs: the log, the tokens, the key read-only links are signed with, and
 * the time that says whether a link has expired.
 */
export interface LogAccessPorts {
  store: Pick<EventStore, 'read'>;
  directory: Pick<Directory, 'seatForToken'>;
  /**
   * A secret of the deployment: read from Secrets Manager at first use on AWS, a file in the data directory
   * locally.
   */
  linkKey: string | (() => Promise<string>);
  clock: Clock;
  /** How long a read-only link opens its game after the host made it; `DEFAULT_READ_LINK_TTL_SECONDS`. */
  readLinkTtlSeconds?: number;
  /** Seals the log sent with the deployment's key, which it also publishes (`GET /api/log-key`). */
  signer: LogSigner;
}

/** A month: long enough for a club's appeal or a league's review, short enough that a leaked link dies. */
export const DEFAULT_READ_LINK_TTL_SECONDS = 30 * 24 * 3600;

export type LogRefusal = {
  ok: false;
  status: 401 | 403 | 404 | 409;
  code: 'bad_token' | 'host_only' | 'no_game' | 'game_running' | 'link_expired';
  message: string;
};

const READ_PREFIX = 'read.';
/** `read.<expiry, seconds since the epoch>.<signature>` */
const READ_TOKEN = /^read\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const badToken: LogRefusal = {
  ok: false,
  status: 401,
  code: 'bad_token',
  message: 'that token opens no seat of this game, nor its read-only link',
};

/**
 * A finished game's whole log, sealed, for one of its participants (a seat's or the host's token) or for the holder
 * of its read-only link. While the game runs it is refused to everyone: the log holds every role and every
 * night's moves. The refusal says the game is running only to those who may read it once it ends.
 */
export async function finishedLog(
  ports: LogAccessPorts,
  gameId: string,
  token: string,
): Promise<{ ok: true; commits: LogCommit[]; seal: LogSeal } | LogRefusal> {
  const holder = await holderOf(ports, gameId, token);
  if (holder === null) return badToken;
  if (typeof holder === 'object') {
    return {
      ok: false,
      status: 403,
      code: 'link_expired',
      message: `this read-only link expired on ${new Date(holder.expiredAt).toISOString()}: ask the host for a new one`,
    };
  }
  const commits = await ports.store.read(gameId);
  if (commits.length === 0) return { ok: false, status: 404, code: 'no_game', message: 'no such game' };
  if (foldCommits(emptyFold, commits).state.phase.kind !== 'over') {
    return {
      ok: false,
      status: 409,
      code: 'game_running',
      message: 'the game is still running: its log opens when it ends',
    };
  }
  // Sealed as sent: its head, signed, so a reader can prove this is the log the server gave.
  const head = commits[commits.length - 1];
  return { ok: true, commits, seal: await ports.signer.seal(gameId, head.seq, head.hash) };
}

/**
 * The read-only link's token of a game, given only to its host (who hands it to whoever he chooses). It
 * opens the game until `expiresAt` (ms since the epoch); the host makes a new one when it has expired.
 */
export async function readLinkToken(
  ports: LogAccessPorts,
  gameId: string,
  token: string,
): Promise<{ ok: true; token: string; expiresAt: number } | LogRefusal> {
  const holder = await holderOf(ports, gameId, token);
  if (holder === null) return badToken;
  if (holder !== 'host')
    return { ok: false, status: 403, code: 'host_only', message: 'only the host gives read-only links' };
  const expiresAtSeconds =
    Math.floor(ports.clock.now() / 1000) + (ports.readLinkTtlSeconds ?? DEFAULT_READ_LINK_TTL_SECONDS);
  return {
    ok: true,
    token: signedReadToken(await keyOf(ports), gameId, expiresAtSeconds),
    expiresAt: expiresAtSeconds * 1000,
  };
}

/**
 * `read.<expiry>.<HMAC-SHA256 of the game id and the expiry>`: nothing stored, nothing to look up, valid for
 * that game only and until that second; changing the expiry breaks the signature.
 */
export function signedReadToken(key: string, gameId: string, expiresAtSeconds: number): string {
  const signature = createHmac('sha256', key)
    .update(`replay-read:${gameId}:${expiresAtSeconds}`)
    .digest('base64url');
  return `${READ_PREFIX}${expiresAtSeconds}.${signature}`;
}

const keyOf = (ports: LogAccessPorts): Promise<string> =>
  typeof ports.linkKey === 'string' ? Promise.resolve(ports.linkKey) : ports.linkKey();

/** A read-only link in its format, of this game, unaltered, past its time: it says when it expired. */
type Expired = { expiredAt: number };

/** Who a token speaks for in this game: the host, a seat, a reader (the link), an expired link, or nobody. */
async function holderOf(
  ports: LogAccessPorts,
  gameId: string,
  token: string,
): Promise<'host' | 'seat' | 'reader' | Expired | null> {
  if (token.startsWith(READ_PREFIX)) {
    const parts = READ_TOKEN.exec(token);
    if (parts === null) return null;
    const expiresAtSeconds = Number(parts[1]);
    const given = Buffer.from(token);
    const expected = Buffer.from(signedReadToken(await keyOf(ports), gameId, expiresAtSeconds));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return ports.clock.now() < expiresAtSeconds * 1000 ? 'reader' : { expiredAt: expiresAtSeconds * 1000 };
  }
  if (grantOf(token) === null) return null;
  const seat = await ports.directory.seatForToken(gameId, hashToken(token));
  // A spectator's token resumes his watching and opens nothing else: the log holds what he never saw.
  if (seat === null || seat === 'spectator') return null;
  return seat === 'host' ? 'host' : 'seat';
}

/** `READ_LINK_TTL_DAYS` (a positive number of days, fractions allowed) as seconds; unset: the default. */
export function readLinkTtlFromEnv(days: string | undefined): number {
  if (days === undefined || days === '') return DEFAULT_READ_LINK_TTL_SECONDS;
  const value = Number(days);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(
      `READ_LINK_TTL_DAYS=${days}: give how many days a read-only link opens its game, e.g. 30`,
    );
  }
  return Math.round(value * 24 * 3600);
}

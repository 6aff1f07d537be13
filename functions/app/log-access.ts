import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LogCommit } from '../../shared/audit/chain.js';
import { emptyFold, foldCommits } from '../../shared/audit/fold.js';
import type { Directory } from '../ports/directory.js';
import type { EventStore } from '../ports/event-store.js';
import { grantOf, hashToken } from './tokens.js';

/** What the finished-game download needs: the log, the tokens, and the key read-only links are signed with. */
export interface LogAccessPorts {
  store: Pick<EventStore, 'read'>;
  directory: Pick<Directory, 'seatForToken'>;
  /** A secret of the deployment (REPLAY_LINK_KEY on AWS, a file in the data directory locally). */
  linkKey: string;
}

export type LogRefusal = {
  ok: false;
  status: 401 | 403 | 404 | 409;
  code: 'bad_token' | 'host_only' | 'no_game' | 'game_running';
  message: string;
};

const READ_PREFIX = 'read.';

const badToken: LogRefusal = {
  ok: false,
  status: 401,
  code: 'bad_token',
  message: 'that token opens no seat of this game, nor its read-only link',
};

/**
 * A finished game's whole log, for one of its participants (a seat's or the host's token) or for the holder
 * of its read-only link. While the game runs it is refused to everyone: the log holds every role and every
 * night's moves. The refusal says the game is running only to those who may read it once it ends.
 */
export async function finishedLog(
  ports: LogAccessPorts,
  gameId: string,
  token: string,
): Promise<{ ok: true; commits: LogCommit[] } | LogRefusal> {
  const holder = await holderOf(ports, gameId, token);
  if (holder === null) return badToken;
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
  return { ok: true, commits };
}

/** The read-only link's token of a game, given only to its host (who hands it to whoever he chooses). */
export async function readLinkToken(
  ports: LogAccessPorts,
  gameId: string,
  token: string,
): Promise<{ ok: true; token: string } | LogRefusal> {
  const holder = await holderOf(ports, gameId, token);
  if (holder === null) return badToken;
  if (holder !== 'host')
    return { ok: false, status: 403, code: 'host_only', message: 'only the host gives read-only links' };
  return { ok: true, token: signedReadToken(ports.linkKey, gameId) };
}

/** `read.<HMAC-SHA256 of the game id>`: nothing stored, nothing to look up, valid for that game only. */
export function signedReadToken(key: string, gameId: string): string {
  return READ_PREFIX + createHmac('sha256', key).update(`replay-read:${gameId}`).digest('base64url');
}

/** Who a token speaks for in this game: the host, a seat, a reader (the link), or nobody. */
async function holderOf(
  ports: LogAccessPorts,
  gameId: string,
  token: string,
): Promise<'host' | 'seat' | 'reader' | null> {
  if (token.startsWith(READ_PREFIX)) {
    const given = Buffer.from(token);
    const expected = Buffer.from(signedReadToken(ports.linkKey, gameId));
    return given.length === expected.length && timingSafeEqual(given, expected) ? 'reader' : null;
  }
  if (grantOf(token) === null) return null;
  const seat = await ports.directory.seatForToken(gameId, hashToken(token));
  return seat === null ? null : seat === 'host' ? 'host' : 'seat';
}

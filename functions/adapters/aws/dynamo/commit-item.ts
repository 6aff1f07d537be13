import type { Commit } from '../../../ports/event-store.js';
import { commitSk, gamePk } from './keys.js';

/**
 * The command and the events are each stored as one JSON string, not as DynamoDB maps: a string round-trips
 * exactly (maps drop undefined, reorder keys, reject nesting past 32 levels and turn numbers into decimals),
 * so the hash chain verifies on what comes back. The projector reads the same shape from the stream's NEW_IMAGE: unmarshall
 * the image, then `commitFromItem`.
 */
export function commitToItem(commit: Commit): Record<string, unknown> {
  return {
    pk: gamePk(commit.gameId),
    sk: commitSk(commit.seq),
    kind: 'commit',
    gameId: commit.gameId,
    seq: commit.seq,
    commandId: commit.commandId,
    actor: commit.actor,
    at: commit.at,
    ...(commit.command === undefined ? {} : { command: JSON.stringify(commit.command) }),
    events: JSON.stringify(commit.events),
    prevHash: commit.prevHash,
    hash: commit.hash,
  };
}

export function commitFromItem(item: Record<string, unknown>): Commit {
  return {
    gameId: item.gameId as string,
    seq: Number(item.seq),
    commandId: item.commandId as string,
    actor: item.actor as string,
    at: Number(item.at),
    ...(item.command === undefined ? {} : { command: JSON.parse(item.command as string) as unknown }),
    events: JSON.parse(item.events as string) as unknown[],
    prevHash: item.prevHash as string,
    hash: item.hash as string,
  };
}

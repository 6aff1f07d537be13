import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Directory } from '../../functions/ports/directory.js';
import type { Commit, EventStore } from '../../functions/ports/event-store.js';
import { commitHash, verifyChain } from '../../shared/audit/chain.js';

/** DynamoDB Local is a JVM: on a busy two-core machine it can take a minute to answer. */
const SUBJECT_START_MS = 120_000;

/** What an implementation's set-up hands the suite: the store, and how to tear it down. */
export interface Opened<T> {
  subject: T;
  dispose(): Promise<void>;
}

/** Ids unique across runs, so suites may share one table or data directory between tests. */
export const uniqueId = (label: string): string => `${label}-${randomUUID().slice(0, 8)}`;

/** A commit whose hash is right for `prevHash`. */
export function makeCommit(gameId: string, seq: number, prevHash: string, events: unknown[] = []): Commit {
  const body = {
    gameId,
    seq,
    commandId: `cmd-${seq}-${randomUUID().slice(0, 6)}`,
    actor: seq % 3 === 0 ? 'host' : String(seq % 10),
    at: 1_700_000_000_000 + seq * 1000,
    command: { type: 'say', channel: 'table', text: `line ${seq}` },
    events: events.length > 0 ? events : [{ type: 'noted', seq }],
    prevHash,
  };
  return { ...body, hash: commitHash(prevHash, body) };
}

/** `count` correctly chained commits of one game, starting at seq 1. */
export function makeChain(gameId: string, count: number, events?: (seq: number) => unknown[]): Commit[] {
  const commits: Commit[] = [];
  for (let seq = 1; seq <= count; seq++) {
    commits.push(makeCommit(gameId, seq, commits[seq - 2]?.hash ?? '', events?.(seq)));
  }
  return commits;
}

async function appendAll(store: EventStore, commits: readonly Commit[]): Promise<void> {
  for (const commit of commits) expect(await store.append(commit)).toEqual({ ok: true });
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** The behaviour every EventStore implementation must show. */
export function eventStoreContract(name: string, open: () => Promise<Opened<EventStore>>): void {
  describe(`EventStore contract — ${name}`, () => {
    let store: EventStore;
    let opened: Opened<EventStore> | undefined;

    beforeAll(async () => {
      opened = await open();
      store = opened.subject;
    }, SUBJECT_START_MS);
    afterAll(async () => {
      await opened?.dispose();
    });

    it('given a game nobody wrote to, when it is read, then it has no commits', async () => {
      expect(await store.read(uniqueId('unknown'))).toEqual([]);
    });

    it('given commits appended in order, when the game is read, then they come back ascending and intact', async () => {
      const chain = makeChain(uniqueId('order'), 5);
      await appendAll(store, chain);
      expect(await store.read(chain[0].gameId)).toEqual(chain);
    });

    it('given five commits, when read after seq 2, then only seqs 3..5 come back; after the last, none', async () => {
      const chain = makeChain(uniqueId('after'), 5);
      await appendAll(store, chain);
      expect(await store.read(chain[0].gameId, 2)).toEqual(chain.slice(2));
      expect(await store.read(chain[0].gameId, 0)).toEqual(chain);
      expect(await store.read(chain[0].gameId, 5)).toEqual([]);
      expect(await store.read(chain[0].gameId, 9)).toEqual([]);
    });

    it('given seq 1 exists, when another commit with seq 1 is appended, then it is a conflict and the first stays', async () => {
      const gameId = uniqueId('dup');
      const first = makeCommit(gameId, 1, '');
      const second = makeCommit(gameId, 1, '', [{ type: 'other' }]);
      expect(await store.append(first)).toEqual({ ok: true });
      expect(await store.append(second)).toEqual({ ok: false, reason: 'conflict' });
      expect(await store.read(gameId)).toEqual([first]);
    });

    it('given two racing appends of the same seq, when both run at once, then exactly one wins', async () => {
      const gameId = uniqueId('race2');
      const [a, b] = [makeCommit(gameId, 1, '', [{ by: 'a' }]), makeCommit(gameId, 1, '', [{ by: 'b' }])];
      const results = await Promise.all([store.append(a), store.append(b)]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: 'conflict' });
      expect(await store.read(gameId)).toEqual([results[0].ok ? a : b]);
    });

    it('given 8 writers racing for each next seq, when they append together, then every seq has one winner', async () => {
      const gameId = uniqueId('race8');
      let prevHash = '';
      for (let seq = 1; seq <= 5; seq++) {
        const contenders = Array.from({ length: 8 }, (_, writer) =>
          makeCommit(gameId, seq, prevHash, [{ writer }]),
        );
        const results = await Promise.all(contenders.map((commit) => store.append(commit)));
        const winners = contenders.filter((_, i) => results[i].ok);
        expect(winners).toHaveLength(1);
        expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'conflict')).toBe(true);
        expect(await store.read(gameId, seq - 1)).toEqual(winners);
        prevHash = winners[0].hash;
      }
      expect(verifyChain(await store.read(gameId))).toEqual({ ok: true });
    });

    it('given a game at seq 2, when seq 4 is appended, then the gap is a conflict and seq 3 still fits', async () => {
      const chain = makeChain(uniqueId('gap'), 4);
      await appendAll(store, chain.slice(0, 2));
      expect(await store.append(chain[3])).toEqual({ ok: false, reason: 'conflict' });
      expect(await store.append(chain[2])).toEqual({ ok: true });
      expect(await store.read(chain[0].gameId)).toEqual(chain.slice(0, 3));
    });

    it('given an empty game, when its first commit has seq 2 or seq 0, then both are conflicts and nothing is stored', async () => {
      const gameId = uniqueId('first');
      expect(await store.append(makeCommit(gameId, 2, 'x'))).toEqual({ ok: false, reason: 'conflict' });
      expect(await store.append(makeCommit(gameId, 0, ''))).toEqual({ ok: false, reason: 'conflict' });
      expect(await store.read(gameId)).toEqual([]);
      expect(await store.listGames()).not.toContain(gameId);
    });

    it('given 32 games written concurrently, when each is read, then every game has its own commits in order', async () => {
      const chains = Array.from({ length: 32 }, (_, i) => makeChain(uniqueId(`many${i}`), 5));
      await Promise.all(chains.map((chain) => appendAll(store, chain)));
      const read = await Promise.all(chains.map((chain) => store.read(chain[0].gameId)));
      expect(read).toEqual(chains);
      for (const commits of read) expect(verifyChain(commits)).toEqual({ ok: true });
      const listed = await store.listGames();
      expect(listed).toEqual(expect.arrayContaining(chains.map((chain) => chain[0].gameId)));
    });

    it('given several games, when listed, then each game appears exactly once', async () => {
      const games = [uniqueId('list'), uniqueId('list'), uniqueId('list')];
      for (const gameId of games) await appendAll(store, makeChain(gameId, 3));
      const listed = await store.listGames();
      expect(listed).toEqual(expect.arrayContaining(games));
      expect(new Set(listed).size).toBe(listed.length);
    });

    it('given a commit of about 100 KB, when it is read back, then it is byte-for-byte the same', async () => {
      const gameId = uniqueId('large');
      const events = Array.from({ length: 200 }, (_, i) => ({
        type: 'said',
        seat: i % 10,
        text: 'ж'.repeat(250),
      }));
      const commit = makeCommit(gameId, 1, '', events);
      expect(JSON.stringify(commit).length).toBeGreaterThan(50_000);
      expect(Buffer.byteLength(JSON.stringify(commit))).toBeGreaterThan(100_000);
      expect(await store.append(commit)).toEqual({ ok: true });
      expect(await store.read(gameId)).toEqual([commit]);
    });

    it('given events with unicode, nesting and odd numbers, when read back, then they are equal and the chain verifies', async () => {
      const gameId = uniqueId('json');
      const chain = makeChain(gameId, 3, (seq) => [
        { type: 'said', text: 'Доброе утро, город 🌆', seq },
        { type: 'voted', votes: { '1': [2, 3], '10': [] }, ratio: 0.1 + 0.2, big: 2 ** 53 - 1, neg: -17.5 },
        { type: 'nested', a: { b: { c: { d: [null, true, false, '', {}] } } } },
      ]);
      await appendAll(store, chain);
      const read = await store.read(gameId);
      expect(read).toEqual(chain);
      expect(verifyChain(read)).toEqual({ ok: true });
    });

    it('given a commit with its command and one written before commands were kept, when read, then each comes back as written', async () => {
      const gameId = uniqueId('command');
      const [first] = makeChain(gameId, 1);
      const { command: _, hash: __, ...withoutCommand } = makeCommit(gameId, 2, first.hash);
      const old: Commit = { ...withoutCommand, hash: commitHash(first.hash, withoutCommand) };
      await appendAll(store, [first, old]);
      const read = await store.read(gameId);
      expect(read).toEqual([first, old]);
      expect(read[0].command).toEqual({ type: 'say', channel: 'table', text: 'line 1' });
      expect('command' in read[1]).toBe(false);
      expect(verifyChain(read)).toEqual({ ok: true });
    });

    it('given a stored commit, when the caller mutates its objects, then the stored history does not change', async () => {
      const chain = makeChain(uniqueId('alias'), 1);
      const original = structuredClone(chain[0]);
      await appendAll(store, chain);
      (chain[0].events as Array<Record<string, unknown>>)[0].type = 'tampered';
      const [read] = await store.read(original.gameId);
      (read.events as Array<Record<string, unknown>>)[0].type = 'tampered too';
      expect(await store.read(original.gameId)).toEqual([original]);
    });
  });
}

/** The behaviour every Directory implementation must show. */
export function directoryContract(name: string, open: () => Promise<Opened<Directory>>): void {
  describe(`Directory contract — ${name}`, () => {
    let directory: Directory;
    let opened: Opened<Directory> | undefined;

    beforeAll(async () => {
      opened = await open();
      directory = opened.subject;
    }, SUBJECT_START_MS);
    afterAll(async () => {
      await opened?.dispose();
    });

    it('given a free code, when a game claims it, then the code leads to that game', async () => {
      const [code, gameId] = [uniqueId('CODE'), uniqueId('game')];
      expect(await directory.claimRoomCode(code, gameId)).toBe(true);
      expect(await directory.gameForCode(code)).toBe(gameId);
    });

    it('given a code nobody claimed, when it is looked up, then there is no game', async () => {
      expect(await directory.gameForCode(uniqueId('NONE'))).toBeNull();
    });

    it('given a claimed code, when another game claims it, then it is refused and the holder keeps it', async () => {
      const [code, holder, other] = [uniqueId('CODE'), uniqueId('game'), uniqueId('game')];
      expect(await directory.claimRoomCode(code, holder)).toBe(true);
      expect(await directory.claimRoomCode(code, other)).toBe(false);
      expect(await directory.gameForCode(code)).toBe(holder);
    });

    it('given a claimed code, when the holder claims it again (a retry), then it is still granted', async () => {
      const [code, gameId] = [uniqueId('CODE'), uniqueId('game')];
      expect(await directory.claimRoomCode(code, gameId)).toBe(true);
      expect(await directory.claimRoomCode(code, gameId)).toBe(true);
    });

    it('given a claimed code, when its game releases it, then the code leads nowhere and another game may claim it', async () => {
      const [code, first, second] = [uniqueId('CODE'), uniqueId('game'), uniqueId('game')];
      expect(await directory.claimRoomCode(code, first)).toBe(true);
      await directory.releaseRoom(first);
      expect(await directory.gameForCode(code)).toBeNull();
      expect(await directory.claimRoomCode(code, second)).toBe(true);
      // A second release by the first game does not take the code from the second.
      await directory.releaseRoom(first);
      expect(await directory.gameForCode(code)).toBe(second);
      await directory.releaseRoom(uniqueId('game'));
    });

    it('given a finished game that released its code, when it reclaims it, then the code leads to it again', async () => {
      const [code, gameId] = [uniqueId('CODE'), uniqueId('game')];
      expect(await directory.claimRoomCode(code, gameId, nowSeconds() + 3600)).toBe(true);
      await directory.releaseRoom(gameId);
      expect(await directory.reclaimRoom(gameId, nowSeconds() + 3600)).toBe(code);
      expect(await directory.gameForCode(code)).toBe(gameId);
      // Reclaiming a code it holds is granted again (a retry).
      expect(await directory.reclaimRoom(gameId, nowSeconds() + 3600)).toBe(code);
    });

    it('given a released code another game claimed since, when the first game reclaims it, then it is refused and the code stays the new holder', async () => {
      const [code, first, second] = [uniqueId('CODE'), uniqueId('game'), uniqueId('game')];
      expect(await directory.claimRoomCode(code, first, nowSeconds() + 3600)).toBe(true);
      await directory.releaseRoom(first);
      expect(await directory.claimRoomCode(code, second, nowSeconds() + 3600)).toBe(true);
      expect(await directory.reclaimRoom(first, nowSeconds() + 3600)).toBeNull();
      expect(await directory.gameForCode(code)).toBe(second);
      expect(await directory.reclaimRoom(uniqueId('game'), nowSeconds() + 3600)).toBeNull();
    });

    it('given a code whose time ran out (TTL) though its game never released it, when looked up, then it leads nowhere and another game may claim it', async () => {
      const [code, first, second] = [uniqueId('CODE'), uniqueId('game'), uniqueId('game')];
      expect(await directory.claimRoomCode(code, first, nowSeconds() - 60)).toBe(true);
      expect(await directory.gameForCode(code)).toBeNull();
      expect(await directory.claimRoomCode(code, second, nowSeconds() + 3600)).toBe(true);
      expect(await directory.gameForCode(code)).toBe(second);
      // The first game's end later frees nothing of the second's.
      await directory.releaseRoom(first);
      expect(await directory.gameForCode(code)).toBe(second);
    });

    it('given a code held until a later time, when another game claims it, then it is refused and the code leads to its holder', async () => {
      const [code, holder, other] = [uniqueId('CODE'), uniqueId('game'), uniqueId('game')];
      expect(await directory.claimRoomCode(code, holder, nowSeconds() + 3600)).toBe(true);
      expect(await directory.claimRoomCode(code, other, nowSeconds() + 3600)).toBe(false);
      expect(await directory.gameForCode(code)).toBe(holder);
    });

    it('given six games racing for one code, when they claim at once, then exactly one gets it', async () => {
      const code = uniqueId('CODE');
      const games = Array.from({ length: 6 }, () => uniqueId('game'));
      const granted = await Promise.all(games.map((gameId) => directory.claimRoomCode(code, gameId)));
      expect(granted.filter(Boolean)).toHaveLength(1);
      expect(await directory.gameForCode(code)).toBe(games[granted.indexOf(true)]);
    });

    it('given token hashes for seats and the host, when looked up, then each finds its seat', async () => {
      const gameId = uniqueId('game');
      await directory.putToken(gameId, 'host', 'hash-host');
      await directory.putToken(gameId, 1, 'hash-1');
      await directory.putToken(gameId, 10, 'hash-10');
      expect(await directory.seatForToken(gameId, 'hash-host')).toBe('host');
      expect(await directory.seatForToken(gameId, 'hash-1')).toBe(1);
      expect(await directory.seatForToken(gameId, 'hash-10')).toBe(10);
    });

    it('given a token of one game, when used in another game or unknown, then it finds no seat', async () => {
      const [gameA, gameB] = [uniqueId('game'), uniqueId('game')];
      await directory.putToken(gameA, 3, 'hash-a3');
      expect(await directory.seatForToken(gameB, 'hash-a3')).toBeNull();
      expect(await directory.seatForToken(gameA, 'hash-unknown')).toBeNull();
    });

    it('given connections bound to seats, when the game is asked, then it lists them with their seats', async () => {
      const [gameId, otherGame] = [uniqueId('game'), uniqueId('game')];
      const expiresAt = nowSeconds() + 3600;
      await directory.bindConnection(`c-host-${gameId}`, { gameId, seat: 'host' }, expiresAt);
      await directory.bindConnection(`c1-${gameId}`, { gameId, seat: 1 }, expiresAt);
      await directory.bindConnection(`c2-${gameId}`, { gameId, seat: 2 }, expiresAt);
      await directory.bindConnection(`cx-${gameId}`, { gameId: otherGame, seat: 1 }, expiresAt);
      expect(await directory.connection(`c1-${gameId}`)).toEqual({ gameId, seat: 1 });
      expect(await directory.connection(`c-host-${gameId}`)).toEqual({ gameId, seat: 'host' });
      const listed = await directory.connectionsOf(gameId);
      expect(sortById(listed)).toEqual(
        sortById([
          { connectionId: `c-host-${gameId}`, seat: 'host' },
          { connectionId: `c1-${gameId}`, seat: 1 },
          { connectionId: `c2-${gameId}`, seat: 2 },
        ]),
      );
    });

    it('given spectators watching beside the seats, when the game is asked, then each is listed as a spectator and their tokens open no seat', async () => {
      const gameId = uniqueId('game');
      const expiresAt = nowSeconds() + 3600;
      await directory.putToken(gameId, 'spectator', 'hash-watch-a');
      await directory.putToken(gameId, 'spectator', 'hash-watch-b');
      await directory.bindConnection(`c1-${gameId}`, { gameId, seat: 1 }, expiresAt);
      await directory.bindConnection(`cs-${gameId}`, { gameId, seat: 'spectator' }, expiresAt);
      await directory.bindConnection(`ct-${gameId}`, { gameId, seat: 'spectator' }, expiresAt);
      expect(await directory.seatForToken(gameId, 'hash-watch-a')).toBe('spectator');
      expect(await directory.seatForToken(gameId, 'hash-watch-b')).toBe('spectator');
      expect(await directory.connection(`cs-${gameId}`)).toEqual({ gameId, seat: 'spectator' });
      expect(sortById(await directory.connectionsOf(gameId))).toEqual(
        sortById([
          { connectionId: `c1-${gameId}`, seat: 1 },
          { connectionId: `cs-${gameId}`, seat: 'spectator' },
          { connectionId: `ct-${gameId}`, seat: 'spectator' },
        ]),
      );
    });

    it('given a spectator who goes on to another game, when he is bound there, then the first game no longer lists him', async () => {
      const [first, second] = [uniqueId('game'), uniqueId('game')];
      const connectionId = uniqueId('conn');
      await directory.bindConnection(connectionId, { gameId: first, seat: 'spectator' }, nowSeconds() + 3600);
      await directory.bindConnection(connectionId, { gameId: second, seat: 3 }, nowSeconds() + 3600);
      expect(await directory.connectionsOf(first)).toEqual([]);
      expect(await directory.connectionsOf(second)).toEqual([{ connectionId, seat: 3 }]);
    });

    it('given spectators beside the seats, when the audience is asked, then it counts each watcher once, however many sockets he has', async () => {
      const gameId = uniqueId('game');
      const expiresAt = nowSeconds() + 3600;
      expect(await directory.audience(gameId)).toEqual({ count: 0, rev: 0 });
      await directory.bindConnection(`c1-${gameId}`, { gameId, seat: 1 }, expiresAt);
      await directory.bindConnection(`ch-${gameId}`, { gameId, seat: 'host' }, expiresAt);
      await directory.bindConnection(
        `ca-${gameId}`,
        { gameId, seat: 'spectator', watcher: 'w-a' },
        expiresAt,
      );
      const one = await directory.audience(gameId);
      expect(one.count).toBe(1);
      // The same watcher back on a new socket while his dropped one is still bound.
      await directory.bindConnection(
        `ca2-${gameId}`,
        { gameId, seat: 'spectator', watcher: 'w-a' },
        expiresAt,
      );
      await directory.bindConnection(
        `cb-${gameId}`,
        { gameId, seat: 'spectator', watcher: 'w-b' },
        expiresAt,
      );
      expect(await directory.connection(`cb-${gameId}`)).toEqual({
        gameId,
        seat: 'spectator',
        watcher: 'w-b',
      });
      const two = await directory.audience(gameId);
      expect(two.count).toBe(2);
      expect(two.rev).toBeGreaterThan(one.rev);
    });

    it('given spectators, when one leaves, one moves to another game and one expires, then none of them is counted and the rev grows', async () => {
      const [gameId, other] = [uniqueId('game'), uniqueId('game')];
      const live = nowSeconds() + 3600;
      await directory.bindConnection(`ca-${gameId}`, { gameId, seat: 'spectator', watcher: 'w-a' }, live);
      await directory.bindConnection(`cb-${gameId}`, { gameId, seat: 'spectator', watcher: 'w-b' }, live);
      await directory.bindConnection(`cc-${gameId}`, { gameId, seat: 'spectator', watcher: 'w-c' }, live);
      await directory.bindConnection(
        `cd-${gameId}`,
        { gameId, seat: 'spectator', watcher: 'w-d' },
        nowSeconds() - 60,
      );
      const before = await directory.audience(gameId);
      expect(before.count).toBe(3);
      await directory.unbindConnection(`ca-${gameId}`);
      const left = await directory.audience(gameId);
      expect(left).toEqual({ count: 2, rev: left.rev });
      expect(left.rev).toBeGreaterThan(before.rev);
      await directory.bindConnection(
        `cb-${gameId}`,
        { gameId: other, seat: 'spectator', watcher: 'w-b' },
        live,
      );
      const moved = await directory.audience(gameId);
      expect(moved.count).toBe(1);
      expect(moved.rev).toBeGreaterThan(left.rev);
      expect((await directory.audience(other)).count).toBe(1);
    });

    it('given spectators arriving and leaving at once, when the audience is asked after, then the count is exact', async () => {
      const gameId = uniqueId('game');
      const expiresAt = nowSeconds() + 3600;
      const ids = Array.from({ length: 10 }, (_, i) => `c${i}-${gameId}`);
      await Promise.all(
        ids.map((id, i) =>
          directory.bindConnection(id, { gameId, seat: 'spectator', watcher: `w${i}` }, expiresAt),
        ),
      );
      await Promise.all([
        ...ids.slice(0, 4).map((id) => directory.unbindConnection(id)),
        ...[10, 11].map((i) =>
          directory.bindConnection(
            `c${i}-${gameId}`,
            { gameId, seat: 'spectator', watcher: `w${i}` },
            expiresAt,
          ),
        ),
      ]);
      const audience = await directory.audience(gameId);
      expect(audience.count).toBe(8);
      expect(audience.rev).toBeGreaterThanOrEqual(16);
    });

    it('given a bound connection, when it is unbound, then it is gone from lookups and from its game', async () => {
      const gameId = uniqueId('game');
      const connectionId = uniqueId('conn');
      await directory.bindConnection(connectionId, { gameId, seat: 4 }, nowSeconds() + 3600);
      await directory.unbindConnection(connectionId);
      expect(await directory.connection(connectionId)).toBeNull();
      expect(await directory.connectionsOf(gameId)).toEqual([]);
    });

    it('given an unknown connection, when it is unbound (a repeated $disconnect), then nothing fails', async () => {
      await expect(directory.unbindConnection(uniqueId('conn'))).resolves.toBeUndefined();
      expect(await directory.connection(uniqueId('conn'))).toBeNull();
    });

    it('given a connection bound to one game, when it is bound to another, then only the new game lists it', async () => {
      const [first, second] = [uniqueId('game'), uniqueId('game')];
      const connectionId = uniqueId('conn');
      await directory.bindConnection(connectionId, { gameId: first, seat: 2 }, nowSeconds() + 3600);
      await directory.bindConnection(connectionId, { gameId: second, seat: 'host' }, nowSeconds() + 3600);
      expect(await directory.connection(connectionId)).toEqual({ gameId: second, seat: 'host' });
      expect(await directory.connectionsOf(first)).toEqual([]);
      expect(await directory.connectionsOf(second)).toEqual([{ connectionId, seat: 'host' }]);
    });

    it('given a connection whose expiry has passed, when looked up, then it is treated as gone', async () => {
      const gameId = uniqueId('game');
      const [stale, live] = [uniqueId('stale'), uniqueId('live')];
      await directory.bindConnection(stale, { gameId, seat: 1 }, nowSeconds() - 60);
      await directory.bindConnection(live, { gameId, seat: 2 }, nowSeconds() + 3600);
      expect(await directory.connection(stale)).toBeNull();
      expect(await directory.connectionsOf(gameId)).toEqual([{ connectionId: live, seat: 2 }]);
    });
  });
}

function sortById<T extends { connectionId: string }>(list: T[]): T[] {
  return [...list].sort((a, b) => a.connectionId.localeCompare(b.connectionId));
}

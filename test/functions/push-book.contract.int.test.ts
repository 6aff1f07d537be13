import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoPushBook } from '../../functions/adapters/aws/dynamo/push-book.js';
import { MemoryPushBook } from '../../functions/adapters/memory/push-book.js';
import type { PushBook, PushSubscriber, PushTarget } from '../../functions/ports/push.js';
import { type Opened, uniqueId } from '../support/store-contract.js';
import { onDynalite, onDynamoDbLocal } from '../support/store-subjects.js';

/** DynamoDB Local is a JVM: on a busy two-core machine it can take a minute to answer. */
const SUBJECT_START_MS = 120_000;

/** Every book reads the time from here, so a test can let subscriptions lapse. */
let clockMs = Date.UTC(2026, 11, 1, 20, 0, 0);
const now = () => clockMs;
const inSeconds = (seconds: number) => Math.floor(clockMs / 1000) + seconds;
const DAY = 24 * 3600;

const b64u = (bytes: number) => randomBytes(bytes).toString('base64url');

/** A browser subscription like the PWA's: an endpoint of the push service and the browser's keys. */
function target(path = uniqueId('sub')): PushTarget {
  return { endpoint: `https://push.example/send/${path}`, keys: { p256dh: b64u(65), auth: b64u(16) } };
}

/** Two VAPID public keys (base64url P-256 points) the server subscribed phones with, now and before. */
const KEY_NOW = b64u(65);
const KEY_BEFORE = b64u(65);

type Row = PushSubscriber;
const row = (reader: Row['reader'], t: PushTarget, serverKey: string | null = KEY_NOW): Row => ({
  reader,
  target: t,
  serverKey,
});
const byEndpoint = (rows: Row[]) =>
  [...rows].sort((a, b) => a.target.endpoint.localeCompare(b.target.endpoint));

function pushBookContract(name: string, open: () => Promise<Opened<PushBook>>): void {
  describe(`PushBook contract — ${name}`, () => {
    let opened: Opened<PushBook>;
    let book: PushBook;
    beforeAll(async () => {
      opened = await open();
      book = opened.subject;
    }, SUBJECT_START_MS);
    afterAll(() => opened?.dispose());

    it('given a game nobody subscribed to, when its readers are asked for, then there are none', async () => {
      expect(await book.forGame(uniqueId('quiet'))).toEqual([]);
    });

    it('given seats and the host subscribed, one seat on two devices, when the game is asked, then each subscription comes back whole, and no other game’s', async () => {
      const [game, other] = [uniqueId('game'), uniqueId('game')];
      const rows: Row[] = [row(1, target()), row(1, target()), row(4, target()), row('host', target())];
      for (const subscriber of rows) await book.save(game, subscriber, inSeconds(DAY));
      await book.save(other, row(2, target()), inSeconds(DAY));
      expect(byEndpoint(await book.forGame(game))).toEqual(byEndpoint(rows));
    });

    it('given an endpoint saved again in its game, when the game is asked, then it is there once with the newest reader, keys and server key', async () => {
      const game = uniqueId('resaved');
      const first = target();
      const renewed = { endpoint: first.endpoint, keys: target().keys };
      await book.save(game, row(3, first, KEY_BEFORE), inSeconds(DAY));
      await book.save(game, row('host', renewed), inSeconds(2 * DAY));
      expect(await book.forGame(game)).toEqual([row('host', renewed)]);
    });

    it('given subscriptions made under the current key, a previous one, and one saved before keys were recorded, when the game is asked, then each comes back with its own', async () => {
      const game = uniqueId('rotated');
      const rows = [row(1, target(), KEY_NOW), row(2, target(), KEY_BEFORE), row(3, target(), null)];
      for (const subscriber of rows) await book.save(game, subscriber, inSeconds(DAY));
      expect(byEndpoint(await book.forGame(game))).toEqual(byEndpoint(rows));
    });

    it('given one browser subscribed in two games, when the push service says it is gone, then it is forgotten in both and the others stay', async () => {
      const [a, b] = [uniqueId('forum'), uniqueId('forum')];
      const gone = target();
      const stays = target();
      await book.save(a, row(5, gone), inSeconds(DAY));
      await book.save(b, row(2, gone), inSeconds(DAY));
      await book.save(a, row(6, stays), inSeconds(DAY));
      await book.forget(gone.endpoint);
      expect(await book.forGame(a)).toEqual([row(6, stays)]);
      expect(await book.forGame(b)).toEqual([]);
      // Forgetting what is not (or no longer) there changes nothing.
      await book.forget(gone.endpoint);
      await book.forget(target().endpoint);
      expect(await book.forGame(a)).toEqual([row(6, stays)]);
    });

    it('given subscriptions kept for a day and for a week, when a day has passed, then only the week’s is read; saved again, the other is back', async () => {
      const game = uniqueId('lapsing');
      const day = target();
      const week = target();
      await book.save(game, row(1, day), inSeconds(DAY));
      await book.save(game, row(2, week), inSeconds(7 * DAY));
      clockMs += DAY * 1000;
      expect(await book.forGame(game)).toEqual([row(2, week)]);
      await book.save(game, row(1, day), inSeconds(DAY));
      expect(byEndpoint(await book.forGame(game))).toEqual(byEndpoint([row(1, day), row(2, week)]));
    });

    it('given an endpoint as long as the protocol allows, when it is saved, read and forgotten, then it round-trips exactly', async () => {
      const game = uniqueId('long');
      const long = target(`${uniqueId('x')}/${'a'.repeat(950)}`);
      expect(long.endpoint.length).toBeLessThanOrEqual(1000);
      await book.save(game, row(7, long), inSeconds(DAY));
      expect(await book.forGame(game)).toEqual([row(7, long)]);
      await book.forget(long.endpoint);
      expect(await book.forGame(game)).toEqual([]);
    });

    it('given a subscription read back, when the caller changes it, then the book does not change', async () => {
      const game = uniqueId('copied');
      const kept = target();
      await book.save(game, row(1, kept), inSeconds(DAY));
      const [read] = await book.forGame(game);
      read.target.keys.auth = 'changed';
      expect(await book.forGame(game)).toEqual([row(1, kept)]);
    });
  });
}

/** The suite disposes what it opened; the books themselves hold nothing to close. */
const opened = <T extends PushBook & { close?: () => Promise<void> }>(subject: T): Opened<T> => ({
  subject,
  dispose: async () => subject.close?.(),
});

pushBookContract('memory twin', async () => opened(new MemoryPushBook({ now })));

pushBookContract('dynamo on dynalite', () => onDynalite((table) => new DynamoPushBook({ ...table, now })));

pushBookContract('dynamo on DynamoDB Local', () =>
  onDynamoDbLocal((table) => new DynamoPushBook({ ...table, now })),
);

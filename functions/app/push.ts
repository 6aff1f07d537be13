import type { Phase } from '../../shared/index.js';
import { Metric } from '../observability/metric-names.js';
import type { PushSubscriber, PushTarget } from '../ports/push.js';
import type { AppDeps } from './deps.js';
import { errorFrame, notBound, type Reply, spectatorRefusal } from './frames.js';

/** A push is worth sending only within the phase it announces; a day or night lasts hours in the forum game. */
const PUSH_TTL_SECONDS = 12 * 3600;

/**
 * How long a subscription is kept after the reader last handed it over. The PWA hands it over again each
 * time the game opens, so only a reader away this long loses his pushes; a finished game is opened no more,
 * and its subscriptions lapse this long after (DynamoDB's TTL deletes them).
 */
export const SUBSCRIPTION_TTL_SECONDS = 14 * 24 * 3600;

/** What a push says: that the game is in a new phase, and which — public, the same for every reader. */
export interface PhasePush {
  type: 'phase';
  gameId: string;
  phase: { kind: Phase['kind']; round: number };
}

/** `pushKey`: the VAPID public key the PWA subscribes with, or null when this server sends no pushes. */
export async function pushKey(deps: AppDeps): Promise<Reply> {
  const key = (await deps.push?.sender.publicKey()) ?? null;
  return { frames: [{ type: 'pushKey', key }], log: { action: 'pushKey', outcome: key ? 'key' : 'off' } };
}

/**
 * `push`: the bound reader's subscription, kept for his game with the server key it was made with — the one
 * the PWA names, which must be kept here, or the current key for a PWA that names none (it subscribed with
 * the key `pushKey` had just given).
 */
export async function subscribePush(
  deps: AppDeps,
  connectionId: string,
  target: PushTarget,
  serverKey?: string,
): Promise<Reply> {
  const binding = await deps.directory.connection(connectionId);
  if (binding === null) return notBound({ action: 'push' });
  const log = { action: 'push', game: binding.gameId };
  if (binding.seat === 'spectator') return spectatorRefusal(log);
  const current = (await deps.push?.sender.publicKey()) ?? null;
  if (!deps.push || current === null)
    return {
      frames: [errorFrame('push_off', 'this server sends no push notifications')],
      log: { ...log, outcome: 'push_off' },
    };
  if (serverKey !== undefined && !(await deps.push.sender.keeps(serverKey)))
    return {
      frames: [
        errorFrame(
          'push_key',
          'the subscription was made with a key this server no longer keeps: subscribe again',
        ),
      ],
      log: { ...log, outcome: 'push_key' },
    };
  const refused = await deps.push.sender.refuses(target.endpoint);
  if (refused !== null)
    return { frames: [errorFrame('push_endpoint', refused)], log: { ...log, outcome: 'push_endpoint' } };
  const expiresAt = Math.floor(deps.clock.now() / 1000) + SUBSCRIPTION_TTL_SECONDS;
  await deps.push.book.save(
    binding.gameId,
    { reader: binding.seat, target, serverKey: serverKey ?? current },
    expiresAt,
  );
  return { frames: [{ type: 'pushSaved' }], log: { ...log, outcome: 'saved' } };
}

/** A new phase is a new day, a new night, or the end: a stage within a phase is no news for a closed app. */
export const isNewPhase = (before: Phase, after: Phase): boolean =>
  after.kind !== 'lobby' && (before.kind !== after.kind || before.round !== after.round);

/**
 * Tells every subscribed reader of the game that a new phase began, each push signed with the key pair its
 * subscription was made under. A push that fails is counted and dropped — the views went out already and
 * the game goes on; a subscription the push service no longer knows, or made under a key pair no longer
 * kept (its pushes would only be refused), is forgotten. Nothing here throws: a book that cannot be read
 * costs the pushes of this phase, never the projection (on AWS, a retried stream batch).
 */
export async function pushPhase(deps: AppDeps, gameId: string, phase: Phase): Promise<void> {
  const push = deps.push;
  if (!push) return;
  const body: PhasePush = { type: 'phase', gameId, phase: { kind: phase.kind, round: phase.round } };
  const payload = JSON.stringify(body);
  let readers: PushSubscriber[];
  try {
    // A deployment whose keys are not set yet has no one to push to.
    if ((await push.sender.publicKey()) === null) return;
    readers = await push.book.forGame(gameId);
  } catch {
    deps.meter.count(Metric.pushFailed);
    return;
  }
  await Promise.all(
    readers.map(async (subscriber) => {
      try {
        const outcome = await push.sender.send(subscriber, payload, PUSH_TTL_SECONDS);
        if (outcome !== 'sent') await push.book.forget(subscriber.target.endpoint);
        deps.meter.count(outcome === 'dropped' ? Metric.pushKeyDropped : Metric.pushSent);
      } catch {
        deps.meter.count(Metric.pushFailed);
      }
    }),
  );
}

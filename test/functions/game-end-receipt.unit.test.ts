import { describe, expect, it } from 'vitest';
import { verifierOf } from '../../functions/adapters/signing/ed25519.js';
import { rearmGame } from '../../functions/app/rearm.js';
import { SEAL_WAIT } from '../../functions/app/seal.js';
import { Metric } from '../../functions/observability/metric-names.js';
import { sealProblem } from '../../shared/audit/seal.js';
import type { ServerFrame } from '../../shared/index.js';
import { AppHarness, frameOf } from '../support/app-harness.js';
import { FlakySigner } from '../support/flaky-signer.js';

const STALL_GRACE = 5 * 60_000;
const command = (commandId: string, command: object) => ({ action: 'command', commandId, command }) as const;

/** Four seated and started; the host disqualifies seats until the game ends. Returns the reply that ended it. */
async function playToEnd(h: AppHarness): Promise<{ gameId: string; ended: ServerFrame[] }> {
  const { code, gameId } = frameOf(
    await h.send('host', { action: 'create', settings: {}, name: 'Olga' }),
    'created',
  );
  for (const [i, name] of ['Ann', 'Bob', 'Cid', 'Dan'].entries())
    frameOf(await h.send(`p${i + 1}`, { action: 'join', code, name }), 'joined');
  frameOf(await h.send('host', command('start', { type: 'start' })), 'ack');
  for (const seat of [1, 2, 3]) {
    const reply = await h.send('host', command(`dq-${seat}`, { type: 'disqualify', seat, reason: 'x' }));
    if ((await h.app.deps.cache.load(gameId))?.folded.state.phase.kind === 'over')
      return { gameId, ended: reply };
  }
  throw new Error('the game did not end');
}

const receiptsIn = async (h: AppHarness, gameId: string) =>
  (await h.store.read(gameId)).filter((c) =>
    (c.events as { type: string }[]).some((e) => e.type === 'logSealed'),
  );

async function verifiedBy(signer: FlakySigner, h: AppHarness, gameId: string): Promise<string | null> {
  const [sealed] = await receiptsIn(h, gameId);
  const { receipt } = (sealed.events as { receipt: Parameters<typeof sealProblem>[1] }[])[0];
  const verifier = verifierOf((await signer.publishedKey()).publicKey);
  return sealProblem('the receipt', receipt, await h.store.read(gameId), verifier);
}

describe('the receipt at the game end never fails the game', () => {
  it('given a key service that fails twice, when the command that ends the game is sent, then it is acked and the receipt is signed on the third try, once', async () => {
    const signer = new FlakySigner(2);
    const h = new AppHarness(undefined, { logSigner: signer });

    const { gameId, ended } = await playToEnd(h);

    frameOf(ended, 'ack');
    expect(signer.calls).toBe(3);
    expect(await receiptsIn(h, gameId)).toHaveLength(1);
    expect(await verifiedBy(signer, h, gameId)).toBeNull();
    expect(h.meter.get(Metric.sealFailed)).toBe(0);
    expect(await h.heads.waitingSince(Number.MAX_SAFE_INTEGER)).toEqual([]);
  });

  it('given a key service that keeps failing, when the game ends, then the command is acked, the game is over without a receipt, SealFailed is counted and its head waits for the seal', async () => {
    const signer = new FlakySigner(Number.POSITIVE_INFINITY);
    const h = new AppHarness(undefined, { logSigner: signer });

    const { gameId, ended } = await playToEnd(h);

    frameOf(ended, 'ack');
    const state = (await h.app.deps.cache.load(gameId))?.folded.state;
    expect(state?.phase.kind).toBe('over');
    expect(state?.receipt).toBeNull();
    expect(await receiptsIn(h, gameId)).toEqual([]);
    expect(h.meter.get(Metric.sealFailed)).toBe(1);
    const log = await h.store.read(gameId);
    expect(await h.heads.waitingSince(Number.MAX_SAFE_INTEGER)).toEqual([
      { gameId, deadlineId: SEAL_WAIT, at: log[log.length - 1].at, seq: log.length },
    ]);
  });

  it('given a game over without its receipt, when an operator without the key re-arms it, then its head still waits for the seal', async () => {
    const h = new AppHarness(undefined, { logSigner: new FlakySigner(Number.POSITIVE_INFINITY) });
    const { gameId } = await playToEnd(h);
    const waiting = await h.heads.waitingSince(Number.MAX_SAFE_INTEGER);
    // A last word after the end: the log runs past the commit the head was noted at.
    const said = await h.send('p4', command('gg', { type: 'say', channel: 'table', text: 'Good game' }));
    frameOf(said, 'ack');
    const operator = new AppHarness(h);

    expect(await rearmGame(operator.app.deps, gameId)).toEqual({ kind: 'noDeadline' });

    expect(await h.heads.waitingSince(Number.MAX_SAFE_INTEGER)).toEqual(waiting);
  });

  it('given a game over without its receipt, when the sweeper runs while the key still fails, then the sweep says so, and once the key reads again the sweeper signs it and every view carries it', async () => {
    const signer = new FlakySigner(Number.POSITIVE_INFINITY);
    const h = new AppHarness(undefined, { logSigner: signer });
    const { gameId } = await playToEnd(h);
    const [head] = await h.heads.waitingSince(Number.MAX_SAFE_INTEGER);
    h.clock.set(head.at + STALL_GRACE + 1_000);

    await expect(h.app.sweepDeadlines()).rejects.toThrow(/1 overdue deadlines failed/);
    expect(h.meter.get(Metric.sealFailed)).toBe(2);
    expect(await h.heads.waitingSince(Number.MAX_SAFE_INTEGER)).toEqual([head]);

    signer.failures = 0;
    expect(await h.app.sweepDeadlines()).toEqual({ found: 0, rearmed: 0, stalled: 1, repaired: 1 });
    await h.project(gameId);

    expect(await receiptsIn(h, gameId)).toHaveLength(1);
    expect(await verifiedBy(signer, h, gameId)).toBeNull();
    expect(await h.heads.waitingSince(Number.MAX_SAFE_INTEGER)).toEqual([]);
    for (const conn of ['host', 'p1', 'p4']) {
      const views = h.fanOut.sent(conn).filter((f) => f.type === 'view');
      expect(views.at(-1)).toMatchObject({ view: { receipt: { gameId, version: head.seq } } });
    }
  });

  it('given a game over without its receipt on the local server, when the server starts again with its key readable, then it signs the receipt, once', async () => {
    const signer = new FlakySigner(Number.POSITIVE_INFINITY);
    const h = new AppHarness(undefined, { logSigner: signer });
    const { gameId } = await playToEnd(h);
    signer.failures = 0;
    const restarted = new AppHarness(h, { logSigner: signer });

    await restarted.app.rearmDeadlines();
    await restarted.app.rearmDeadlines();

    expect(await receiptsIn(h, gameId)).toHaveLength(1);
    expect(await verifiedBy(signer, h, gameId)).toBeNull();
  });

  it('given two containers and a repeated sweep over a game owed its receipt, when they all seal it at once, then the log holds exactly one receipt', async () => {
    const first = new FlakySigner(Number.POSITIVE_INFINITY);
    const h = new AppHarness(undefined, { logSigner: first });
    const { gameId } = await playToEnd(h);
    first.failures = 0;
    const second = new AppHarness(h, { logSigner: new FlakySigner(0) });
    const [head] = await h.heads.waitingSince(Number.MAX_SAFE_INTEGER);
    h.clock.set(head.at + STALL_GRACE + 1_000);

    const sweeps = await Promise.all([
      h.app.sweepDeadlines(),
      second.app.sweepDeadlines(),
      second.app.sweepDeadlines(),
    ]);
    const again = await h.app.sweepDeadlines();

    expect(sweeps.map((s) => s.stalled)).toContain(1);
    expect(again).toEqual({ found: 0, rearmed: 0, stalled: 0, repaired: 0 });
    expect(await receiptsIn(h, gameId)).toHaveLength(1);
    expect(await verifiedBy(first, h, gameId)).toBeNull();
    const kept = await h.store.read(gameId);
    expect(kept.map((c) => c.seq)).toEqual(kept.map((_, i) => i + 1));
  });
});

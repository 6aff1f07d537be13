import { describe, expect, it } from 'vitest';
import { MemoryEventStore } from '../../functions/adapters/memory/event-store.js';
import { MemoryGameHeads } from '../../functions/adapters/memory/game-heads.js';
import { sweepDeadlines } from '../../functions/app/deadline.js';
import { rearmGame } from '../../functions/app/rearm.js';
import { Metric } from '../../functions/observability/metric-names.js';
import type { AppendResult, Commit, EventStore } from '../../functions/ports/event-store.js';
import { AppHarness, frameOf } from '../support/app-harness.js';

const FAST = { preset: 'online', timers: { intro: 2, discussion: 2, vote: 2, mafia: 2, night: 2 } };
const GRACE = 5 * 60_000;

async function givenStartedGame(h: AppHarness, host = 'host'): Promise<string> {
  const created = frameOf(await h.send(host, { action: 'create', settings: FAST, name: 'Hana' }), 'created');
  for (let i = 1; i <= 5; i++) {
    frameOf(await h.send(`${host}-p${i}`, { action: 'join', code: created.code, name: `P${i}` }), 'joined');
  }
  await h.send(host, { action: 'command', commandId: 'go', command: { type: 'start' } });
  return created.gameId;
}

/** A store that passes everything to `inner`: the stores below change only how an append goes. */
class WrappedStore implements EventStore {
  constructor(protected readonly inner: EventStore) {}
  append(commit: Commit): Promise<AppendResult> {
    return this.inner.append(commit);
  }
  read(gameId: string, afterSeq?: number) {
    return this.inner.read(gameId, afterSeq);
  }
  listGames() {
    return this.inner.listGames();
  }
  close() {
    return this.inner.close();
  }
}

/** A store whose appends fail while `failing` is set (a full disk, a throttled table). */
class FailingStore extends WrappedStore {
  failing = false;
  override async append(commit: Commit): Promise<AppendResult> {
    if (this.failing) throw new Error('the store refused the write');
    return this.inner.append(commit);
  }
}

/** A store whose appends take a while, counting how many are in flight at once. */
class SlowStore extends WrappedStore {
  inFlight = 0;
  most = 0;
  override async append(commit: Commit): Promise<AppendResult> {
    this.inFlight++;
    this.most = Math.max(this.most, this.inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    try {
      return await this.inner.append(commit);
    } finally {
      this.inFlight--;
    }
  }
}

describe('stalled games, found without the deadline book', () => {
  it('given a started game whose commit was never projected (no timer, nothing in the book), when its deadline is five minutes past, then the sweep counts it stalled and moves it on from its own log', async () => {
    const h = new AppHarness();
    const gameId = await givenStartedGame(h);
    const [head] = await h.heads.waitingSince(Number.MAX_SAFE_INTEGER);
    expect(head).toMatchObject({ gameId, seq: (await h.store.read(gameId)).length });
    expect(h.deadlines.size()).toBe(0);

    h.clock.set(head.at + GRACE - 1_000);
    expect(await h.app.sweepDeadlines()).toEqual({ found: 0, rearmed: 0, stalled: 0, repaired: 0 });
    h.clock.set(head.at + GRACE + 1_000);
    expect(await h.app.sweepDeadlines()).toEqual({ found: 0, rearmed: 0, stalled: 1, repaired: 1 });
    expect(h.meter.get(Metric.stalledGames)).toBe(0);
    expect(h.meter.get(Metric.stalledRepaired)).toBe(1);
    expect(h.meter.get(Metric.sweepCompleted)).toBe(2);
    expect((await h.store.read(gameId)).at(-1)).toMatchObject({
      actor: 'system',
      commandId: `timeUp:${head.deadlineId}`,
    });
    const [next] = await h.heads.waitingSince(Number.MAX_SAFE_INTEGER);
    expect(next.deadlineId).not.toBe(head.deadlineId);
    expect(next.at).toBeGreaterThan(h.clock.now());
  });

  it('given a stalled game whose timeUp cannot be committed, when swept, then it stays counted and the sweep fails loudly', async () => {
    const store = new FailingStore(new MemoryEventStore());
    const h = new AppHarness(undefined, { store });
    await givenStartedGame(h);
    const [head] = await h.heads.waitingSince(Number.MAX_SAFE_INTEGER);
    h.clock.set(head.at + GRACE + 1_000);
    store.failing = true;

    await expect(h.app.sweepDeadlines()).rejects.toThrow(/1 overdue deadlines failed/);
    expect(h.meter.get(Metric.stalledGames)).toBe(1);
    expect(h.meter.get(Metric.stalledRepaired)).toBe(0);
    expect(await h.heads.waitingSince(Number.MAX_SAFE_INTEGER)).toEqual([head]);

    // The disk is back: the next minute's sweep moves the game on.
    store.failing = false;
    expect(await h.app.sweepDeadlines()).toMatchObject({ stalled: 1, repaired: 1 });
  });

  it('given a head left behind by a commit whose deadline did fire, when swept, then only the head is written again and nothing is fired', async () => {
    // A short grace, so that the sweep comes after the old deadline and before the new one (2 s later).
    const h = new AppHarness(undefined, { app: { stallGraceMs: 500 } });
    const gameId = await givenStartedGame(h);
    const [head] = await h.heads.waitingSince(Number.MAX_SAFE_INTEGER);
    h.clock.set(head.at);
    expect(await h.app.fireDeadline({ gameId, deadlineId: head.deadlineId, at: head.at })).toBe('fired');
    const seq = (await h.store.read(gameId)).length;
    // The head of the old phase, as a commit whose note was lost would leave it.
    const stale = new MemoryGameHeads();
    await stale.note(gameId, head.seq, { deadlineId: head.deadlineId, at: head.at });
    h.clock.set(head.at + 1_000);

    const result = await sweepDeadlines({ ...h.app.deps, heads: stale });
    expect(result).toEqual({ found: 0, rearmed: 0, stalled: 1, repaired: 0 });
    expect((await h.store.read(gameId)).length).toBe(seq);
    expect((await stale.waitingSince(Number.MAX_SAFE_INTEGER))[0]).toMatchObject({ seq });
  });

  it('given a stalled game, when an operator re-arms it, then its deadline is booked and scheduled, and once it fires the game no longer counts', async () => {
    const h = new AppHarness();
    const gameId = await givenStartedGame(h);
    const [head] = await h.heads.waitingSince(Number.MAX_SAFE_INTEGER);
    h.clock.set(head.at + GRACE + 1_000);

    const rearmed = await rearmGame(h.app.deps, gameId);
    expect(rearmed).toEqual({ kind: 'armed', job: { gameId, deadlineId: head.deadlineId, at: head.at } });
    expect(h.scheduler.last()).toEqual({ gameId, deadlineId: head.deadlineId, at: head.at });
    expect(h.deadlines.size()).toBe(1);

    // The timer fires (here by hand): `timeUp` moves the game on and its head with it.
    expect(await h.app.fireDeadline(rearmed.kind === 'armed' ? rearmed.job : head)).toBe('fired');
    expect((await h.app.sweepDeadlines()).stalled).toBe(0);
    const [next] = await h.heads.waitingSince(Number.MAX_SAFE_INTEGER);
    expect(next.deadlineId).not.toBe(head.deadlineId);
  });

  it('given no game, or a game in its lobby, when re-armed, then nothing is armed and it says why', async () => {
    const h = new AppHarness();
    expect(await rearmGame(h.app.deps, 'no-such-game')).toEqual({ kind: 'noGame' });
    const created = frameOf(await h.send('host', { action: 'create', settings: FAST, name: 'H' }), 'created');
    expect(await rearmGame(h.app.deps, created.gameId)).toEqual({ kind: 'noDeadline' });
    expect(h.scheduler.jobs).toEqual([]);
  });

  it('given commits that keep the deadline, then the head is not written again; a pause takes the game out', async () => {
    const h = new AppHarness();
    const gameId = await givenStartedGame(h);
    const [head] = await h.heads.waitingSince(Number.MAX_SAFE_INTEGER);
    expect(head.gameId).toBe(gameId);
    await h.send('host-p1', {
      action: 'command',
      commandId: 'hi',
      command: { type: 'say', channel: 'table', text: 'hi' },
    });
    expect(await h.heads.waitingSince(Number.MAX_SAFE_INTEGER)).toEqual([head]);
    await h.send('host', { action: 'command', commandId: 'pause', command: { type: 'pauseClock' } });
    expect(await h.heads.waitingSince(Number.MAX_SAFE_INTEGER)).toEqual([]);
  });
});

describe('the sweeper after an outage', () => {
  it('given many games whose timers were all lost, when swept, then several games are fired at once, within the bound', async () => {
    const slow = new SlowStore(new MemoryEventStore());
    const h = new AppHarness(undefined, { store: slow, app: { sweepConcurrency: 4 } });
    const games: string[] = [];
    for (let g = 0; g < 10; g++) games.push(await givenStartedGame(h, `host${g}`));
    for (const gameId of games) await h.project(gameId);
    const latest = Math.max(...h.scheduler.jobs.map((j) => j.at));
    h.clock.set(latest + 91_000);
    slow.most = 0;

    expect(await h.app.sweepDeadlines()).toEqual({ found: 10, rearmed: 10, stalled: 0, repaired: 0 });
    expect(slow.most).toBeGreaterThan(1);
    expect(slow.most).toBeLessThanOrEqual(4);
    expect(h.deadlines.size()).toBe(0);
  });
});

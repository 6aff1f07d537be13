import { describe, expect, it } from 'vitest';
import { MemoryEventStore } from '../../functions/adapters/memory/event-store.js';
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

/** A store whose appends take a while, counting how many are in flight at once. */
class SlowStore implements EventStore {
  inFlight = 0;
  most = 0;
  constructor(private readonly inner: EventStore) {}
  async append(commit: Commit): Promise<AppendResult> {
    this.inFlight++;
    this.most = Math.max(this.most, this.inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    try {
      return await this.inner.append(commit);
    } finally {
      this.inFlight--;
    }
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

describe('stalled games, found without the deadline book', () => {
  it('given a started game whose commit was never projected (no timer, nothing in the book), when its deadline is five minutes past, then the sweep counts it stalled', async () => {
    const h = new AppHarness();
    const gameId = await givenStartedGame(h);
    const [head] = await h.heads.waitingSince(Number.MAX_SAFE_INTEGER);
    expect(head).toMatchObject({ gameId, seq: (await h.store.read(gameId)).length });
    expect(h.deadlines.size()).toBe(0);

    h.clock.set(head.at + GRACE - 1_000);
    expect(await h.app.sweepDeadlines()).toEqual({ found: 0, rearmed: 0, stalled: 0 });
    h.clock.set(head.at + GRACE + 1_000);
    expect(await h.app.sweepDeadlines()).toEqual({ found: 0, rearmed: 0, stalled: 1 });
    expect(h.meter.get(Metric.stalledGames)).toBe(1);
    expect(h.meter.get(Metric.sweepCompleted)).toBe(2);
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

    expect(await h.app.sweepDeadlines()).toEqual({ found: 10, rearmed: 10, stalled: 0 });
    expect(slow.most).toBeGreaterThan(1);
    expect(slow.most).toBeLessThanOrEqual(4);
    expect(h.deadlines.size()).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { Metric } from '../../functions/observability/metric-names.js';
import type { DeadlineJob, Scheduler } from '../../functions/ports/scheduler.js';
import { AppHarness, frameOf } from '../support/app-harness.js';

const FAST = { preset: 'online', timers: { intro: 2, discussion: 2, vote: 2, mafia: 2, night: 2 } };

/** A scheduler that fails the first `failures` calls, like a throttled StartExecution, then records. */
class FlakyScheduler implements Scheduler {
  readonly jobs: DeadlineJob[] = [];
  calls = 0;
  constructor(private failures: number) {}

  async schedule(gameId: string, deadlineId: string, at: number): Promise<void> {
    this.calls++;
    if (this.failures > 0) {
      this.failures--;
      throw Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
    }
    this.jobs.push({ gameId, deadlineId, at });
  }
}

async function givenStartedGame(h: AppHarness): Promise<string> {
  const created = frameOf(
    await h.send('host', { action: 'create', settings: FAST, name: 'Hana' }),
    'created',
  );
  for (let i = 1; i <= 5; i++) {
    frameOf(await h.send(`p${i}`, { action: 'join', code: created.code, name: `P${i}` }), 'joined');
  }
  await h.send('host', { action: 'command', commandId: 'go', command: { type: 'start' } });
  return created.gameId;
}

const seqOf = async (h: AppHarness, gameId: string) => (await h.store.read(gameId)).length;

describe('deadlines are never lost', () => {
  it('given the scheduler fails once, when the stream retries the commit, then the deadline is scheduled on the retry', async () => {
    const scheduler = new FlakyScheduler(1);
    const h = new AppHarness(undefined, { scheduler });
    const gameId = await givenStartedGame(h);
    const seq = await seqOf(h, gameId);
    // The first projection fails as a whole: the stream will deliver the record again.
    await expect(h.app.project(gameId, seq)).rejects.toThrow('Rate exceeded');
    expect(h.meter.get(Metric.projectionFailed)).toBe(1);
    // The retry is not "covered": the game was not marked projected before its deadline was armed.
    expect(await h.app.project(gameId, seq)).toMatchObject({ kind: 'sent', armed: true });
    expect(scheduler.jobs).toEqual([expect.objectContaining({ gameId })]);
  });

  it('given the scheduler always fails, when the deadline is overdue, then the sweeper fires it from the book', async () => {
    const h = new AppHarness(undefined, { scheduler: new FlakyScheduler(Number.POSITIVE_INFINITY) });
    const gameId = await givenStartedGame(h);
    const seq = await seqOf(h, gameId);
    for (let attempt = 0; attempt < 3; attempt++) await expect(h.app.project(gameId, seq)).rejects.toThrow();
    const [job] = await h.deadlines.overdue(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    expect(job).toMatchObject({ gameId });

    // Before its grace has passed, the sweeper leaves it to its timer.
    h.clock.set(job.at + 1_000);
    expect(await h.app.sweepDeadlines()).toEqual({ found: 0, rearmed: 0, stalled: 0, repaired: 0 });
    expect(await seqOf(h, gameId)).toBe(seq);

    // Then it fires it: `timeUp` is appended, the book is empty, and the metric says a timer was lost.
    h.clock.set(job.at + 91_000);
    expect(await h.app.sweepDeadlines()).toEqual({ found: 1, rearmed: 1, stalled: 0, repaired: 0 });
    const last = (await h.store.read(gameId)).at(-1);
    expect(last).toMatchObject({ actor: 'system', commandId: `timeUp:${job.deadlineId}` });
    expect(h.deadlines.size()).toBe(0);
    expect(h.meter.get(Metric.deadlineRearmed)).toBe(1);
    expect(await h.app.sweepDeadlines()).toEqual({ found: 0, rearmed: 0, stalled: 0, repaired: 0 });
  });

  it('given a deadline its timer fired, when the sweeper runs later, then it finds nothing in the book and fires the next deadline, which nobody armed, from the log', async () => {
    const h = new AppHarness();
    const gameId = await givenStartedGame(h);
    await h.project(gameId);
    const job = h.scheduler.last()!;
    h.clock.set(job.at);
    expect(await h.app.fireDeadline(job)).toBe('fired');
    h.clock.set(job.at + 10 * 60_000);
    // Nothing in the book; the next phase's deadline, which nobody armed here, hangs: the sweeper fires it.
    expect(await h.app.sweepDeadlines()).toEqual({ found: 0, rearmed: 0, stalled: 1, repaired: 1 });
    expect(h.meter.get(Metric.deadlineFired)).toBe(2);
  });

  it('given commits that leave the deadline as it was, when projected, then the scheduler is not asked again', async () => {
    const h = new AppHarness();
    const gameId = await givenStartedGame(h);
    await h.project(gameId);
    const asked = h.meter.get(Metric.deadlineScheduled);
    expect(asked).toBe(1);
    await h.send('p1', {
      action: 'command',
      commandId: 'hi',
      command: { type: 'say', channel: 'table', text: 'hi' },
    });
    const seq = await seqOf(h, gameId);
    const projection = await h.app.project(gameId, seq);
    expect(projection).toMatchObject({ kind: 'sent', armed: false });
    expect(h.meter.get(Metric.deadlineScheduled)).toBe(asked);
  });

  it('given another process, which cannot know whether the deadline was armed, projects a commit that keeps it, then it arms that same deadline again, and once only', async () => {
    const h = new AppHarness();
    const gameId = await givenStartedGame(h);
    await h.project(gameId);
    const [first] = h.scheduler.jobs;
    const other = new AppHarness(h);
    const say = (commandId: string) =>
      other.send('p2', {
        action: 'command',
        commandId,
        command: { type: 'say', channel: 'table', text: 'yo' },
      });
    await say('yo');
    expect(await other.app.project(gameId, await seqOf(h, gameId))).toMatchObject({
      kind: 'sent',
      armed: true,
    });
    // The same deadline, so the same execution name and book key: asking again starts nothing new.
    expect(other.scheduler.jobs).toEqual([first]);
    await say('yo again');
    expect(await other.app.project(gameId, await seqOf(h, gameId))).toMatchObject({
      kind: 'sent',
      armed: false,
    });
    expect(other.meter.get(Metric.deadlineScheduled)).toBe(1);
  });
});

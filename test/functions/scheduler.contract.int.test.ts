import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { SFNClient } from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atExpression, EventBridgeScheduler } from '../../functions/adapters/aws/scheduler/scheduler.js';
import { deadlineName, executionName } from '../../functions/adapters/aws/sfn/execution-name.js';
import { StepFunctionsScheduler, waitTimestamp } from '../../functions/adapters/aws/sfn/scheduler.js';
import { TimerScheduler } from '../../functions/adapters/local/timer-scheduler.js';
import type { DeadlineJob, Scheduler } from '../../functions/ports/scheduler.js';
import { FakeEventBridgeScheduler } from '../support/fake-eventbridge-scheduler.js';
import { FakeStepFunctions } from '../support/fake-step-functions.js';

/** A scheduler under test and a way to see the runs it started (fired timers, started executions). */
interface Subject {
  scheduler: Scheduler;
  /** Runs so far, after letting due ones happen. */
  runs(): Promise<DeadlineJob[]>;
  /** Lets every started run finish. */
  finish(): Promise<void>;
  /** Deadlines taken and waiting for their time, with the time each waits for. */
  waiting(): Promise<DeadlineJob[]>;
  /**
   * The service deletes a timer once it ran (EventBridge Scheduler's ActionAfterCompletion DELETE), so
   * asking again after that starts it again; a repeated `timeUp` appends nothing, and the projector asks
   * only when a game's deadline changes.
   */
  forgetsAfterRun?: boolean;
  close(): Promise<void>;
}

const ARN = 'arn:aws:states:eu-west-1:123456789012:stateMachine:Deadlines';
const soon = () => Date.now() + 30;
const HOUR = 3600_000;
let unique = 0;
const gameId = () => `contract-game-${++unique}-${Date.now()}`;

function schedulerContract(name: string, open: () => Promise<Subject>): void {
  describe(`Scheduler contract — ${name}`, () => {
    let subject: Subject;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(() => subject.close());

    const runsOf = async (game: string) => (await subject.runs()).filter((r) => r.gameId === game);

    it('given a deadline, when it is scheduled, then one run starts for it, not before its time', async () => {
      const game = gameId();
      const at = soon();
      await subject.scheduler.schedule(game, 'd1.discussion.2', at);
      const runs = await runsOf(game);
      expect(runs).toHaveLength(1);
      expect(runs[0].deadlineId).toBe('d1.discussion.2');
      expect(runs[0].at).toBeGreaterThanOrEqual(at);
      expect(runs[0].at).toBeLessThan(at + 1000);
    });

    it('given a deadline scheduled twice, also at once, when the runs are counted, then there is one', async () => {
      const game = gameId();
      const at = soon();
      await Promise.all([
        subject.scheduler.schedule(game, 'n1.actions.7', at),
        subject.scheduler.schedule(game, 'n1.actions.7', at),
      ]);
      await subject.scheduler.schedule(game, 'n1.actions.7', at);
      expect(await runsOf(game)).toHaveLength(1);
    });

    it('given a run that has finished, when the same deadline is scheduled again, then nothing new starts unless the service forgets finished runs', async () => {
      const game = gameId();
      const at = soon();
      await subject.scheduler.schedule(game, 'd2.vote.9', at);
      await runsOf(game);
      await subject.finish();
      await subject.scheduler.schedule(game, 'd2.vote.9', at);
      const runs = await runsOf(game);
      expect(runs).toHaveLength(subject.forgetsAfterRun ? 2 : 1);
      for (const run of runs) expect(run).toMatchObject({ gameId: game, deadlineId: 'd2.vote.9' });
    });

    it('given a forum day of 24 hours and a night of 12, when both are scheduled, then each waits once for its hour and neither has run', async () => {
      const game = gameId();
      const dayEnds = Date.now() + 24 * HOUR;
      const nightEnds = dayEnds + 12 * HOUR;
      await subject.scheduler.schedule(game, 'd1.day.1', dayEnds);
      await subject.scheduler.schedule(game, 'n1.actions.2', nightEnds);
      await subject.scheduler.schedule(game, 'd1.day.1', dayEnds);
      const waiting = (await subject.waiting()).filter((job) => job.gameId === game);
      expect(waiting.map((job) => job.deadlineId).sort()).toEqual(['d1.day.1', 'n1.actions.2']);
      for (const job of waiting) {
        const asked = job.deadlineId === 'd1.day.1' ? dayEnds : nightEnds;
        // to the second: the services wait in whole seconds, never less than asked
        expect(job.at).toBeGreaterThanOrEqual(asked - 999);
        expect(job.at).toBeLessThan(asked + 1000);
      }
    });

    it('given two deadlines of a game and one deadline id in two games, when scheduled, then each has its run', async () => {
      const [a, b] = [gameId(), gameId()];
      const at = soon();
      await subject.scheduler.schedule(a, 'd1.discussion.2', at);
      await subject.scheduler.schedule(a, 'd1.discussion.2+3', at + 100);
      await subject.scheduler.schedule(b, 'd1.discussion.2', at);
      const runs = await subject.runs();
      expect(
        runs
          .filter((r) => r.gameId === a)
          .map((r) => r.deadlineId)
          .sort(),
      ).toEqual(['d1.discussion.2', 'd1.discussion.2+3']);
      expect(runs.filter((r) => r.gameId === b)).toHaveLength(1);
    });
  });
}

schedulerContract('in-process timers', async () => {
  const fired: DeadlineJob[] = [];
  const timers = new TimerScheduler({
    onDue: async (job) => {
      fired.push({ ...job, at: Date.now() });
    },
  });
  const asked = new Map<string, DeadlineJob>();
  const scheduler: Scheduler = {
    schedule: (game, deadlineId, at) => {
      asked.set(`${game} ${deadlineId}`, { gameId: game, deadlineId, at });
      return timers.schedule(game, deadlineId, at);
    },
  };
  return {
    scheduler,
    waiting: async () => [...asked.values()].filter((job) => timers.isPending(job.gameId, job.deadlineId)),
    runs: async () => {
      // A timer's run is its firing: wait until every pending one within the minute has fired.
      const near = () =>
        [...asked.values()].some(
          (job) => job.at < Date.now() + 60_000 && timers.isPending(job.gameId, job.deadlineId),
        );
      while (near()) await new Promise((r) => setTimeout(r, 10));
      return fired;
    },
    finish: async () => {},
    close: () => timers.close(),
  };
});

let fake: FakeStepFunctions;
let client: SFNClient;
const sfnClient = (endpoint: string) =>
  new SFNClient({
    endpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    maxAttempts: 1,
  });

schedulerContract('Step Functions (real SDK client, fake service)', async () => {
  fake = await new FakeStepFunctions().start();
  client = sfnClient(fake.endpoint);
  return {
    scheduler: new StepFunctionsScheduler({ client, stateMachineArn: ARN }),
    // An execution's run is the task input after the Wait: the deadline handler reads `at` from it.
    runs: async () =>
      fake.executions.map((e) => {
        const input = JSON.parse(e.input) as { gameId: string; deadlineId: string; at: string };
        return { gameId: input.gameId, deadlineId: input.deadlineId, at: Date.parse(input.at) };
      }),
    finish: async () => fake.finishAll(),
    // An execution waits in its `Wait` state until the time in its input.
    waiting: async () =>
      fake.executions
        .filter((e) => e.status === 'RUNNING')
        .map((e) => {
          const input = JSON.parse(e.input) as { gameId: string; deadlineId: string; at: string };
          return { gameId: input.gameId, deadlineId: input.deadlineId, at: Date.parse(input.at) };
        })
        .filter((job) => job.at > Date.now()),
    close: async () => {
      client.destroy();
      await fake.close();
    },
  };
});

let fakeScheduler: FakeEventBridgeScheduler;
let schedulerClient: SchedulerClient;
const GROUP = 'deadlines';
const ROLE = 'arn:aws:iam::123456789012:role/invoke-deadline';
const TARGET = 'arn:aws:lambda:eu-west-1:123456789012:function:deadline';
const eventBridgeClient = (endpoint: string) =>
  new SchedulerClient({
    endpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    maxAttempts: 1,
  });
const eventBridge = (client: SchedulerClient) =>
  new EventBridgeScheduler({ client, groupName: GROUP, roleArn: ROLE, targetArn: TARGET });

schedulerContract('EventBridge Scheduler (real SDK client, fake service)', async () => {
  fakeScheduler = await new FakeEventBridgeScheduler().start();
  schedulerClient = eventBridgeClient(fakeScheduler.endpoint);
  return {
    scheduler: eventBridge(schedulerClient),
    // A schedule's run is the target's input: the deadline handler reads the job from it.
    runs: async () =>
      [...fakeScheduler.ran, ...fakeScheduler.schedules].map((s) => JSON.parse(s.input) as DeadlineJob),
    finish: async () => fakeScheduler.runAll(),
    // A schedule not yet run waits for its `at(…)` expression, which must name the deadline's second.
    waiting: async () =>
      fakeScheduler.schedules.map((s) => {
        const job = JSON.parse(s.input) as DeadlineJob;
        return { ...job, at: Date.parse(`${/^at\((.*)\)$/.exec(s.expression)?.[1]}Z`) };
      }),
    forgetsAfterRun: true,
    close: async () => {
      schedulerClient.destroy();
      await fakeScheduler.close();
    },
  };
});

describe('EventBridge Scheduler specifics', () => {
  let service: FakeEventBridgeScheduler;
  let sdk: SchedulerClient;
  beforeAll(async () => {
    service = await new FakeEventBridgeScheduler().start();
    sdk = eventBridgeClient(service.endpoint);
  });
  afterAll(async () => {
    sdk.destroy();
    await service.close();
  });

  it('given a deadline, when scheduled, then it is a one-time UTC schedule in the group, to the second, deleted after it ran', async () => {
    const at = Date.UTC(2026, 11, 1, 21, 30, 5, 250);
    await eventBridge(sdk).schedule('g-1', 'd1.vote.3', at);
    expect(service.schedules).toEqual([
      {
        name: deadlineName('g-1', 'd1.vote.3', 64),
        groupName: GROUP,
        expression: 'at(2026-12-01T21:30:06)',
        timezone: 'UTC',
        flexibleWindow: 'OFF',
        actionAfterCompletion: 'DELETE',
        targetArn: TARGET,
        roleArn: ROLE,
        input: JSON.stringify({ gameId: 'g-1', deadlineId: 'd1.vote.3', at }),
      },
    ]);
    expect(atExpression(at)).toBe('2026-12-01T21:30:06');
  });

  it('given long or odd ids, when named, then the schedule name fits 64 allowed characters and is stable', () => {
    const name = deadlineName(`${'g'.repeat(60)}/#?*`, 'n12.actions.40+3.60000', 64);
    expect(name).toMatch(/^[0-9a-zA-Z-_.]{1,64}$/);
    expect(deadlineName(`${'g'.repeat(60)}/#?*`, 'n12.actions.40+3.60000', 64)).toBe(name);
  });

  it('given the service refuses for another reason, when scheduling, then the error reaches the caller', async () => {
    service.failNext('ThrottlingException', 429);
    await expect(eventBridge(sdk).schedule('g-2', 'd', Date.now())).rejects.toMatchObject({
      name: 'ThrottlingException',
    });
  });
});

describe('Step Functions scheduler specifics', () => {
  let service: FakeStepFunctions;
  let sdk: SFNClient;
  beforeAll(async () => {
    service = await new FakeStepFunctions().start();
    sdk = sfnClient(service.endpoint);
  });
  afterAll(async () => {
    sdk.destroy();
    await service.close();
  });

  it('given any game and deadline ids, when named, then the name is allowed, at most 80 long and stable', () => {
    const long = `${'g'.repeat(60)}/#?*`;
    for (const [g, d] of [
      ['6b0c2f0e-8f1e-4b5e-9a55-3f7c1d2e4a10', 'd1.discussion.2'],
      [long, 'n12.actions.40+3.60000'],
      ['ünïcödé game', 'lobby'],
    ]) {
      const name = executionName(g, d);
      expect(name).toMatch(/^[A-Za-z0-9_-]{1,80}$/);
      expect(executionName(g, d)).toBe(name);
    }
  });

  it('given two pairs that clean up to the same text, when named, then the names differ', () => {
    expect(executionName('game', 'd1.x')).not.toBe(executionName('game', 'd1-x'));
    expect(executionName('a_b', 'c')).not.toBe(executionName('a', 'b_c'));
  });

  it('given a deadline, when its wait timestamp is made, then it is whole seconds, rounded up, in RFC 3339', () => {
    expect(waitTimestamp(Date.UTC(2026, 0, 1, 10, 0, 0, 1))).toBe('2026-01-01T10:00:01Z');
    expect(waitTimestamp(Date.UTC(2026, 0, 1, 10, 0, 0, 0))).toBe('2026-01-01T10:00:00Z');
  });

  it('given the service refuses for another reason, when scheduling, then the error reaches the caller', async () => {
    const scheduler = new StepFunctionsScheduler({ client: sdk, stateMachineArn: ARN });
    service.failNext('StateMachineDoesNotExist');
    await expect(scheduler.schedule('g', 'd', Date.now())).rejects.toMatchObject({
      name: 'StateMachineDoesNotExist',
    });
    service.failNext('ExecutionAlreadyExists');
    await expect(scheduler.schedule('g', 'd', Date.now())).resolves.toBeUndefined();
  });
});

import { FakeAwsService, type FakeRequest, type Reply } from './fake-aws-service.js';

export interface FakeSchedule {
  name: string;
  groupName: string;
  expression: string;
  timezone: string;
  flexibleWindow: string;
  actionAfterCompletion: string;
  targetArn: string;
  roleArn: string;
  input: string;
}

/**
 * Just enough of EventBridge Scheduler's REST JSON API for the deadline scheduler's contract test:
 * CreateSchedule (`POST /schedules/{Name}`) with the service's rules — a name is unique per group, and
 * creating one that exists is `ConflictException` (409). `runAll` runs every schedule and, like
 * `ActionAfterCompletion: DELETE`, deletes it. `failNext` makes the next call fail with a given error.
 */
export class FakeEventBridgeScheduler extends FakeAwsService {
  readonly schedules: FakeSchedule[] = [];
  /** Schedules that ran (and were deleted), in order. */
  readonly ran: FakeSchedule[] = [];

  constructor() {
    super('application/json');
  }

  protected handle(request: FakeRequest, reply: Reply): void {
    const match = /^\/schedules\/([^/?]+)/.exec(request.url);
    if (request.method !== 'POST' || !match) {
      return reply(404, { message: `${request.method} ${request.url}` }, 'ResourceNotFoundException');
    }
    const name = decodeURIComponent(match[1]);
    const body = JSON.parse(request.body || '{}');
    if (!/^[0-9a-zA-Z-_.]{1,64}$/.test(name)) {
      return reply(400, { message: `bad name ${name}` }, 'ValidationException');
    }
    if (!/^at\(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\)$/.test(body.ScheduleExpression ?? '')) {
      return reply(400, { message: `bad expression ${body.ScheduleExpression}` }, 'ValidationException');
    }
    const groupName = body.GroupName ?? 'default';
    if (this.schedules.some((s) => s.name === name && s.groupName === groupName)) {
      return reply(409, { message: `Schedule ${name} already exists.` }, 'ConflictException');
    }
    this.schedules.push({
      name,
      groupName,
      expression: body.ScheduleExpression,
      timezone: body.ScheduleExpressionTimezone,
      flexibleWindow: body.FlexibleTimeWindow?.Mode,
      actionAfterCompletion: body.ActionAfterCompletion,
      targetArn: body.Target?.Arn,
      roleArn: body.Target?.RoleArn,
      input: body.Target?.Input,
    });
    reply(200, { ScheduleArn: `arn:aws:scheduler:eu-west-1:123456789012:schedule/${groupName}/${name}` });
  }

  /** Every schedule fires, and is deleted after (ActionAfterCompletion DELETE). */
  runAll(): void {
    for (const schedule of this.schedules.splice(0)) {
      if (schedule.actionAfterCompletion !== 'DELETE') this.schedules.push(schedule);
      this.ran.push(schedule);
    }
  }
}

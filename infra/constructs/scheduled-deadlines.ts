import { Duration, Stack } from 'aws-cdk-lib';
import { Grant, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import type { AlarmSignal, DeadlineScheduling, DeadlineSchedulingProps } from './alarm-signal.js';

const period = Duration.minutes(5);

/**
 * Phase timers on EventBridge Scheduler, the deploy-time alternative to Step Functions (`-c
 * deadlines=scheduler`): one one-time `at()` schedule per deadline, named after it (so asking twice
 * creates it once), deleted by the service after it ran. Cheaper per timer than an execution's
 * transitions; the catch is precision: a schedule fires within its minute, so a 30 s speech may run
 * long (docs/scale.md compares the two). The application creates the schedules (functions/adapters);
 * this construct owns the group they live in, the role the service invokes the deadline function with,
 * and the scheduler function's right to create schedules in that group, and nothing more.
 */
export class ScheduledDeadlines extends Construct implements DeadlineScheduling {
  readonly group: ScheduleGroup;
  readonly invokeRole: Role;

  constructor(scope: Construct, id: string, props: DeadlineSchedulingProps) {
    super(scope, id);
    this.group = new ScheduleGroup(this, 'Group');
    this.invokeRole = new Role(this, 'InvokeRole', {
      // Only schedules of this account may act through it (the confused-deputy guard AWS recommends).
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
      description: 'EventBridge Scheduler invokes the deadline function',
    });
    props.deadlineHandler.grantInvoke(this.invokeRole);
    // Schedules are resources of their own (`schedule/<group>/<name>`): the right is on this group's only.
    Grant.addToPrincipal({
      grantee: props.scheduler,
      actions: ['scheduler:CreateSchedule'],
      resourceArns: [
        Stack.of(this).formatArn({
          service: 'scheduler',
          resource: 'schedule',
          resourceName: `${this.group.scheduleGroupName}/*`,
        }),
      ],
    });
    this.invokeRole.grantPassRole(props.scheduler.grantPrincipal);
    props.scheduler.addEnvironment('SCHEDULE_GROUP', this.group.scheduleGroupName);
    props.scheduler.addEnvironment('SCHEDULER_ROLE_ARN', this.invokeRole.roleArn);
    props.scheduler.addEnvironment('DEADLINE_FUNCTION_ARN', props.deadlineHandler.functionArn);
  }

  get alarmSignals(): readonly AlarmSignal[] {
    return [
      {
        id: 'FailedDeadlines',
        metric: this.group.metricTargetErrors({ period, statistic: 'Sum' }),
        description: 'A deadline schedule could not invoke the deadline function: the sweeper will fire it.',
      },
      {
        id: 'DroppedDeadlines',
        metric: this.group.metricDropped({ period, statistic: 'Sum' }),
        description: 'EventBridge Scheduler gave up on a deadline: its phase waits for the sweeper.',
      },
      {
        id: 'ThrottledDeadlineStarts',
        metric: this.group.metricTargetThrottled({ period, statistic: 'Sum' }),
        description: 'Invoking the deadline function was throttled (its reserved concurrency is too low).',
      },
    ];
  }

  get activityMetrics() {
    return [this.group.metricAttempts({ period, statistic: 'Sum' })];
  }
}

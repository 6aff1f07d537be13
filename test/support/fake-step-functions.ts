import { FakeAwsService, type FakeRequest, type Reply } from './fake-aws-service.js';

export interface FakeExecution {
  name: string;
  stateMachineArn: string;
  input: string;
  status: 'RUNNING' | 'SUCCEEDED';
}

/**
 * Just enough of the Step Functions JSON protocol (awsJson1_0, `X-Amz-Target: AWSStepFunctions.<Op>`) for
 * the scheduler's contract test: StartExecution with the service's name rules. A name is unique per state
 * machine: reusing it for a running execution with the same input returns that execution; otherwise (a
 * finished execution, or another input) it is `ExecutionAlreadyExists`. `failNext` makes the next call fail
 * with a given error type.
 */
export class FakeStepFunctions extends FakeAwsService {
  readonly executions: FakeExecution[] = [];

  constructor() {
    super('application/x-amz-json-1.0');
  }

  protected handle(request: FakeRequest, reply: Reply): void {
    const target = String(request.headers['x-amz-target'] ?? '');
    const body = JSON.parse(request.body || '{}') as Record<string, string>;
    if (target !== 'AWSStepFunctions.StartExecution') {
      return reply(
        400,
        { __type: 'UnknownOperationException', message: target },
        'UnknownOperationException',
      );
    }
    const { stateMachineArn, name, input } = body;
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(name ?? '')) {
      return reply(400, { __type: 'InvalidName', message: `bad name ${name}` }, 'InvalidName');
    }
    const same = this.executions.find((e) => e.stateMachineArn === stateMachineArn && e.name === name);
    if (same && (same.status !== 'RUNNING' || same.input !== input)) {
      return reply(
        400,
        { __type: 'ExecutionAlreadyExists', message: `Execution Already Exists: '${name}'` },
        'ExecutionAlreadyExists',
      );
    }
    if (!same) this.executions.push({ name, stateMachineArn, input, status: 'RUNNING' });
    reply(200, {
      executionArn: `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`,
      startDate: Date.now() / 1000,
    });
  }

  /** Every execution runs to its end (the Wait elapsed and the task ran). */
  finishAll(): void {
    for (const e of this.executions) e.status = 'SUCCEEDED';
  }
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
export class FakeStepFunctions {
  readonly executions: FakeExecution[] = [];
  private failure: { type: string; status: number } | null = null;
  private server: Server | null = null;
  endpoint = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const target = String(req.headers['x-amz-target'] ?? '');
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, string>;
        const reply = (status: number, payload: object, errorType?: string) => {
          res.writeHead(status, {
            'content-type': 'application/x-amz-json-1.0',
            ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
          });
          res.end(JSON.stringify(payload));
        };
        if (this.failure) {
          const { type, status } = this.failure;
          this.failure = null;
          return reply(status, { __type: type, message: `${type} (fake)` }, type);
        }
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
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.endpoint = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Every execution runs to its end (the Wait elapsed and the task ran). */
  finishAll(): void {
    for (const e of this.executions) e.status = 'SUCCEEDED';
  }

  failNext(type: string, status = 400): void {
    this.failure = { type, status };
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }
}

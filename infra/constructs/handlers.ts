import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { HandlerFunction } from './handler-function.js';

interface Sizing {
  readonly memorySize: number;
  readonly timeout: Duration;
}

export interface GameHandlersProps {
  /** Folder holding connect.ts, disconnect.ts, default.ts, projector.ts and deadline.ts. */
  readonly handlersDir: string;
  readonly table: ITable;
  readonly logRetention?: RetentionDays;
}

/**
 * The five Lambda functions of the backend. Each gets TABLE_NAME here; the constructs that connect a
 * function to something else (the WebSocket API, the deadline state machine) add the variables they own.
 */
export class GameHandlers extends Construct {
  readonly connect: HandlerFunction;
  readonly disconnect: HandlerFunction;
  readonly defaultRoute: HandlerFunction;
  readonly projector: HandlerFunction;
  readonly deadline: HandlerFunction;

  constructor(scope: Construct, id: string, props: GameHandlersProps) {
    super(scope, id);
    const make = (name: string, file: string, sizing: Sizing): HandlerFunction => {
      const fn = new HandlerFunction(this, name, {
        entry: join(props.handlersDir, file),
        environment: { TABLE_NAME: props.table.tableName },
        logRetention: props.logRetention,
        ...sizing,
      });
      // Every handler reads the log and appends to it (commits, connections, room codes).
      props.table.grantReadWriteData(fn);
      return fn;
    };
    this.connect = make('Connect', 'connect.ts', { memorySize: 512, timeout: Duration.seconds(5) });
    this.disconnect = make('Disconnect', 'disconnect.ts', { memorySize: 512, timeout: Duration.seconds(5) });
    // API Gateway gives an integration 29 s; a command is a load, a decide and one conditional put.
    this.defaultRoute = make('DefaultRoute', 'default.ts', {
      memorySize: 1024,
      timeout: Duration.seconds(10),
    });
    // One commit can fan out to every seat, host and spectator of a room.
    this.projector = make('Projector', 'projector.ts', { memorySize: 1024, timeout: Duration.seconds(60) });
    this.deadline = make('Deadline', 'deadline.ts', { memorySize: 512, timeout: Duration.seconds(10) });
  }

  get all(): readonly HandlerFunction[] {
    return [this.connect, this.disconnect, this.defaultRoute, this.projector, this.deadline];
  }
}

import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { HandlerFunction } from './handler-function.js';

type TableAction = 'GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'Query';

interface HandlerSpec {
  readonly file: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  /** Exactly the table actions the handler's code issues; none means it gets no TABLE_NAME either. */
  readonly tableActions: readonly TableAction[];
  /**
   * Actions allowed only on items whose partition key starts with one of these prefixes
   * (`dynamodb:LeadingKeys`), for a function that must never write a commit.
   */
  readonly leadingKeys?: Partial<Record<TableAction, readonly string[]>>;
}

/**
 * What each handler does to the table (see functions/adapters/dynamo/table.ts). No Scan, no batch writes:
 * nothing deployed reads the table whole, and a leaked key cannot empty it in bulk.
 */
export const handlerSpecs = {
  // Nothing is stored on connect: a socket is anonymous until create, join or resume binds it.
  connect: { file: 'connect.ts', memorySize: 512, timeout: Duration.seconds(5), tableActions: [] },
  // Forgets the connection's two items; a spectator's leaving also raises his game's audience rev and
  // reads the new count and the game's connections, to send the count to all of them.
  disconnect: {
    file: 'disconnect.ts',
    memorySize: 512,
    timeout: Duration.seconds(5),
    tableActions: ['GetItem', 'DeleteItem', 'UpdateItem', 'Query'],
  },
  // API Gateway gives an integration 29 s; a command is a load, a decide and one conditional put (plus
  // backoff when racing). Rooms, tokens, bindings and push subscriptions are gets, puts and deletes; a
  // spectator's binding raises his game's audience rev, and a lobby found abandoned marks its code freed.
  // A tournament is one item, read and put by its revision.
  default: {
    file: 'default.ts',
    memorySize: 1024,
    timeout: Duration.seconds(10),
    tableActions: ['GetItem', 'PutItem', 'Query', 'DeleteItem', 'UpdateItem'],
  },
  // One commit can fan out to every seat, host and spectator of a room. It reads the game and its
  // connections, forgets gone ones, notes each armed deadline in the book, frees a finished game's room
  // code (a get of the code it holds, a delete and an update that keeps it as the game's last), and
  // queries a new phase's push subscriptions, forgetting those the push service dropped. A spectator's
  // socket found gone raises the audience rev.
  projector: {
    file: 'projector.ts',
    memorySize: 1024,
    timeout: Duration.seconds(60),
    tableActions: ['GetItem', 'Query', 'PutItem', 'DeleteItem', 'UpdateItem'],
    // It puts only deadline book items and deletes only connections, subscriptions and room codes (some in
    // the game's partition): a projector bug or a leaked role cannot put a forged commit over a real one.
    leadingKeys: { PutItem: ['DUE#'], DeleteItem: ['CONN#', 'GAME#', 'ROOM#', 'PUSH#'] },
  },
  // Reads the game, appends `timeUp` (checking the commit before it when unknown), rewrites the game's
  // head with the next deadline, and clears the deadline from the book once handled.
  deadline: {
    file: 'deadline.ts',
    memorySize: 512,
    timeout: Duration.seconds(10),
    tableActions: ['GetItem', 'Query', 'PutItem', 'DeleteItem', 'UpdateItem'],
  },
  // Every minute: reads the book's last minutes and fires what is overdue, like the deadline function
  // (several games at once), then queries the heads' index for games hung past their deadline.
  sweeper: {
    file: 'sweeper.ts',
    memorySize: 512,
    timeout: Duration.seconds(50),
    tableActions: ['GetItem', 'Query', 'PutItem', 'DeleteItem', 'UpdateItem'],
  },
} as const satisfies Record<string, HandlerSpec>;

export type HandlerName = keyof typeof handlerSpecs;

export interface GameHandlersProps {
  /** Folder holding connect.ts, disconnect.ts, default.ts, projector.ts, deadline.ts and sweeper.ts. */
  readonly handlersDir: string;
  readonly table: ITable;
  readonly logRetention?: RetentionDays;
  /**
   * Concurrency reserved for the functions that keep games moving, so a flood of `$default` messages cannot
   * take every execution slot of the account from them. The projector needs one per shard and
   * parallelization slot of the stream (see Projector).
   */
  readonly reservedConcurrency?: { readonly projector?: number; readonly deadline?: number };
}

/**
 * The Lambda functions of the backend. Each gets TABLE_NAME and exactly its table actions here; the
 * constructs that connect a function to something else (the WebSocket API, the deadline scheduler) add
 * the variables and rights they own.
 */
export class GameHandlers extends Construct {
  readonly connect: HandlerFunction;
  readonly disconnect: HandlerFunction;
  readonly defaultRoute: HandlerFunction;
  readonly projector: HandlerFunction;
  readonly deadline: HandlerFunction;
  readonly sweeper: HandlerFunction;

  constructor(scope: Construct, id: string, props: GameHandlersProps) {
    super(scope, id);
    const reserved = props.reservedConcurrency ?? {};
    const make = (name: string, spec: HandlerSpec, reservedConcurrentExecutions?: number) => {
      const uses = spec.tableActions.length > 0;
      const fn = new HandlerFunction(this, name, {
        entry: join(props.handlersDir, spec.file),
        environment: uses ? { TABLE_NAME: props.table.tableName } : {},
        logRetention: props.logRetention,
        memorySize: spec.memorySize,
        timeout: spec.timeout,
        reservedConcurrentExecutions,
      });
      const narrowed = spec.leadingKeys ?? {};
      const open = spec.tableActions.filter((action) => narrowed[action] === undefined);
      if (open.length > 0) props.table.grant(fn, ...open.map((action) => `dynamodb:${action}`));
      for (const [action, prefixes] of Object.entries(narrowed)) {
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: [`dynamodb:${action}`],
            resources: [props.table.tableArn],
            conditions: {
              'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': prefixes.map((prefix) => `${prefix}*`) },
            },
          }),
        );
      }
      return fn;
    };
    this.connect = make('Connect', handlerSpecs.connect);
    this.disconnect = make('Disconnect', handlerSpecs.disconnect);
    this.defaultRoute = make('DefaultRoute', handlerSpecs.default);
    this.projector = make('Projector', handlerSpecs.projector, reserved.projector ?? 100);
    this.deadline = make('Deadline', handlerSpecs.deadline, reserved.deadline ?? 50);
    // One sweep at a time: two would fire the same overdue deadlines (harmlessly, but twice the reads).
    this.sweeper = make('Sweeper', handlerSpecs.sweeper, 1);
    new Rule(this, 'EveryMinute', {
      description: 'Fires deadlines whose timers were lost',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.sweeper, { retryAttempts: 0 })],
    });
  }

  get all(): readonly HandlerFunction[] {
    return [this.connect, this.disconnect, this.defaultRoute, this.projector, this.deadline, this.sweeper];
  }
}

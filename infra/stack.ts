import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Alarms } from './constructs/alarms.js';
import { Deadlines } from './constructs/deadlines.js';
import { EventsTable } from './constructs/events-table.js';
import { GameHandlers } from './constructs/handlers.js';
import { Projector } from './constructs/projector.js';
import { WebHosting } from './constructs/web-hosting.js';
import { GameWebSocketApi } from './constructs/websocket-api.js';

export interface SleepingCityStackProps extends StackProps {
  /** Folder of the Lambda entry files: connect.ts, disconnect.ts, default.ts, projector.ts, deadline.ts. */
  readonly handlersDir: string;
  /** The built PWA; uploaded only if it exists when the app is synthesized. */
  readonly webDistDir: string;
  /** Mailed when an alarm fires or clears. */
  readonly alarmEmail?: string;
}

/** The whole deployment: socket API → handlers → event log → projector and deadlines, plus the PWA. */
export class SleepingCityStack extends Stack {
  readonly events: EventsTable;
  readonly handlers: GameHandlers;
  readonly socket: GameWebSocketApi;
  readonly projector: Projector;
  readonly deadlines: Deadlines;
  readonly web: WebHosting;
  readonly alarms: Alarms;

  constructor(scope: Construct, id: string, props: SleepingCityStackProps) {
    super(scope, id, props);
    this.events = new EventsTable(this, 'Events');
    const { table } = this.events;
    this.handlers = new GameHandlers(this, 'Handlers', { handlersDir: props.handlersDir, table });
    const { connect, disconnect, defaultRoute, projector, deadline } = this.handlers;

    this.socket = new GameWebSocketApi(this, 'Socket', {
      connectHandler: connect,
      disconnectHandler: disconnect,
      defaultHandler: defaultRoute,
      // $default answers the sender; the projector sends everyone their view. $connect must not post.
      posters: [defaultRoute, projector],
    });
    this.projector = new Projector(this, 'Projector', { projector, table });
    this.deadlines = new Deadlines(this, 'Deadlines', { deadlineHandler: deadline, scheduler: projector });
    this.web = new WebHosting(this, 'Web', { webDistDir: props.webDistDir, wsUrl: this.socket.url });
    this.alarms = new Alarms(this, 'Alarms', {
      functions: { connect, disconnect, default: defaultRoute, projector, deadline },
      deadLetterQueue: this.projector.deadLetterQueue,
      stateMachine: this.deadlines.stateMachine,
      email: props.alarmEmail,
    });

    new CfnOutput(this, 'WebUrl', { value: this.web.url, description: 'The PWA' });
    new CfnOutput(this, 'WebSocketUrl', { value: this.socket.url, description: 'The socket the PWA opens' });
    new CfnOutput(this, 'TableName', { value: table.tableName, description: 'The game log (retained)' });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.alarms.topic.topicArn,
      description: 'Alarm notifications',
    });
  }
}

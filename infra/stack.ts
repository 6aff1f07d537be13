import { join } from 'node:path';
import { CfnOutput, type Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { DeadlineScheduling } from './constructs/alarm-signal.js';
import { Alarms } from './constructs/alarms.js';
import { GameDashboard } from './constructs/dashboard.js';
import { Deadlines } from './constructs/deadlines.js';
import { EventsTable } from './constructs/events-table.js';
import { GameLogDownload } from './constructs/game-log-download.js';
import { GameHandlers } from './constructs/handlers.js';
import { LogSigningKey } from './constructs/log-signing-key.js';
import { Projector } from './constructs/projector.js';
import { ScheduledDeadlines } from './constructs/scheduled-deadlines.js';
import { WebHosting } from './constructs/web-hosting.js';
import { WebPush } from './constructs/web-push.js';
import { type AccessLogs, GameWebSocketApi } from './constructs/websocket-api.js';

/** Which service runs the phase timers: Step Functions (to the second) or EventBridge Scheduler. */
export type DeadlineService = 'stepFunctions' | 'scheduler';

export interface SleepingCityStackProps extends StackProps {
  /**
   * Folder of the Lambda entry files: connect, disconnect, default, projector, deadline, sweeper and
   * game-log (.ts).
   */
  readonly handlersDir: string;
  /** The built PWA; uploaded only if it exists when the app is synthesized. */
  readonly webDistDir: string;
  /** Mailed when an alarm fires or clears. */
  readonly alarmEmail?: string;
  /** Step Functions unless said otherwise; see docs/scale.md for the trade. */
  readonly deadlineService?: DeadlineService;
  /** Rooms playing at once the deployment is sized for (the socket's throttle); default 10,000. */
  readonly targetRooms?: number;
  /**
   * Origins whose pages may open game sockets besides the site's CloudFront address, e.g. a custom domain
   * in front of it (`https://play.example`).
   */
  readonly allowedOrigins?: readonly string[];
  /** How long a read-only link to a finished game opens it, in whole days; default 30 days. */
  readonly readLinkTtl?: Duration;
  /** The socket's access logs; off unless said (they need the account-wide API Gateway log role). */
  readonly apiAccessLogs?: AccessLogs;
  /** The account's Lambda concurrency quota in the region, for the alarm that warns before it runs out. */
  readonly accountConcurrency?: number;
}

/** The whole deployment: socket API → handlers → event log → projector and deadlines, plus the PWA. */
export class SleepingCityStack extends Stack {
  readonly events: EventsTable;
  readonly handlers: GameHandlers;
  readonly socket: GameWebSocketApi;
  readonly projector: Projector;
  readonly deadlines: (Deadlines | ScheduledDeadlines) & DeadlineScheduling;
  readonly gameLog: GameLogDownload;
  readonly logKey: LogSigningKey;
  readonly push: WebPush;
  readonly web: WebHosting;
  readonly alarms: Alarms;
  readonly dashboard: GameDashboard;

  constructor(scope: Construct, id: string, props: SleepingCityStackProps) {
    super(scope, id, props);
    this.events = new EventsTable(this, 'Events');
    const { table } = this.events;
    this.handlers = new GameHandlers(this, 'Handlers', { handlersDir: props.handlersDir, table });
    const { connect, disconnect, defaultRoute, projector, deadline, sweeper } = this.handlers;

    this.socket = new GameWebSocketApi(this, 'Socket', {
      connectHandler: connect,
      disconnectHandler: disconnect,
      defaultHandler: defaultRoute,
      // $default answers the sender; the projector sends everyone their view; $disconnect tells a table
      // that a spectator left. $connect must not post.
      posters: [defaultRoute, projector, disconnect],
      targetRooms: props.targetRooms,
      accessLogs: props.apiAccessLogs,
    });
    this.projector = new Projector(this, 'Projector', { projector, table });
    const timers = { deadlineHandler: deadline, scheduler: projector };
    this.deadlines =
      props.deadlineService === 'scheduler'
        ? new ScheduledDeadlines(this, 'ScheduledDeadlines', timers)
        : new Deadlines(this, 'Deadlines', timers);
    this.push = new WebPush(this, 'Push', { keyReaders: [defaultRoute, projector] });
    this.gameLog = new GameLogDownload(this, 'GameLog', {
      entry: join(props.handlersDir, 'game-log.ts'),
      table,
      readLinkTtl: props.readLinkTtl,
    });
    this.logKey = new LogSigningKey(this, 'LogSigningKey', {
      signers: [defaultRoute, deadline, sweeper, this.gameLog.handler],
    });
    this.web = new WebHosting(this, 'Web', {
      webDistDir: props.webDistDir,
      wsUrl: this.socket.url,
      logUrl: this.gameLog.url.url,
    });
    this.socket.allowOrigins(this.web.url, ...(props.allowedOrigins ?? []));
    const watched = {
      functions: {
        connect,
        disconnect,
        default: defaultRoute,
        projector,
        deadline,
        sweeper,
        gameLog: this.gameLog.handler,
      },
      projector,
      deadLetterQueue: this.projector.deadLetterQueue,
      deadlines: this.deadlines,
      stage: this.socket.stage,
      table,
    };
    this.alarms = new Alarms(this, 'Alarms', {
      ...watched,
      signals: [...this.push.alarmSignals, ...this.logKey.alarmSignals],
      email: props.alarmEmail,
      accountConcurrency: props.accountConcurrency,
    });
    this.dashboard = new GameDashboard(this, 'Dashboard', watched);

    new CfnOutput(this, 'WebUrl', { value: this.web.url, description: 'The PWA' });
    new CfnOutput(this, 'WebSocketUrl', { value: this.socket.url, description: 'The socket the PWA opens' });
    new CfnOutput(this, 'GameLogUrl', {
      value: this.gameLog.url.url,
      description: "Finished games' logs for their participants (the PWA reads it from config.json)",
    });
    new CfnOutput(this, 'LogKeyUrl', {
      value: `${this.gameLog.url.url}api/log-key`,
      description: "The deployment's public key that checks its logs' seals (mafia audit --key)",
    });
    new CfnOutput(this, 'LogSigningKeySecretArn', {
      value: this.logKey.secret.secretArn,
      description: 'The log signing key (mafia export --table … --log-key-secret)',
    });
    new CfnOutput(this, 'TableName', { value: table.tableName, description: 'The game log (retained)' });
    new CfnOutput(this, 'VapidSecretArn', {
      value: this.push.secret.secretArn,
      description: 'Where the Web Push VAPID keys go (docs/deploy.md)',
    });
    // What `mafia rearm` and `mafia redrive` arm timers with (docs/operations.md).
    if (this.deadlines instanceof Deadlines) {
      new CfnOutput(this, 'DeadlineStateMachineArn', {
        value: this.deadlines.stateMachine.stateMachineArn,
        description: 'The phase timers (mafia rearm --state-machine)',
      });
    } else {
      const { group, invokeRole } = this.deadlines;
      new CfnOutput(this, 'DeadlineScheduleGroup', { value: group.scheduleGroupName });
      new CfnOutput(this, 'DeadlineSchedulerRoleArn', { value: invokeRole.roleArn });
      new CfnOutput(this, 'DeadlineFunctionArn', { value: deadline.functionArn });
    }
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.alarms.topic.topicArn,
      description: 'Alarm notifications',
    });
  }
}

import type { Context, DynamoDBRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CountingMeter } from '../../functions/adapters/memory/meter.js';
import type { App } from '../../functions/app/app.js';
import type { LogLine } from '../../functions/app/log.js';
import { deadlineHandler } from '../../functions/handlers/routes/deadline.js';
import { defaultHandler } from '../../functions/handlers/routes/default.js';
import { projectorHandler } from '../../functions/handlers/routes/projector.js';
import type { WsEvent } from '../../functions/middleware/ws-event.js';
import { Metric } from '../../functions/observability/metric-names.js';
import { AppHarness } from '../support/app-harness.js';

const context = {} as Context;

function message(body: string, connectionId = 'conn-1', base64 = false): WsEvent {
  return {
    requestContext: { routeKey: '$default', connectionId, eventType: 'MESSAGE' },
    body: base64 ? Buffer.from(body).toString('base64') : body,
    isBase64Encoded: base64,
  };
}

function givenMessageHandler(app?: App) {
  const h = new AppHarness();
  const logs: LogLine[] = [];
  const handler = defaultHandler(app ?? h.app, h.fanOut, (line) => logs.push(line));
  h.fanOut.open('conn-1');
  return { h, logs, handler };
}

describe('$default handler pipeline', () => {
  it('given a create frame, when handled, then the reply is posted to the sender and one log line is written', async () => {
    const { h, logs, handler } = givenMessageHandler();
    const response = await handler(
      message(JSON.stringify({ action: 'create', settings: {}, name: 'Hana' })),
      context,
    );
    expect(response).toEqual({ statusCode: 200 });
    expect(h.fanOut.sent('conn-1').map((f) => f.type)).toEqual(['created', 'view']);
    expect(logs).toEqual([
      expect.objectContaining({
        action: 'create',
        outcome: 'created',
        game: 'game-1',
        connection: 'conn-1…',
        ms: expect.any(Number),
      }),
    ]);
  });

  it('given a command, when handled, then its log line names game, command id, type, outcome and latency', async () => {
    const { h, logs, handler } = givenMessageHandler();
    await handler(message(JSON.stringify({ action: 'create', settings: {}, name: 'Hana' })), context);
    await handler(
      message(JSON.stringify({ action: 'command', commandId: 'go-1', command: { type: 'start' } })),
      context,
    );
    expect(h.fanOut.sent('conn-1').at(-1)).toMatchObject({
      type: 'rejected',
      commandId: 'go-1',
      code: 'not_enough_players',
    });
    expect(logs.at(-1)).toEqual(
      expect.objectContaining({
        action: 'command',
        game: 'game-1',
        commandId: 'go-1',
        type: 'start',
        outcome: 'not_enough_players',
        ms: expect.any(Number),
      }),
    );
  });

  it.each([
    ['x'.repeat(33 * 1024), 'too_large'],
    ['{"action": "ping"', 'bad_json'],
    ['[1, 2]', 'bad_frame'],
    ['{"action": "dance"}', 'unknown_action'],
    ['{"action": "join", "code": "??", "name": "A"}', 'bad_frame'],
    ['{"action": "resume", "gameId": "g", "token": "short"}', 'bad_frame'],
  ])('given the frame %#, when handled, then an error frame %s is posted and logged', async (body, code) => {
    const { h, logs, handler } = givenMessageHandler();
    expect(await handler(message(body), context)).toEqual({ statusCode: 200 });
    expect(h.fanOut.sent('conn-1')).toEqual([expect.objectContaining({ type: 'error', code })]);
    expect(logs).toEqual([expect.objectContaining({ outcome: code })]);
  });

  it('given a base64 body, when handled, then it is decoded first', async () => {
    const { h, handler } = givenMessageHandler();
    await handler(message('{"action":"ping"}', 'conn-1', true), context);
    expect(h.fanOut.sent('conn-1')).toEqual([{ type: 'pong' }]);
  });

  it('given the service fails, when handled, then the client gets an internal error frame and the log the cause', async () => {
    const meter = new CountingMeter();
    const failing = {
      handleFrame: vi.fn().mockRejectedValue(new Error('disk on fire')),
      deps: { meter },
    } as unknown as App;
    const { h, logs, handler } = givenMessageHandler(failing);
    expect(await handler(message('{"action":"sync"}'), context)).toEqual({ statusCode: 200 });
    expect(h.fanOut.sent('conn-1')).toEqual([
      { type: 'error', code: 'internal', message: 'the server could not handle that frame' },
    ]);
    expect(logs.map((l) => l.outcome ?? l.level)).toEqual(['error', 'internal']);
    expect(JSON.stringify(logs[0])).toContain('disk on fire');
    // API Gateway saw a 200: this count is what the CommandErrors alarm watches.
    expect(meter.get(Metric.commandFailed)).toBe(1);
  });
});

function commitRecord(gameId: string, seq: number, sequenceNumber: string): DynamoDBRecord {
  return {
    eventName: 'INSERT',
    dynamodb: {
      SequenceNumber: sequenceNumber,
      NewImage: {
        kind: { S: 'commit' },
        gameId: { S: gameId },
        seq: { N: String(seq) },
        pk: { S: `GAME#${gameId}` },
      },
    },
  };
}

describe('projector handler', () => {
  it('given a batch over two games, when one game fails, then only its records are reported failed', async () => {
    const project = vi.fn(async (gameId: string, seq: number) => {
      if (gameId === 'bad') throw new Error('post failed');
      return { kind: 'sent' as const, version: seq, sent: 3, gone: 0, failed: 0, armed: false };
    });
    const logs: LogLine[] = [];
    const handler = projectorHandler({ project }, (line) => logs.push(line));
    const connection: DynamoDBRecord = {
      eventName: 'INSERT',
      dynamodb: { SequenceNumber: '9', NewImage: { kind: { S: 'connection' }, pk: { S: 'CONN#x' } } },
    };
    const result = await handler(
      {
        Records: [
          commitRecord('good', 4, '1'),
          commitRecord('bad', 7, '2'),
          commitRecord('good', 5, '3'),
          connection,
          commitRecord('bad', 8, '4'),
        ],
      },
      context,
    );
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: '2' }, { itemIdentifier: '4' }] });
    // Each game once, from its oldest commit in the batch to its newest.
    expect(project.mock.calls.sort()).toEqual([
      ['bad', 8, 7],
      ['good', 5, 4],
    ]);
    expect(logs.map((l) => [l.game, l.outcome])).toEqual(
      expect.arrayContaining([
        ['good', 'sent'],
        ['bad', 'failed'],
      ]),
    );
  });
});

describe('deadline handler', () => {
  it('given the state machine input with an RFC 3339 time, when run, then the deadline fires at that time in ms', async () => {
    const fireDeadline = vi.fn(async () => 'fired' as const);
    const logs: LogLine[] = [];
    const handler = deadlineHandler({ fireDeadline }, (line) => logs.push(line));
    const result = await handler(
      { gameId: 'g-1', deadlineId: 'd1.vote.3', at: '2026-01-01T10:00:01Z' },
      context,
    );
    expect(result).toEqual({ outcome: 'fired' });
    expect(fireDeadline).toHaveBeenCalledWith({
      gameId: 'g-1',
      deadlineId: 'd1.vote.3',
      at: Date.UTC(2026, 0, 1, 10, 0, 1),
    });
    expect(logs).toEqual([
      expect.objectContaining({ action: 'deadline', game: 'g-1', type: 'timeUp', outcome: 'fired' }),
    ]);
  });

  it('given a malformed input, when run, then the task fails and nothing fires', async () => {
    const fireDeadline = vi.fn();
    const handler = deadlineHandler({ fireDeadline }, () => {});
    await expect(handler({ gameId: 'g-1', at: 'tomorrow' }, context)).rejects.toThrow(/bad deadline input/);
    expect(fireDeadline).not.toHaveBeenCalled();
  });
});

describe('handler entry modules', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    vi.resetModules();
  });

  it('given the environment CDK sets, when each entry is imported, then it exports a handler', async () => {
    Object.assign(process.env, {
      TABLE_NAME: 'events',
      WS_ENDPOINT: 'https://abc.execute-api.eu-west-1.amazonaws.com/prod',
      STATE_MACHINE_ARN: 'arn:aws:states:eu-west-1:1:stateMachine:D',
      ALLOWED_ORIGINS: 'https://d111111abcdef8.cloudfront.net',
      AWS_REGION: 'eu-west-1',
    });
    const entries = {
      connect: () => import('../../functions/handlers/connect.js'),
      disconnect: () => import('../../functions/handlers/disconnect.js'),
      default: () => import('../../functions/handlers/default.js'),
      projector: () => import('../../functions/handlers/projector.js'),
      deadline: () => import('../../functions/handlers/deadline.js'),
      sweeper: () => import('../../functions/handlers/sweeper.js'),
    };
    for (const [name, load] of Object.entries(entries)) {
      expect(typeof (await load()).handler, name).toBe('function');
    }
  });

  it('given no TABLE_NAME, when an entry that needs the table is imported, then it fails at once and says why', async () => {
    delete process.env.TABLE_NAME;
    await expect(import('../../functions/handlers/deadline.js')).rejects.toThrow(/TABLE_NAME is not set/);
  });

  it('given no ALLOWED_ORIGINS, when the $connect entry is imported, then it fails at once and says why', async () => {
    delete process.env.ALLOWED_ORIGINS;
    await expect(import('../../functions/handlers/connect.js')).rejects.toThrow(/ALLOWED_ORIGINS is not set/);
  });
});

import { generateKeyPairSync } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { ed25519Signer } from '../../functions/adapters/signing/ed25519.js';
import {
  DEFAULT_READ_LINK_TTL_SECONDS,
  type LogAccessPorts,
  readLinkTtlFromEnv,
  signedReadToken,
} from '../../functions/app/log-access.js';
import { hashToken } from '../../functions/app/tokens.js';
import { logAccessFromEnv } from '../../functions/compose/aws.js';
import { gameLogHandler } from '../../functions/handlers/routes/game-log.js';

const gameId = 'g-1';
const day = 24 * 3600 * 1000;
const context = {} as Context;

/**
 * The download's ports around one game whose host holds `hostToken`. The log is empty: a token that gets as
 * far as reading it is answered `no_game`, one refused before that never reads it.
 */
function givenGame(readLinkTtlSeconds?: number) {
  const hostToken = 'host-secret.1';
  // A clock that stands still until the test moves it.
  let now = Date.parse('2026-12-01T20:00:00Z');
  const clock = { now: () => now, jumpTo: (at: number) => (now = at) };
  const ports: LogAccessPorts = {
    store: { read: async () => [] },
    directory: {
      seatForToken: async (game, hash) => (game === gameId && hash === hashToken(hostToken) ? 'host' : null),
    },
    linkKey: 'a key of the deployment',
    clock,
    readLinkTtlSeconds,
    signer: ed25519Signer(() => generateKeyPairSync('ed25519').privateKey),
  };
  const handler = gameLogHandler(ports, () => {});
  const call = async (path: string, token: string, method = 'GET') =>
    (await handler(functionUrlEvent(method, path, token), context)) as APIGatewayProxyStructuredResultV2;
  const makeLink = async () => {
    const answer = await call(`/api/games/${gameId}/read-link`, hostToken, 'POST');
    expect(answer.statusCode).toBe(200);
    return JSON.parse(answer.body ?? '') as { gameId: string; token: string; expiresAt: string };
  };
  const readLog = (token: string) => call(`/api/games/${gameId}/log`, token);
  return { clock, makeLink, readLog };
}

/** A request as a Lambda function URL hands it over. */
function functionUrlEvent(method: string, rawPath: string, token: string): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString: '',
    headers: { authorization: `Bearer ${token}`, host: 'abc.lambda-url.eu-west-1.on.aws' },
    requestContext: {
      accountId: 'anonymous',
      apiId: 'abc',
      domainName: 'abc.lambda-url.eu-west-1.on.aws',
      domainPrefix: 'abc',
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'test' },
      requestId: 'r-1',
      routeKey: '$default',
      stage: '$default',
      time: '01/Dec/2026:20:00:00 +0000',
      timeEpoch: Date.parse('2026-12-01T20:00:00Z'),
    },
    isBase64Encoded: false,
  };
}

const bodyOf = (answer: APIGatewayProxyStructuredResultV2) => JSON.parse(answer.body ?? '') as unknown;

describe('read-only links expire', () => {
  it('given a link the host just made, then it says when it expires, 30 days on, and the token carries that time', async () => {
    const { clock, makeLink } = givenGame();
    const link = await makeLink();
    expect(Date.parse(link.expiresAt)).toBe(clock.now() + 30 * day);
    expect(DEFAULT_READ_LINK_TTL_SECONDS).toBe(30 * 24 * 3600);
    expect(link.token).toBe(`read.${(clock.now() + 30 * day) / 1000}.${link.token.split('.')[2]}`);
    expect(link.token).toMatch(/^read\.\d+\.[A-Za-z0-9_-]{43}$/);
  });

  it('given a link, when it is used a second before it expires, then it opens the game; at its expiry, it is refused and says when it expired', async () => {
    const { clock, makeLink, readLog } = givenGame();
    const link = await makeLink();
    clock.jumpTo(Date.parse(link.expiresAt) - 1000);
    // The log of this stand-in game is empty: getting as far as `no_game` means the link was taken.
    expect(bodyOf(await readLog(link.token))).toMatchObject({ code: 'no_game' });
    clock.jumpTo(Date.parse(link.expiresAt));
    const expired = await readLog(link.token);
    expect(expired.statusCode).toBe(403);
    expect(bodyOf(expired)).toEqual({
      code: 'link_expired',
      message: `this read-only link expired on ${link.expiresAt}: ask the host for a new one`,
    });
  });

  it('given a lifetime set to a day, when a link is two days old, then it is refused; a new link opens again', async () => {
    const { clock, makeLink, readLog } = givenGame(24 * 3600);
    const first = await makeLink();
    expect(Date.parse(first.expiresAt)).toBe(clock.now() + day);
    clock.jumpTo(clock.now() + 2 * day);
    expect(bodyOf(await readLog(first.token))).toMatchObject({ code: 'link_expired' });
    const second = await makeLink();
    expect(bodyOf(await readLog(second.token))).toMatchObject({ code: 'no_game' });
  });

  it('given a link whose expiry was pushed later by hand, then its signature no longer holds and it opens nothing', async () => {
    const { makeLink, readLog } = givenGame();
    const link = await makeLink();
    const [, expiry, signature] = link.token.split('.');
    const forged = `read.${Number(expiry) + 365 * 24 * 3600}.${signature}`;
    const answer = await readLog(forged);
    expect(answer.statusCode).toBe(401);
    expect(bodyOf(answer)).toMatchObject({ code: 'bad_token' });
  });

  it('given an expired link signed with another key or for another game, then it is a bad token, not an expired link', async () => {
    const { clock, readLog } = givenGame();
    const past = Math.floor(clock.now() / 1000) - 60;
    for (const token of [
      signedReadToken('another key', gameId, past),
      signedReadToken('a key of the deployment', 'g-2', past),
    ]) {
      expect(bodyOf(await readLog(token))).toMatchObject({ code: 'bad_token' });
    }
    expect(bodyOf(await readLog(signedReadToken('a key of the deployment', gameId, past)))).toMatchObject({
      code: 'link_expired',
    });
  });

  it('given a link of the form that never expired (no time in it), then it is refused', async () => {
    const { readLog } = givenGame();
    const answer = await readLog(`read.${'A'.repeat(43)}`);
    expect(answer.statusCode).toBe(401);
    expect(bodyOf(answer)).toMatchObject({ code: 'bad_token' });
  });
});

describe('the read-only links lifetime from configuration', () => {
  it('given READ_LINK_TTL_DAYS unset, then links last 30 days; given 7 or 0.5, that many days', () => {
    expect(readLinkTtlFromEnv(undefined)).toBe(30 * 24 * 3600);
    expect(readLinkTtlFromEnv('')).toBe(30 * 24 * 3600);
    expect(readLinkTtlFromEnv('7')).toBe(7 * 24 * 3600);
    expect(readLinkTtlFromEnv('0.5')).toBe(12 * 3600);
  });

  it.each(['0', '-3', 'a month', 'Infinity'])(
    'given READ_LINK_TTL_DAYS=%s, then it is refused and says why',
    (days) => {
      expect(() => readLinkTtlFromEnv(days)).toThrow(`READ_LINK_TTL_DAYS=${days}: give how many days`);
    },
  );

  it('given the environment of the game-log function on AWS, then it reads the lifetime there', () => {
    const env = {
      TABLE_NAME: 'events',
      REPLAY_LINK_KEY_SECRET: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:ReadLinkKey',
      LOG_SIGNING_KEY_SECRET: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:LogSigningKey',
      READ_LINK_TTL_DAYS: '14',
      AWS_REGION: 'eu-west-1',
    };
    expect(logAccessFromEnv(env).readLinkTtlSeconds).toBe(14 * 24 * 3600);
    expect(logAccessFromEnv({ ...env, READ_LINK_TTL_DAYS: undefined }).readLinkTtlSeconds).toBe(
      DEFAULT_READ_LINK_TTL_SECONDS,
    );
  });
});

import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { LogLine } from '../../functions/app/log.js';
import { parseOrigins } from '../../functions/app/origin.js';
import { connectHandler } from '../../functions/handlers/routes/connect.js';
import type { WsEvent } from '../../functions/middleware/ws-event.js';

const site = 'https://d111111abcdef8.cloudfront.net';
const context = {} as Context;

/** A `$connect` event as API Gateway hands it over, headers spelled as the client sent them. */
function connectEvent(headers: Record<string, string>): WsEvent {
  const event = {
    headers: {
      Host: 'abc123.execute-api.eu-west-1.amazonaws.com',
      'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version': '13',
      'X-Forwarded-For': '203.0.113.7',
      ...headers,
    },
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
    requestContext: {
      routeKey: '$connect',
      eventType: 'CONNECT' as const,
      extendedRequestId: 'Kx1abc=',
      requestTime: '01/Dec/2026:13:40:00 +0000',
      messageDirection: 'IN',
      stage: 'prod',
      connectedAt: 1_796_132_400_000,
      requestTimeEpoch: 1_796_132_400_000,
      identity: { sourceIp: '203.0.113.7', userAgent: 'Mozilla/5.0' },
      requestId: 'Kx1abc=',
      domainName: 'abc123.execute-api.eu-west-1.amazonaws.com',
      connectionId: 'Kx1aBcDeFgHiJ=',
      apiId: 'abc123',
    },
    isBase64Encoded: false,
  };
  return event;
}

function givenConnect(allowed: readonly string[]) {
  const logs: LogLine[] = [];
  const handler = connectHandler((line) => logs.push(line), { allowedOrigins: allowed });
  return { logs, handler };
}

describe('$connect origin check', () => {
  it("given the site's origin, when a page of it opens a socket, then the connection is accepted", async () => {
    const { logs, handler } = givenConnect([site]);
    expect(await handler(connectEvent({ Origin: site }), context)).toEqual({ statusCode: 200 });
    expect(logs).toEqual([expect.objectContaining({ action: 'connect', outcome: 'open' })]);
  });

  it('given a page of another site, when it opens a socket, then API Gateway is told 403 and the refusal is logged', async () => {
    const { logs, handler } = givenConnect([site]);
    expect(await handler(connectEvent({ Origin: 'https://evil.example' }), context)).toEqual({
      statusCode: 403,
    });
    expect(logs).toEqual([
      expect.objectContaining({
        level: 'warn',
        action: 'connect',
        outcome: 'origin_refused',
        origin: 'https://evil.example',
        connection: 'Kx1aBc…',
      }),
    ]);
  });

  it.each([
    ['a look-alike host', 'https://d111111abcdef8.cloudfront.net.evil.example'],
    ['the same host over plain http', 'http://d111111abcdef8.cloudfront.net'],
    ['another port', 'https://d111111abcdef8.cloudfront.net:8443'],
    ['an opaque origin (a sandboxed frame, a file)', 'null'],
    ['the socket host itself', 'https://abc123.execute-api.eu-west-1.amazonaws.com'],
  ])('given %s as Origin, when it opens a socket, then it is refused', async (_, origin) => {
    const { handler } = givenConnect([site]);
    expect(await handler(connectEvent({ Origin: origin }), context)).toEqual({ statusCode: 403 });
  });

  it('given the header spelled in lower case, when the site opens a socket, then it is read all the same', async () => {
    const { handler } = givenConnect([site]);
    expect(await handler(connectEvent({ origin: site }), context)).toEqual({ statusCode: 200 });
    expect(await handler(connectEvent({ origin: 'https://evil.example' }), context)).toEqual({
      statusCode: 403,
    });
  });

  it('given no Origin (the CLI, the load script: not a browser page), when it connects, then it is let in as on the local server', async () => {
    const { handler } = givenConnect([site]);
    expect(await handler(connectEvent({}), context)).toEqual({ statusCode: 200 });
  });

  it('given several origins configured, when a page of the second opens a socket, then it is accepted', async () => {
    const { handler } = givenConnect(parseOrigins(`${site},https://play.example`));
    expect(await handler(connectEvent({ Origin: 'https://play.example' }), context)).toEqual({
      statusCode: 200,
    });
  });
});

describe('allowed origins from configuration', () => {
  it('given a comma-separated list, then each origin is kept with spaces and a trailing slash dropped', () => {
    expect(parseOrigins(' https://a.example, https://b.example:8443/ ,')).toEqual([
      'https://a.example',
      'https://b.example:8443',
    ]);
    expect(parseOrigins('')).toEqual([]);
  });

  it.each(['a.example', 'https://a.example/play', 'https://a.example?x=1', 'null'])(
    'given %s, which is not an origin, then the configuration is refused and says which entry',
    (entry) => {
      expect(() => parseOrigins(entry)).toThrow(`allowed origin ${JSON.stringify(entry)} is not an origin`);
    },
  );
});

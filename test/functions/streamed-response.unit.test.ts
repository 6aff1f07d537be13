import { Writable } from 'node:stream';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { type StreamingRuntime, streamed } from '../../functions/adapters/aws/streamed-response.js';

/**
 * The Lambda runtime's streaming as a function URL sees it: `HttpResponseStream.from` writes the metadata
 * as JSON and eight zero bytes before the body (the runtime's prelude), then passes the body through.
 */
function fakeRuntime() {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  let ended = false;
  sink.on('finish', () => {
    ended = true;
  });
  const runtime: StreamingRuntime = {
    streamifyResponse: (handler) => handler,
    HttpResponseStream: {
      from: (writable, metadata) => {
        writable.write(Buffer.concat([Buffer.from(JSON.stringify(metadata)), Buffer.alloc(8)]));
        return writable;
      },
    },
  };
  const received = () => {
    const all = Buffer.concat(chunks);
    const split = all.indexOf(Buffer.alloc(8));
    return { metadata: JSON.parse(all.subarray(0, split).toString()), body: all.subarray(split + 8), ended };
  };
  return { runtime, sink, chunks, received };
}

const event = {} as APIGatewayProxyEventV2;
const context = {} as Context;
type Invoke = (e: APIGatewayProxyEventV2, stream: Writable, c: Context) => Promise<void>;

describe('the game-log download, streamed', () => {
  it('given a log of 7 MB (past the 6 MB a buffered answer may be), when streamed, then every byte arrives after the status and headers, in chunks of at most 64 KB', async () => {
    const line = `${JSON.stringify({ seq: 1, events: ['x'.repeat(1000)] })}\n`;
    const body = line.repeat(Math.ceil((7 * 1024 * 1024) / line.length));
    const headers = { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' };
    const { runtime, sink, chunks, received } = fakeRuntime();
    const handler = streamed(async () => ({ statusCode: 200, headers, body }), runtime) as Invoke;

    await handler(event, sink, context);

    const got = received();
    expect(got.metadata).toEqual({ statusCode: 200, headers });
    expect(got.body.length).toBe(Buffer.byteLength(body));
    expect(got.body.toString('utf8') === body).toBe(true);
    expect(got.ended).toBe(true);
    expect(Math.max(...chunks.slice(1).map((c) => c.length))).toBeLessThanOrEqual(64 * 1024);
  });

  it('given a refusal, when streamed, then its status, headers and reason pass as they were', async () => {
    const refusal = {
      statusCode: 401,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ code: 'bad_token', message: 'no' }),
    };
    const { runtime, sink, received } = fakeRuntime();
    await (streamed(async () => refusal, runtime) as Invoke)(event, sink, context);
    const got = received();
    expect(got.metadata).toEqual({ statusCode: 401, headers: refusal.headers });
    expect(JSON.parse(got.body.toString())).toEqual({ code: 'bad_token', message: 'no' });
  });

  it('given no Lambda runtime to stream with, then building the handler says so', () => {
    // The `awslambda` Powertools' batch processor leaves on the global object does not stream.
    vi.stubGlobal('awslambda', { InvokeStore: {} });
    try {
      expect(() => streamed(async () => ({ statusCode: 200 }))).toThrow(/awslambda/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

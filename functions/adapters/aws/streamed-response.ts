import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

type Result = APIGatewayProxyStructuredResultV2;
type Buffered = (event: APIGatewayProxyEventV2, context: Context) => Promise<Result>;
type Streaming = (event: APIGatewayProxyEventV2, responseStream: Writable, context: Context) => Promise<void>;

/** What the Node.js Lambda runtime offers a function URL in `RESPONSE_STREAM` mode (its `awslambda` global). */
export interface StreamingRuntime {
  streamifyResponse(handler: Streaming): unknown;
  HttpResponseStream: { from(writable: Writable, metadata: Record<string, unknown>): Writable };
}

/** Written in pieces this size, each waiting for the stream to take the last. */
const CHUNK_BYTES = 64 * 1024;

/**
 * A buffered function URL answer is capped at 6 MB, and a week-long forum game's log can be more. Streamed,
 * the cap is the stream's (20 MB by default), so the download function runs in `RESPONSE_STREAM` mode: the
 * route's own answer (status, headers, body) is sent as the stream's prelude and then its body in chunks.
 * The route stays a plain buffered handler, so the local server and the tests call it unchanged.
 */
export function streamed(
  handler: Buffered,
  runtime: StreamingRuntime | undefined = lambdaRuntime(),
): unknown {
  if (runtime === undefined) throw new Error('response streaming needs the Lambda runtime (awslambda)');
  return runtime.streamifyResponse(async (event, responseStream, context) =>
    streamResult(await handler(event, context), responseStream, runtime),
  );
}

export async function streamResult(result: Result, responseStream: Writable, runtime: StreamingRuntime) {
  const { statusCode = 200, headers = {}, body = '' } = result;
  const out = runtime.HttpResponseStream.from(responseStream, { statusCode, headers });
  const bytes = Buffer.from(body, result.isBase64Encoded ? 'base64' : 'utf8');
  await pipeline(Readable.from(chunksOf(bytes)), out);
}

function* chunksOf(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) yield bytes.subarray(at, at + CHUNK_BYTES);
}

/** The runtime's `awslambda`, if it streams: Powertools puts an `awslambda` of its own on the global object. */
function lambdaRuntime(): StreamingRuntime | undefined {
  const runtime = (globalThis as { awslambda?: Partial<StreamingRuntime> }).awslambda;
  return typeof runtime?.streamifyResponse === 'function' ? (runtime as StreamingRuntime) : undefined;
}

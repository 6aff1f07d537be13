import type { Context } from 'aws-lambda';

let invocations = 0;

/** The part of Lambda's context a handler run locally gets: its function's name and a request id. */
export function lambdaContext(functionName: string): Context {
  return { functionName, awsRequestId: `local-${++invocations}` } as Context;
}

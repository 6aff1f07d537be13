import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { MiddyfiedHandler } from '@middy/core';
import type { Log } from '../../app/log.js';
import { METRICS_NAMESPACE, SERVICE_NAME } from '../../observability/metric-names.js';
import type { Meter } from '../../ports/meter.js';

/**
 * Powertools for one Lambda container: structured JSON logs with the invocation's context, metrics in
 * CloudWatch's embedded metric format (written to the log, flushed once per invocation, no API calls),
 * and X-Ray segments for the handler and each AWS SDK call.
 */
export const logger = new Logger({ serviceName: SERVICE_NAME });
/**
 * Its own complaints go through the logger, errors only: an invocation that counted nothing (most frames)
 * would otherwise write a warning line to CloudWatch Logs each time.
 */
export const metrics = new Metrics({
  namespace: METRICS_NAMESPACE,
  serviceName: SERVICE_NAME,
  logger: logger.createChild({ logLevel: 'ERROR' }),
});
export const tracer = new Tracer({ serviceName: SERVICE_NAME });

/** The handlers' log lines, through the Powertools logger: `level: 'error'` lines are errors. */
export const powertoolsLog: Log = ({ level, message, ...fields }) => {
  const text = typeof message === 'string' ? message : String(fields.action ?? 'line');
  if (level === 'error') logger.error(text, fields);
  else logger.info(text, fields);
};

export const powertoolsMeter: Meter = {
  count: (name, value = 1) => metrics.addMetric(name, MetricUnit.Count, value),
};

/** Traces an SDK client's calls as X-Ray subsegments (a no-op outside Lambda). */
export function traced<T>(client: T): T {
  return tracer.captureAWSv3Client(client);
}

/** Wraps a route's middy handler: context in every log line, one X-Ray segment, metrics flushed at the end. */
// biome-ignore lint/suspicious/noExplicitAny: any middy handler, whatever its event and result
export function observed<H extends MiddyfiedHandler<any, any>>(handler: H): H {
  return handler
    .use(injectLambdaContext(logger))
    .use(captureLambdaHandler(tracer, { captureResponse: false }))
    .use(logMetrics(metrics)) as H;
}

import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { METRICS_NAMESPACE, SERVICE_NAME } from '../../functions/observability/metric-names.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const lockFile = fileURLToPath(new URL('../../package-lock.json', import.meta.url));

// esbuild's ESM output has no `require`; some CommonJS dependencies still call it at run time.
const requireShim =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

export interface HandlerFunctionProps {
  /** Absolute path of the TypeScript file that exports `handler`. */
  readonly entry: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly memorySize?: number;
  readonly timeout?: Duration;
  readonly logRetention?: RetentionDays;
  /** Concurrency kept for this function alone, so a flood on another one cannot starve it. */
  readonly reservedConcurrentExecutions?: number;
}

/**
 * A Node.js Lambda bundled by esbuild the same way for every handler of the game. The AWS SDK clients are
 * bundled too: production then runs the SDK version the tests ran, and a minified bundle of the few
 * clients a handler imports loads faster than the runtime's full copy (figures in docs/scale.md). No
 * source maps: `--enable-source-maps` costs every cold start, and Powertools logs the error stack anyway.
 */
export class HandlerFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: HandlerFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      // Logs are diagnostics, not records: the event log in DynamoDB is the truth.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    super(scope, id, {
      entry: props.entry,
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      logGroup,
      tracing: Tracing.ACTIVE,
      projectRoot: repoRoot,
      depsLockFilePath: lockFile,
      environment: {
        ...props.environment,
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        minify: true,
        sourceMap: false,
        banner: requireShim,
        bundleAwsSDK: true,
      },
    });
  }
}

import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

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
}

/** A Node.js Lambda bundled by esbuild the same way for every handler of the game. */
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
      logGroup,
      projectRoot: repoRoot,
      depsLockFilePath: lockFile,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        banner: requireShim,
        // The Lambda Node.js runtime ships SDK v3; bundling it would only grow cold starts.
        externalModules: ['@aws-sdk/*'],
      },
    });
  }
}

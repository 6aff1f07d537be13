// Cold start of each Lambda handler: the CPU time (user + system) a fresh Node process spends importing
// the handler's bundle, built the way infra/constructs/handler-function.ts builds it. Two builds are
// compared: the SDK left to the runtime (imported from node_modules, as Lambda loads its own copy) with
// source maps on, which is how the stack deployed before, and the SDK bundled without source maps (now).
// Usage: npx tsx test/bench/cold-start.ts [runs per handler, default 7]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const handlersDir = fileURLToPath(new URL('../../functions/handlers/', import.meta.url));
const handlers = ['connect', 'disconnect', 'default', 'projector', 'deadline'];
const runs = Number(process.argv[2] ?? 7);
const requireShim =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";
// Whatever each handler reads at import time; nothing is called over the network.
const env = {
  ...process.env,
  AWS_REGION: 'eu-west-1',
  TABLE_NAME: 'bench',
  WS_ENDPOINT: 'https://example.execute-api.eu-west-1.amazonaws.com/prod',
  STATE_MACHINE_ARN: 'arn:aws:states:eu-west-1:123456789012:stateMachine:bench',
  SCHEDULE_GROUP: 'bench',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/bench',
  DEADLINE_FUNCTION_ARN: 'arn:aws:lambda:eu-west-1:123456789012:function:bench',
  VAPID_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:bench',
  POWERTOOLS_SERVICE_NAME: 'sleeping-city',
  POWERTOOLS_METRICS_NAMESPACE: 'SleepingCity',
};

interface Variant {
  name: string;
  sdkExternal: boolean;
  sourceMap: boolean;
}
const variants: Variant[] = [
  { name: 'SDK external + source maps', sdkExternal: true, sourceMap: true },
  { name: 'SDK bundled, no source maps', sdkExternal: false, sourceMap: false },
];

// The bundle is written inside the repository so that an external `@aws-sdk/*` resolves from node_modules.
const outRoot = mkdtempSync(join(fileURLToPath(new URL('../../', import.meta.url)), '.cold-start-'));
const probe = `
const before = process.cpuUsage();
await import(process.argv[1]);
const used = process.cpuUsage(before);
process.stdout.write(String((used.user + used.system) / 1000));
`;

async function measure(handler: string, variant: Variant): Promise<{ ms: number; kb: number }> {
  const outfile = join(outRoot, variant.sdkExternal ? 'ext' : 'bundled', `${handler}.mjs`);
  await build({
    entryPoints: [join(handlersDir, `${handler}.ts`)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    mainFields: ['module', 'main'],
    minify: true,
    sourcemap: variant.sourceMap,
    sourcesContent: false,
    banner: { js: requireShim },
    external: variant.sdkExternal ? ['@aws-sdk/*'] : [],
    logLevel: 'error',
  });
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const flags = variant.sourceMap ? ['--enable-source-maps'] : [];
    const out = execFileSync(process.execPath, [...flags, '--input-type=module', '-e', probe, outfile], {
      env,
    });
    times.push(Number(out.toString()));
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], kb: statSync(outfile).size / 1024 };
}

try {
  console.log(`cold import CPU (median of ${runs} fresh processes), Node ${process.version}`);
  for (const variant of variants) {
    console.log(`\n${variant.name}`);
    for (const handler of handlers) {
      const { ms, kb } = await measure(handler, variant);
      console.log(
        `  ${handler.padEnd(10)} ${ms.toFixed(0).padStart(5)} CPU-ms   bundle ${kb.toFixed(0).padStart(5)} KB`,
      );
    }
  }
} finally {
  rmSync(outRoot, { recursive: true, force: true });
}

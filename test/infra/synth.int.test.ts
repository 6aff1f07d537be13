import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, handlersDir, stackName, webDistDir } from '../../infra/create-app.js';
import type { SleepingCityStack } from '../../infra/stack.js';
import { skipBundling } from './support/cdk.js';

// The same app `npx cdk synth` builds (cdk.json runs infra/app.ts), against the real handler entry files,
// in-process and without esbuild so it stays fast; the bundling options are proven on fixtures elsewhere.
const entryFiles = ['connect.ts', 'disconnect.ts', 'default.ts', 'projector.ts', 'deadline.ts', 'sweeper.ts'];
const repoRoot = join(handlersDir, '..', '..');

describe('the deployable app', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'sleeping-city-synth-'));
  let stack: SleepingCityStack;
  let template: Template;

  beforeAll(() => {
    const missing = entryFiles.filter((file) => !existsSync(join(handlersDir, file)));
    if (missing.length > 0) {
      const where = relative(repoRoot, handlersDir);
      throw new Error(
        `infra deploys one Lambda per handler entry, but ${where}/ lacks ${missing.join(', ')}. ` +
          'Each must export `handler`.',
      );
    }
    // When the real app is synthesized, with the CloudFormation schema check on (createApp's default),
    stack = createApp({ outdir, context: skipBundling }).stack;
    template = Template.fromStack(stack);
  });
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('then takes its handlers from functions/handlers and its site from web/dist', () => {
    expect(relative(repoRoot, handlersDir)).toBe(join('functions', 'handlers'));
    expect(relative(repoRoot, webDistDir)).toBe(join('web', 'dist'));
  });

  it('then synthesizes the SleepingCity stack with the six handler functions', () => {
    expect(stack.stackName).toBe(stackName);
    expect(stack.handlers.all).toHaveLength(6);
    for (const fn of stack.handlers.all) expect(fn.runtime.name).toBe('nodejs22.x');
    template.resourceCountIs('AWS::ApiGatewayV2::Route', 3);
    template.resourceCountIs('AWS::StepFunctions::StateMachine', 1);
    template.resourceCountIs('AWS::Lambda::EventSourceMapping', 1);
  });

  it('then outputs the URLs a deployment reports', () => {
    const outputs = Object.keys(template.toJSON().Outputs);
    expect(outputs).toEqual(expect.arrayContaining(['WebUrl', 'WebSocketUrl', 'TableName', 'AlarmTopicArn']));
  });

  it('then deploys the web build exactly when it exists', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', existsSync(webDistDir) ? 1 : 0);
  });
});

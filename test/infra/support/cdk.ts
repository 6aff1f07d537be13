import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';

/** Trivial handlers standing in for functions/handlers, so infra tests never depend on the app code. */
export const fixtureHandlersDir = fileURLToPath(new URL('../fixtures/handlers', import.meta.url));

/** Synth context that skips esbuild: the template is the same, minus seconds of bundling per function. */
export const skipBundling = { 'aws:cdk:bundling-stacks': [] };

/** Turns CloudFormation schema findings of the built-in validator into synth errors. */
export const strictValidation = { '@aws-cdk/core:validateAgainstDefaultRules': true };

export interface TempAppOptions {
  /** Run esbuild for NodejsFunctions (slow); skipped by default. */
  readonly bundle?: boolean;
  /** Validate templates against the CloudFormation schema (about a second); off by default. */
  readonly validate?: boolean;
}

/** An app writing its cloud assembly to a fresh temporary folder; call `dispose` when done with it. */
export function tempApp(options: TempAppOptions = {}): { app: App; outdir: string; dispose: () => void } {
  const outdir = mkdtempSync(join(tmpdir(), 'sleeping-city-cdk-'));
  const app = new App({
    outdir,
    context: { ...(options.bundle ? {} : skipBundling), ...(options.validate ? strictValidation : {}) },
    builtinCloudFormationValidation: options.validate ?? false,
  });
  return { app, outdir, dispose: () => rmSync(outdir, { recursive: true, force: true }) };
}

export function logicalId(construct: IConstruct): string {
  const element = (construct.node.defaultChild ?? construct) as CfnElement;
  return Stack.of(construct).getLogicalId(element);
}

/** A Lambda with inline code, for tests of constructs that only wire functions to other things. */
export function inlineFunction(scope: Stack, id: string): LambdaFunction {
  return new LambdaFunction(scope, id, {
    runtime: Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: Code.fromInline('exports.handler = async () => ({ statusCode: 200 });'),
  });
}

export interface Grant {
  readonly action: string;
  readonly resource: unknown;
}

/** Every (action, resource) pair the policies attached to a principal's role allow, flattened. */
export function grantsOf(template: Template, principal: IGrantable): Grant[] {
  const role = principal.grantPrincipal as unknown as IConstruct;
  const policies = template.findResources('AWS::IAM::Policy', {
    Properties: { Roles: Match.arrayWith([{ Ref: logicalId(role) }]) },
  });
  const toList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
  return Object.values(policies).flatMap((policy) =>
    toList(policy.Properties.PolicyDocument.Statement as Statement[])
      .filter((statement) => statement.Effect === 'Allow')
      .flatMap((statement) =>
        toList(statement.Action).flatMap((action) =>
          toList(statement.Resource).map((resource) => ({ action, resource })),
        ),
      ),
  );
}

interface Statement {
  readonly Effect: string;
  readonly Action: string | string[];
  readonly Resource: unknown;
}

export function arnOf(construct: IConstruct): unknown {
  return { 'Fn::GetAtt': [logicalId(construct), 'Arn'] };
}

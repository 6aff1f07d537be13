import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Capture, Match, Template } from 'aws-cdk-lib/assertions';
import { ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { afterAll, describe, expect, it } from 'vitest';
import { WebHosting } from '../../infra/constructs/web-hosting.js';
import { logicalId, tempApp } from './support/cdk.js';

const wsUrl = 'wss://example.execute-api.eu-west-1.amazonaws.com/prod';

function synth(webDistDir: string) {
  const scratch = tempApp();
  const stack = new Stack(scratch.app, 'WebOnly');
  const web = new WebHosting(stack, 'Web', { webDistDir, wsUrl });
  return { web, template: Template.fromStack(stack), outdir: scratch.outdir, dispose: scratch.dispose };
}

// Given a built PWA folder (a stand-in index.html) ...
const distDir = mkdtempSync(join(tmpdir(), 'sleeping-city-dist-'));
writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Sleeping City</title>');
const built = synth(distDir);
// ... and a checkout where the web build has not run yet.
const unbuilt = synth(join(distDir, 'no-such-dist'));
afterAll(() => {
  built.dispose();
  unbuilt.dispose();
  rmSync(distDir, { recursive: true, force: true });
});

describe('WebHosting', () => {
  describe.each([
    ['with a web build', built],
    ['without a web build', unbuilt],
  ])('%s', (_, { template, web }) => {
    it('then keeps the bucket private, encrypted and reachable over TLS only', () => {
      template.hasResourceProperties('AWS::S3::Bucket', {
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
      });
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    });

    it('then serves the bucket through CloudFront with an origin access control', () => {
      template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
      template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
        OriginAccessControlConfig: Match.objectLike({
          OriginAccessControlOriginType: 's3',
          SigningBehavior: 'always',
        }),
      });
      template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          Origins: [
            Match.objectLike({
              DomainName: { 'Fn::GetAtt': [logicalId(web.bucket), 'RegionalDomainName'] },
              OriginAccessControlId: Match.anyValue(),
            }),
          ],
        }),
      });
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Allow',
              Action: 's3:GetObject',
              Principal: { Service: 'cloudfront.amazonaws.com' },
            }),
          ]),
        },
      });
    });

    it("then sends every answer with CloudFront's managed security headers", () => {
      template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          DefaultCacheBehavior: Match.objectLike({
            ResponseHeadersPolicyId: ResponseHeadersPolicy.SECURITY_HEADERS.responseHeadersPolicyId,
          }),
        }),
      });
    });

    it('then serves index.html at the root and for any unknown path, over HTTPS', () => {
      template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          DefaultRootObject: 'index.html',
          DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https' }),
          CustomErrorResponses: [
            { ErrorCode: 403, ResponseCode: 200, ResponsePagePath: '/index.html', ErrorCachingMinTTL: 0 },
            { ErrorCode: 404, ResponseCode: 200, ResponsePagePath: '/index.html', ErrorCachingMinTTL: 0 },
          ],
        }),
      });
    });

    it('then exposes the https URL of the distribution', () => {
      expect(Stack.of(web).resolve(web.url)).toEqual({
        'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(web.distribution), 'DomainName'] }]],
      });
    });
  });

  it('given a web build, then deploys it with config.json and invalidates the distribution', () => {
    const { template, web } = built;
    expect(web.deployment).toBeDefined();
    template.resourceCountIs('Custom::CDKBucketDeployment', 1);
    const sources = new Capture();
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      SourceObjectKeys: sources,
      DestinationBucketName: { Ref: logicalId(web.bucket) },
      DistributionId: { Ref: logicalId(web.distribution) },
      DistributionPaths: ['/*'],
      Prune: true,
    });
    expect(sources.asArray()).toHaveLength(2);
  });

  it('given a web build, then writes config.json with the socket URL as the last source, so it wins', () => {
    const sources = new Capture();
    built.template.hasResourceProperties('Custom::CDKBucketDeployment', { SourceObjectKeys: sources });
    const [buildKey, configKey] = sources.asArray() as string[];
    const stagedDir = (key: string) => join(built.outdir, `asset.${key.replace(/\.zip$/, '')}`);
    expect(existsSync(join(stagedDir(buildKey!), 'index.html'))).toBe(true);
    expect(JSON.parse(readFileSync(join(stagedDir(configKey!), 'config.json'), 'utf8'))).toEqual({ wsUrl });
  });

  it('given a web build, then lets browsers revalidate every file while edges cache until the next deploy', () => {
    const metadata = new Capture();
    built.template.hasResourceProperties('Custom::CDKBucketDeployment', { SystemMetadata: metadata });
    const cacheControl = (metadata.asObject() as Record<string, string>)['cache-control']!;
    expect(cacheControl.split(', ').sort()).toEqual(
      ['public', 'max-age=0', 's-maxage=31536000', 'must-revalidate'].sort(),
    );
  });

  it('given no web build, then creates the site without deploying anything', () => {
    expect(unbuilt.web.deployment).toBeUndefined();
    unbuilt.template.resourceCountIs('Custom::CDKBucketDeployment', 0);
    unbuilt.template.resourceCountIs('AWS::CloudFront::Distribution', 1);
  });
});

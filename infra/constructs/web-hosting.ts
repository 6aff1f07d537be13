import { existsSync } from 'node:fs';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  Distribution,
  type ErrorResponse,
  HttpVersion,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';

export interface WebHostingProps {
  /** The built PWA (`web/dist`). When it does not exist yet, the site is created empty and nothing is uploaded. */
  readonly webDistDir: string;
  /** Written to `config.json` next to index.html; the PWA reads it to find its socket. */
  readonly wsUrl: string;
  /** Also in `config.json`: where the PWA downloads a finished game's log (a function URL, ending in /). */
  readonly logUrl?: string;
}

// The router lives in the browser: any path S3 does not hold is the app shell. A private bucket
// answers 403, not 404, for a missing key, because CloudFront may not list it.
const spaFallback: ErrorResponse[] = [403, 404].map((httpStatus) => ({
  httpStatus,
  responseHttpStatus: 200,
  responsePagePath: '/index.html',
  ttl: Duration.seconds(0),
}));

/** The PWA: a private bucket served only through CloudFront. */
export class WebHosting extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly deployment: BucketDeployment | undefined;

  constructor(scope: Construct, id: string, props: WebHostingProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // Only build output lives here, so tearing the stack down may delete it.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    this.distribution = new Distribution(this, 'Distribution', {
      defaultRootObject: 'index.html',
      errorResponses: spaFallback,
      httpVersion: HttpVersion.HTTP2_AND_3,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
      },
    });
    this.deployment = existsSync(props.webDistDir) ? this.deploy(props.webDistDir, props) : undefined;
  }

  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }

  private deploy(webDistDir: string, { wsUrl, logUrl }: WebHostingProps): BucketDeployment {
    return new BucketDeployment(this, 'Deployment', {
      destinationBucket: this.bucket,
      // Later sources win: a config.json from a local build never points the deployed app at localhost.
      sources: [
        Source.asset(webDistDir),
        Source.jsonData('config.json', { wsUrl, ...(logUrl ? { logUrl } : {}) }),
      ],
      memoryLimit: 512,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      // Edges keep files until the next deploy invalidates them; browsers revalidate every time, so a new
      // release (and its service worker) reaches players on their next visit.
      cacheControl: [
        CacheControl.setPublic(),
        CacheControl.maxAge(Duration.seconds(0)),
        CacheControl.sMaxAge(Duration.days(365)),
        CacheControl.mustRevalidate(),
      ],
    });
  }
}

import type { LogSeal } from '../../shared/audit/seal.js';

/** The deployment's public key as it is published (`GET /api/log-key`): what `mafia audit --key` reads. */
export interface PublishedLogKey {
  algorithm: 'Ed25519';
  keyId: string;
  /** SPKI, PEM. */
  publicKey: string;
}

/**
 * Signs the heads of game logs with the deployment's private key, which no reader of a log holds: the
 * download's seal and the players' receipts. A key file in the data directory locally, a Secrets Manager
 * secret on AWS (adapters/signing).
 */
export interface LogSigner {
  seal(gameId: string, version: number, hash: string): Promise<LogSeal>;
  publishedKey(): Promise<PublishedLogKey>;
}

import { ed25519FromSeed, ed25519Signer } from '../../functions/adapters/signing/ed25519.js';
import type { LogSigner, PublishedLogKey } from '../../functions/ports/log-signer.js';
import type { LogSeal } from '../../shared/audit/seal.js';

/**
 * The deployment's signer (an Ed25519 key, as every container of a deployment holds the same) whose key
 * service fails the next `failures` signatures, as Secrets Manager throttled or unreachable would: those
 * reject, the ones after sign. Several instances over one seed are several containers of one deployment.
 */
export class FlakySigner implements LogSigner {
  private readonly inner: LogSigner;
  /** Signatures asked for, failed or not. */
  calls = 0;

  constructor(
    public failures: number,
    seed = Buffer.alloc(32, 7),
  ) {
    this.inner = ed25519Signer(() => ed25519FromSeed(seed));
  }

  async seal(gameId: string, version: number, hash: string): Promise<LogSeal> {
    this.calls++;
    if (this.failures > 0) {
      this.failures--;
      throw new Error('ThrottlingException: Rate exceeded');
    }
    return this.inner.seal(gameId, version, hash);
  }

  publishedKey(): Promise<PublishedLogKey> {
    return this.inner.publishedKey();
  }
}

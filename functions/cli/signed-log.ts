import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { LogCommit } from '../../shared/audit/chain.js';
import { redecide } from '../../shared/audit/command.js';
import { emptyFold, foldCommits } from '../../shared/audit/fold.js';
import { type LogSeal, parseSeal, type SealVerifier } from '../../shared/audit/seal.js';
import { publishedKeyOf, verifierOf } from '../adapters/signing/ed25519.js';
import { makeCommit } from '../app/commit.js';
import { endingCommit } from '../app/seal.js';
import { existingLogKey } from '../local/log-key.js';
import type { LogSigner } from '../ports/log-signer.js';

/**
 * A log as the server keeps and sends it: a finished game's ending commit followed by the receipt the server
 * records (commit.ts), and the whole closed with the seal of its head. What `mafia play --log` writes.
 */
export async function sealedLog(
  commits: readonly LogCommit[],
  signer: LogSigner,
): Promise<{ commits: LogCommit[]; seal: LogSeal }> {
  const all = [...commits];
  const { state } = foldCommits(emptyFold, all);
  const ended = endingCommit(all);
  const last = all[all.length - 1];
  if (ended !== undefined && state.receipt === null) {
    const receipt = await signer.seal(ended.gameId, ended.seq, ended.hash);
    const command = { type: 'seal' as const, receipt };
    const decision = redecide(state, { actor: 'system', at: last.at, command });
    if (!decision.ok) throw new Error('the finished game refuses its seal');
    const attempt = { gameId: last.gameId, commandId: `seal:${ended.seq}`, actor: 'system', command };
    all.push(makeCommit(attempt, last.seq + 1, last.hash, last.at, decision.events));
  }
  const head = all[all.length - 1];
  return { commits: all, seal: await signer.seal(head.gameId, head.seq, head.hash) };
}

/**
 * The key `mafia audit` checks seals with: `--key` (a PEM public key or the JSON of `GET /api/log-key`, as a
 * file or an http(s) address), or else the public half of this machine's key in the data directory.
 */
export async function auditKey(given: string | undefined, dataDir: string): Promise<SealVerifier> {
  if (given === undefined) {
    const own = existingLogKey(dataDir);
    if (own === null)
      throw new Error(
        `no key to check the log's seal with: give the deployment's with --key (its /api/log-key), or run where its data directory (${dataDir}) is`,
      );
    return verifierOf(publishedKeyOf(createPublicKey(own)).publicKey);
  }
  if (/^https?:\/\//.test(given)) {
    const answer = await fetch(given);
    if (!answer.ok) throw new Error(`${given}: HTTP ${answer.status}`);
    return verifierOf(await answer.text());
  }
  return verifierOf(readFileSync(given, 'utf8'));
}

/** A receipt as a player kept it: the receipt itself, or a saved view holding it. */
export function readReceipt(path: string): LogSeal {
  const value = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  const inner =
    value !== null && typeof value === 'object' && 'receipt' in value
      ? (value as { receipt: unknown }).receipt
      : value;
  const parsed = parseSeal(inner);
  if (!parsed.ok) throw new Error(parsed.reason.replace('the seal', 'the receipt'));
  return parsed.seal;
}

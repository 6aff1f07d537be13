import type { LogReceipt } from '../log/events.js';
import type { LogCommit } from './chain.js';

/**
 * A log's seal: the deployment's signature of its head (game, version, that commit's hash). The hash chain
 * alone proves nothing against someone who rewrites a log and recomputes every hash by the published
 * formula; a signature made with a key he does not hold does. The same shape is a player's receipt
 * (`logSealed`, in his view at the end) and the last line of a downloaded log.
 */
export type LogSeal = LogReceipt;

/**
 * Checks signatures with the deployment's published public key. Pure code cannot verify one (no crypto in
 * shared/): the CLI passes node:crypto's, the PWA the answers WebCrypto gave beforehand.
 */
export interface SealVerifier {
  /** The key's id, as a seal names it (`LogReceipt.keyId`). */
  keyId: string;
  verify(statement: string, signature: string): boolean;
}

/** What is signed: a fixed prefix, so a signature of a log is never valid as anything else. */
export function sealStatement(gameId: string, version: number, hash: string): string {
  return `sleeping-city log seal v1\n${gameId}\n${version}\n${hash}`;
}

const SEAL_FIELDS = ['gameId', 'version', 'hash', 'keyId', 'signature'] as const;

/** A seal as JSON gives it, with exactly its fields, or why not. */
export function parseSeal(value: unknown): { ok: true; seal: LogSeal } | { ok: false; reason: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, reason: 'the seal is not an object' };
  const v = value as Record<string, unknown>;
  const unknown = Object.keys(v).find((k) => !(SEAL_FIELDS as readonly string[]).includes(k));
  if (unknown !== undefined)
    return { ok: false, reason: `the seal has an unknown field ${JSON.stringify(unknown)}` };
  const { gameId, version, hash, keyId, signature } = v;
  if (typeof gameId !== 'string' || gameId === '') return { ok: false, reason: 'the seal names no game' };
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return { ok: false, reason: 'the seal names no version' };
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash))
    return { ok: false, reason: 'the seal names no hash' };
  if (typeof keyId !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(keyId))
    return { ok: false, reason: 'the seal names no key' };
  if (typeof signature !== 'string' || !/^[A-Za-z0-9_-]{86}$/.test(signature))
    return { ok: false, reason: 'the seal carries no signature' };
  return { ok: true, seal: { gameId, version, hash, keyId, signature } };
}

/**
 * Why a seal does not vouch for the commits it names in this log, or null when it does: the game, a commit
 * at its version with its hash, and a signature by the verifier's key.
 */
export function sealProblem(
  what: string,
  seal: LogSeal,
  commits: readonly LogCommit[],
  verifier: SealVerifier,
): string | null {
  return sealFault(what, seal, commits, verifier)?.reason ?? null;
}

/** sealProblem, saying also whether the seal is simply another key's (the log may be intact). */
function sealFault(
  what: string,
  seal: LogSeal,
  commits: readonly LogCommit[],
  verifier: SealVerifier,
): { otherKey: boolean; reason: string } | null {
  const broken = (reason: string) => ({ otherKey: false, reason });
  const first = commits[0];
  if (first !== undefined && seal.gameId !== first.gameId)
    return broken(`${what} is of game ${seal.gameId}, not of this log's game ${first.gameId}`);
  const signed = commits.find((c) => c.seq === seal.version);
  if (signed === undefined) {
    const last = commits[commits.length - 1]?.seq ?? 0;
    return broken(`${what} signs version ${seal.version}, and the log ends at version ${last}: it was cut`);
  }
  if (signed.hash !== seal.hash)
    return broken(
      `${what} signs hash ${seal.hash.slice(0, 12)}… at version ${seal.version}, and the log's commit ${seal.version} hashes to ${signed.hash.slice(0, 12)}…: the log is not the one signed`,
    );
  if (seal.keyId !== verifier.keyId)
    return {
      otherKey: true,
      reason: `${what} is signed by key ${seal.keyId}, not by the deployment's key ${verifier.keyId}`,
    };
  if (!verifier.verify(sealStatement(seal.gameId, seal.version, seal.hash), seal.signature))
    return broken(`${what}'s signature does not verify with the deployment's key`);
  return null;
}

/**
 * What the seals of a log say, checked against the deployment's key: the file's own seal must sign its
 * last commit, and it and every receipt in the log (and a player's, given) must verify. `unsigned`: no
 * seal at all; `otherKey`: a seal of another key than the deployment's (not this server's log);
 * `broken`: the log is not the one signed (changed, cut, added to) or a signature is forged.
 */
export type SealVerdict =
  | { kind: 'verified'; keyId: string; version: number }
  | { kind: 'unsigned' | 'otherKey' | 'broken'; seq: number; reason: string };

export function judgeSeals(
  commits: readonly LogCommit[],
  seal: LogSeal | undefined,
  verifier: SealVerifier,
  receipt?: LogSeal,
): SealVerdict {
  const last = commits[commits.length - 1]?.seq ?? 0;
  if (seal === undefined)
    return {
      kind: 'unsigned',
      seq: last,
      reason: 'the log is not signed: it carries no seal (its last line)',
    };
  if (seal.version !== last) {
    const reason =
      seal.version < last
        ? `the log's seal signs version ${seal.version}, and commits after it were added`
        : `the log's seal signs version ${seal.version}, and the log ends at version ${last}: it was cut`;
    return { kind: 'broken', seq: Math.min(seal.version, last), reason };
  }
  const all = sealsOf(commits, seal);
  if (receipt !== undefined) all.push({ what: 'the receipt', seal: receipt });
  for (const { what, seal: one } of all) {
    const fault = sealFault(what, one, commits, verifier);
    if (fault)
      return {
        kind: fault.otherKey ? 'otherKey' : 'broken',
        seq: Math.min(one.version, last),
        reason: fault.reason,
      };
  }
  return { kind: 'verified', keyId: verifier.keyId, version: seal.version };
}

/** A signature check that answers later (WebCrypto's `verify`). */
export type AsyncVerify = (statement: string, signature: string) => Promise<boolean>;

/**
 * judgeSeals where signatures are checked asynchronously, as in a browser: every statement the seals sign is
 * handed to `verify` first, and the verdict is then made on those answers. Shared code stays free of any
 * crypto API; the caller brings the one it has.
 */
export async function judgeSealsWith(
  commits: readonly LogCommit[],
  seal: LogSeal | undefined,
  key: { keyId: string; verify: AsyncVerify },
  receipt?: LogSeal,
): Promise<SealVerdict> {
  const seals = [...sealsOf(commits, seal), ...(receipt === undefined ? [] : [{ seal: receipt }])];
  const answers = new Map<string, boolean>();
  for (const { seal: one } of seals) {
    const statement = sealStatement(one.gameId, one.version, one.hash);
    const asked = `${statement}\n${one.signature}`;
    if (!answers.has(asked))
      answers.set(asked, await key.verify(statement, one.signature).catch(() => false));
  }
  return judgeSeals(commits, seal, {
    keyId: key.keyId,
    verify: (statement, signature) => answers.get(`${statement}\n${signature}`) === true,
  });
}

/** Every seal in a log, with what the audit calls it: the in-log receipts, then the file's own seal. */
export function sealsOf(
  commits: readonly LogCommit[],
  seal: LogSeal | undefined,
): { what: string; seal: LogSeal }[] {
  const found: { what: string; seal: LogSeal }[] = [];
  for (const c of commits) {
    for (const e of c.events as { type?: unknown; receipt?: LogSeal }[]) {
      if (e.type === 'logSealed' && e.receipt !== undefined)
        found.push({ what: `the receipt sealed at seq ${c.seq}`, seal: e.receipt });
    }
  }
  if (seal !== undefined) found.push({ what: "the log's seal", seal });
  return found;
}

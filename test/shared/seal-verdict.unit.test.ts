import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ed25519FromSeed, ed25519Signer, verifierOf } from '../../functions/adapters/signing/ed25519.js';
import { sealedLog } from '../../functions/cli/signed-log.js';
import { type LogCommit, sealCommit } from '../../shared/audit/chain.js';
import { judgeSeals, judgeSealsWith, type LogSeal, type SealVerdict } from '../../shared/audit/seal.js';
import { parseScenario, runScenario } from '../../shared/play/scenario.js';
import { tableLog } from '../../shared/play/table.js';
import { type LogKey, logKeyOf } from '../../web/src/logic/log-key.js';

const deployment = ed25519Signer(() => ed25519FromSeed(Buffer.alloc(32, 1)));
const forger = ed25519Signer(() => ed25519FromSeed(Buffer.alloc(32, 2)));

let log: LogCommit[];
let seal: LogSeal;
/** The deployment's key as the PWA gets it: its published JSON, imported with WebCrypto. */
let key: LogKey;

beforeAll(async () => {
  const parsed = parseScenario(JSON.parse(readFileSync('test/scenarios/online-town-wins.json', 'utf8')));
  if (!parsed.ok) throw new Error(parsed.message);
  ({ commits: log, seal } = await sealedLog(
    tableLog(runScenario(parsed.scenario).table, 'g-seal'),
    deployment,
  ));
  key = await logKeyOf(await deployment.publishedKey());
});

/** The log from `at` on with every hash recomputed by the published formula. */
function rehashedFrom(commits: LogCommit[], at: number): LogCommit[] {
  const out = commits.slice(0, at - 1);
  for (const c of commits.slice(at - 1)) out.push(sealCommit({ ...c, prevHash: out.at(-1)?.hash ?? '' }));
  return out;
}

/** Player 1 renamed in his join, hashes recomputed: no command can be decided against a name. */
function renamed(): LogCommit[] {
  const at = log.findIndex((c) => JSON.stringify(c.events).includes('"Player 1"')) + 1;
  const changed = log.map((c) =>
    c.seq === at ? JSON.parse(JSON.stringify(c).replaceAll('Player 1', 'Mallory')) : c,
  );
  return rehashedFrom(changed, at);
}

/** The verdict in the browser's way (WebCrypto, asynchronously) and the CLI's (node:crypto): they agree. */
async function verdict(commits: LogCommit[], sealed: LogSeal | undefined): Promise<SealVerdict> {
  const inBrowser = await judgeSealsWith(commits, sealed, key);
  const onCli = judgeSeals(commits, sealed, verifierOf((await deployment.publishedKey()).publicKey));
  expect(inBrowser).toEqual(onCli);
  return inBrowser;
}

describe("a log's seals judged against the deployment's published key", () => {
  it('given the log as the server sealed it, then it is verified at its last version by the published key', async () => {
    expect(await verdict(log, seal)).toEqual({ kind: 'verified', keyId: key.keyId, version: log.length });
    expect(key.keyId).toBe((await deployment.publishedKey()).keyId);
  });

  it('given a name changed and every hash recomputed, with the server’s seal kept, then the log is broken: not the one signed', async () => {
    expect(await verdict(renamed(), seal)).toMatchObject({
      kind: 'broken',
      reason: expect.stringMatching(/not the one signed/),
    });
  });

  it('given that changed log, its receipt dropped and sealed again by another key, then it is another key’s, not this server’s', async () => {
    const changed = renamed();
    expect(changed.at(-1)?.command).toMatchObject({ type: 'seal' });
    const forged = await sealedLog(changed.slice(0, -1), forger);
    expect(await verdict(forged.commits, forged.seal)).toMatchObject({ kind: 'otherKey' });
  });

  it('given a seal whose signature was made up, or a log cut short under the server’s seal, then it is broken', async () => {
    const madeUp = {
      ...seal,
      signature: `${seal.signature.slice(0, 85)}${seal.signature[85] === 'A' ? 'B' : 'A'}`,
    };
    expect(await verdict(log, madeUp)).toMatchObject({
      kind: 'broken',
      reason: expect.stringMatching(/does not verify/),
    });
    const cut = log.slice(0, -3);
    expect(await verdict(cut, seal)).toMatchObject({ kind: 'broken', reason: expect.stringMatching(/cut/) });
  });

  it('given no seal at all, then the log is unsigned', async () => {
    expect(await verdict(log, undefined)).toMatchObject({ kind: 'unsigned', seq: log.length });
  });

  it('given a published key whose key id is not its own, or no Ed25519 key, then it is refused before any check', async () => {
    const published = await deployment.publishedKey();
    await expect(logKeyOf({ ...published, keyId: (await forger.publishedKey()).keyId })).rejects.toThrow(
      /another key id/,
    );
    await expect(logKeyOf({ ...published, algorithm: 'RSA' })).rejects.toThrow(/no Ed25519 key/);
  });
});

import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JumpingClock } from '../../functions/adapters/memory/jumping-clock.js';
import { ed25519Signer } from '../../functions/adapters/signing/ed25519.js';
import { LOG_KEY_FILE } from '../../functions/local/log-key.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import type { LogSigner } from '../../functions/ports/log-signer.js';
import { type LogCommit, sealCommit } from '../../shared/audit/chain.js';
import { redecide } from '../../shared/audit/command.js';
import { emptyFold, foldCommits } from '../../shared/audit/fold.js';
import { parseJsonLines, toJsonLines } from '../../shared/audit/log-lines.js';
import type { LogSeal } from '../../shared/audit/seal.js';
import { finishWithJumps } from '../support/finish-game.js';
import { jumpToDeadline } from '../support/jump.js';
import { LocalTable, SLOW_ONLINE } from '../support/local-table.js';
import { mafia } from '../support/mafia-cli.js';

/**
 * A game played over WebSockets on the local server, with chat; its log downloaded as a player gets it,
 * the deployment's public key fetched from `/api/log-key`, and a player's receipt taken from his last view.
 * Then the log is forged every way we know, and `mafia audit` must refuse each forgery with its reason
 * while the untouched log passes.
 */
let server: RunningServer;
let dir: string;
const clock = new JumpingClock();
let log: LogCommit[];
let seal: LogSeal;
let receipt: LogSeal;
let keyFile: string;
let receiptFile: string;
/** The server's own key: only to seal forgeries that a holder of the key could make (the time checks). */
let serverSigner: LogSigner;
/** A forger's key, not the deployment's. */
const forgerSigner = ed25519Signer(() => createPrivateKey(readFileSync(join(dir, 'forger.key'), 'utf8')));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sleeping-city-forgeries-'));
  const dataDir = join(dir, 'data');
  server = await startServer({ port: 0, dataDir, quiet: true, clock });
  const table = await LocalTable.open(server.wsUrl, 7, SLOW_ONLINE);
  // The table chats in the lobby, while the town is awake.
  for (const [i, p] of table.players.slice(0, 3).entries()) {
    const said = await p.command({ type: 'say', channel: 'table', text: `good evening from ${i + 1}` });
    expect(said.type, JSON.stringify(said)).toBe('ack');
  }
  await table.start();
  await finishWithJumps(table, () => jumpToDeadline(server, clock, table.gameId));
  await server.settle();
  const player = table.players[0];
  const end = Date.now() + 5000;
  while (player.latest()?.receipt == null && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  receipt = player.latest()?.receipt as LogSeal;
  expect(receipt).toMatchObject({ gameId: table.gameId });

  const sent = await fetch(`${server.url}/api/games/${table.gameId}/log`, {
    headers: { authorization: `Bearer ${player.token}` },
  });
  expect(sent.status).toBe(200);
  const read = parseJsonLines(await sent.text());
  if (!read.ok || read.seal === undefined) throw new Error('the download is not a sealed log');
  log = read.commits;
  seal = read.seal;
  const key = await fetch(`${server.url}/api/log-key`);
  expect(key.status).toBe(200);
  keyFile = join(dir, 'deployment.key.json');
  writeFileSync(keyFile, await key.text());
  receiptFile = join(dir, 'receipt.json');
  writeFileSync(receiptFile, JSON.stringify({ receipt }));
  await table.close();

  const pem = readFileSync(join(dataDir, LOG_KEY_FILE), 'utf8');
  serverSigner = ed25519Signer(() => createPrivateKey(pem));
  const { generateKeyPairSync } = await import('node:crypto');
  writeFileSync(
    join(dir, 'forger.key'),
    generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }),
  );
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const clone = (): LogCommit[] => structuredClone(log);
const typeOf = (c: LogCommit) => (c.command as { type?: string } | undefined)?.type;
const chatIndexes = () => log.flatMap((c, i) => (typeOf(c) === 'say' ? [i] : []));

/** Every hash recomputed by the published formula, from `from` on, and the seqs renumbered. */
function reseal(commits: LogCommit[], from = 0): LogCommit[] {
  const out = commits.map((c, i) => ({ ...c, seq: i + 1 }));
  for (let i = from; i < out.length; i++)
    out[i] = sealCommit({ ...out[i], prevHash: i === 0 ? '' : out[i - 1].hash });
  return out;
}

/** The log re-signed by `signer`: its receipt commit's signature and its seal, as a key's holder would. */
async function resign(
  commits: LogCommit[],
  signer: LogSigner,
): Promise<{ commits: LogCommit[]; seal: LogSeal }> {
  const out = structuredClone(commits);
  const at = out.findIndex((c) => typeOf(c) === 'seal');
  if (at >= 0) {
    const old = (out[at].command as { receipt: LogSeal }).receipt;
    const ended = out.find((c) => c.seq === old.version) as LogCommit;
    const fresh = await signer.seal(ended.gameId, ended.seq, ended.hash);
    out[at] = {
      ...out[at],
      command: { type: 'seal', receipt: fresh },
      events: [{ type: 'logSealed', receipt: fresh }],
    };
  }
  const sealed = reseal(out, Math.max(0, at));
  const head = sealed[sealed.length - 1];
  return { commits: sealed, seal: await signer.seal(head.gameId, head.seq, head.hash) };
}

let n = 0;
async function audit(text: string, ...extra: string[]) {
  const path = join(dir, `forged-${++n}.jsonl`);
  writeFileSync(path, text);
  return mafia('audit', path, '--key', keyFile, ...extra);
}

const refused = (r: { status: number; stdout: string; stderr: string }, reason: RegExp) => {
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(reason);
  expect(r.status).toBe(1);
};

describe('mafia audit against forged logs', () => {
  it('given the log as the server sent it, when audited with the published key and the receipt, then it passes', async () => {
    expect(chatIndexes().length).toBe(3);
    expect(log.filter((c) => typeOf(c) === 'seal')).toHaveLength(1);
    const r = await audit(toJsonLines(log, seal), '--receipt', receiptFile);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(
        `signed by key ${seal.keyId} at version ${log.length}, holds the receipt of version ${receipt.version};`,
      ),
    );
  });

  it('given a chat line rewritten, when audited, then its hash gives it away', async () => {
    const forged = clone();
    const k = chatIndexes()[1];
    (forged[k].events[0] as { message: { text: string } }).message.text = 'I am the sheriff';
    refused(
      await audit(toJsonLines(forged, seal)),
      new RegExp(`: seq ${k + 1}: hash does not match the commit`),
    );
  });

  it('given a chat line rewritten in its command and event and every hash recomputed, when audited, then the signature does not cover it', async () => {
    const forged = clone();
    const k = chatIndexes()[1];
    (forged[k].command as { text: string }).text = 'I am the sheriff';
    (forged[k].events[0] as { message: { text: string } }).message.text = 'I am the sheriff';
    refused(await audit(toJsonLines(reseal(forged), seal)), /signs hash .* the log is not the one signed/);
  });

  it('given all chat removed and the log renumbered and resealed, when audited, then the signature does not cover it', async () => {
    const forged = reseal(clone().filter((c) => typeOf(c) !== 'say'));
    refused(await audit(toJsonLines(forged, seal)), /the log is not the one signed|it was cut/);
  });

  it('given the rewritten log signed again with a key of the forger, when audited, then the key is not the deployment’s', async () => {
    const forged = clone();
    const k = chatIndexes()[0];
    (forged[k].command as { text: string }).text = 'vote 3';
    (forged[k].events[0] as { message: { text: string } }).message.text = 'vote 3';
    const again = await resign(reseal(forged), forgerSigner);
    refused(
      await audit(toJsonLines(again.commits, again.seal)),
      /is signed by key .*, not by the deployment's key/,
    );
  });

  it('given a commit moved by an hour and resealed, when audited, then the time gives it away; the last commit moved, the signature', async () => {
    const forged = clone();
    const k = chatIndexes()[0];
    forged[k].at += 3600_000;
    (forged[k].events[0] as { message: { at: number } }).message.at += 3600_000;
    refused(
      await audit(toJsonLines(reseal(forged), seal)),
      new RegExp(`: seq ${k + 2}: its time goes back: `),
    );
    const late = clone();
    late[late.length - 1].at += 3600_000;
    refused(
      await audit(toJsonLines(reseal(late), seal)),
      /the log's seal signs hash .* the log is not the one signed/,
    );
  });

  it('given a commit moved before the game was created, when audited, then it is refused even signed with the key', async () => {
    const forged = clone();
    forged[1].at = forged[0].at - 60_000;
    const signed = await resign(reseal(forged), serverSigner);
    refused(
      await audit(toJsonLines(signed.commits, signed.seal)),
      /: seq 2: its time .* is before the game's creation at /,
    );
  });

  it('given a deadline fired before its time, when audited, then it is refused even signed with the key', async () => {
    const forged = clone();
    const k = forged.findIndex((c, i) => typeOf(c) === 'timeUp' && i > 0 && c.at - forged[i - 1].at > 10_000);
    expect(k).toBeGreaterThan(0);
    forged[k].at -= 5000;
    const signed = await resign(reseal(forged), serverSigner);
    refused(
      await audit(toJsonLines(signed.commits, signed.seal)),
      new RegExp(`: seq ${k + 1}: the deadline .* fired at .*, \\d+ ms before its time `),
    );
  });

  it('given two commits swapped and renumbered, or one dropped and renumbered, and resealed, when audited, then each is refused', async () => {
    const [a, b] = chatIndexes();
    const swapped = clone();
    [swapped[a], swapped[b]] = [swapped[b], swapped[a]];
    refused(
      await audit(toJsonLines(reseal(swapped), seal)),
      new RegExp(`: seq ${b + 1}: its time goes back: `),
    );
    const dropped = clone();
    dropped.splice(b, 1);
    refused(await audit(toJsonLines(reseal(dropped), seal)), /the log is not the one signed|it was cut/);
  });

  it('given the last commits cut, when audited, then a log without its seal, or with a seal of more, is refused', async () => {
    const cut = clone().slice(0, -3);
    refused(await audit(toJsonLines(cut)), /the log is not signed: it carries no seal/);
    refused(
      await audit(toJsonLines(cut, seal)),
      new RegExp(
        `the log's seal signs version ${seal.version}, and the log ends at version ${cut.length}: it was cut`,
      ),
    );
  });

  it('given a cut log sealed by the deployment itself, when audited with the player’s receipt, then the receipt shows it was cut', async () => {
    const cut = clone().slice(0, receipt.version - 2);
    const head = cut[cut.length - 1];
    const signed = await serverSigner.seal(head.gameId, head.seq, head.hash);
    // Without a receipt the server's word is all there is.
    expect((await audit(toJsonLines(cut, signed))).status).toBe(0);
    refused(
      await audit(toJsonLines(cut, signed), '--receipt', receiptFile),
      new RegExp(
        `the receipt signs version ${receipt.version}, and the log ends at version ${cut.length}: it was cut`,
      ),
    );
  });

  it('given commits added after the seal, when audited, then they are refused', async () => {
    const longer = clone();
    const last = longer[longer.length - 1];
    // A line of chat after the end, as the server would have decided it.
    const command = { type: 'say', channel: 'table', text: 'the host let me vote twice' };
    const said = redecide(foldCommits(emptyFold, longer).state, { actor: '1', at: last.at, command });
    if (!said.ok) throw new Error('the late line is refused');
    const late = { gameId: last.gameId, seq: last.seq + 1, commandId: 'late', actor: '1', at: last.at };
    longer.push(sealCommit({ ...late, command, events: said.events, prevHash: last.hash }));
    refused(
      await audit(toJsonLines(longer, seal)),
      new RegExp(`the log's seal signs version ${seal.version}, and commits after it were added`),
    );
  });

  it('given a field no commit has, with or without the hashes recomputed, when audited, then it is refused', async () => {
    const forged = clone();
    const k = chatIndexes()[2];
    (forged[k] as unknown as Record<string, unknown>).note = 'the judge allowed it';
    const reason = new RegExp(`: seq ${k + 1}: the commit has a field no commit has: "note"`);
    refused(await audit(toJsonLines(forged, seal)), reason);
    refused(await audit(toJsonLines(reseal(forged), seal)), reason);
  });

  it('given a seal with a signature altered, another game’s id, or a field of its own, when audited, then each is refused', async () => {
    const flip = seal.signature[10] === 'A' ? 'B' : 'A';
    const altered = {
      ...seal,
      signature: `${seal.signature.slice(0, 10)}${flip}${seal.signature.slice(11)}`,
    };
    refused(await audit(toJsonLines(log, altered)), /the log's seal's signature does not verify/);
    refused(
      await audit(toJsonLines(log, { ...seal, gameId: 'another-game' })),
      /the log's seal is of game another-game/,
    );
    const extra = `${toJsonLines(log)}${JSON.stringify({ seal: { ...seal, note: 1 } })}\n`;
    const r = await audit(extra);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/the seal has an unknown field "note"/);
  });

  it('given the receipt in the log forged, when audited, then its signature fails', async () => {
    const forged = clone();
    const at = forged.findIndex((c) => typeOf(c) === 'seal');
    const fake = { ...receipt, signature: seal.signature };
    forged[at] = {
      ...forged[at],
      command: { type: 'seal', receipt: fake },
      events: [{ type: 'logSealed', receipt: fake }],
    };
    const head = reseal(forged, at);
    const signed = await serverSigner.seal(head[0].gameId, head.length, head[head.length - 1].hash);
    refused(
      await audit(toJsonLines(head, signed)),
      new RegExp(`the receipt sealed at seq ${at + 1}'s signature does not verify`),
    );
  });

  it('given a receipt of another log, when audited, then it is refused', async () => {
    const other = join(dir, 'other-receipt.json');
    writeFileSync(other, JSON.stringify({ ...receipt, hash: 'a'.repeat(64) }));
    refused(
      await audit(toJsonLines(log, seal), '--receipt', other),
      /the receipt signs hash aaaaaaaaaaaa… at version/,
    );
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeCommit, nativeSha256Hex } from '../../functions/app/commit.js';
import type { Commit } from '../../functions/ports/event-store.js';
import { canonicalJson, commitHash, verifyChain } from '../../shared/audit/chain.js';
import { sha256Hex } from '../../shared/audit/sha256.js';

function chain(count: number): Commit[] {
  const commits: Commit[] = [];
  for (let seq = 1; seq <= count; seq++) {
    const prevHash = commits[seq - 2]?.hash ?? '';
    const body = {
      gameId: 'g1',
      seq,
      commandId: `c${seq}`,
      actor: 'host',
      at: seq,
      events: [{ n: seq }],
      prevHash,
    };
    commits.push({ ...body, hash: commitHash(prevHash, body) });
  }
  return commits;
}

const rehash = (c: Commit): Commit => ({ ...c, hash: commitHash(c.prevHash, c) });

describe('commitHash', () => {
  it('given the same commit twice, when hashed, then the hashes are equal sha256 hex', () => {
    const [c] = chain(1);
    expect(commitHash('', c)).toBe(commitHash('', structuredClone(c)));
    expect(c.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('given events whose keys come in another order, when hashed, then the hash is the same', () => {
    const [c] = chain(1);
    const a = { ...c, events: [{ type: 'voted', by: 1, target: 2 }] };
    const b = { ...c, events: [{ target: 2, type: 'voted', by: 1 }] };
    expect(commitHash('', a)).toBe(commitHash('', b));
    expect(canonicalJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe('{"a":[{"c":2,"d":1}],"b":1}');
  });

  it('given any field changed, when hashed, then the hash changes', () => {
    const [c] = chain(1);
    const base = commitHash('', c);
    const changes: Array<Partial<Commit>> = [
      { gameId: 'g2' },
      { seq: 2 },
      { commandId: 'other' },
      { actor: '3' },
      { at: 2 },
      { events: [{ n: 2 }] },
    ];
    for (const change of changes) expect(commitHash('', { ...c, ...change })).not.toBe(base);
    expect(commitHash('x', c)).not.toBe(base);
  });

  it('given a commit with its command, when the command changes or is dropped, then the hash changes', () => {
    const [c] = chain(1);
    const withCommand = { ...c, command: { type: 'vote', target: 4 } };
    const base = commitHash('', withCommand);
    expect(commitHash('', { ...withCommand, command: { type: 'vote', target: 6 } })).not.toBe(base);
    expect(commitHash('', c)).not.toBe(base);
  });

  it('given a commit without a command, when hashed, then it is SHA-256 of the form commits had before commands were kept', () => {
    const [c] = chain(1);
    const old = canonicalJson([c.gameId, c.seq, c.commandId, c.actor, c.at, c.events, '']);
    expect(commitHash('', c)).toBe(createHash('sha256').update(old).digest('hex'));
    const withCommand = { ...c, command: { type: 'say', channel: 'table', text: 'Доброе утро 🌆' } };
    const body = canonicalJson([
      c.gameId,
      c.seq,
      c.commandId,
      c.actor,
      c.at,
      withCommand.command,
      c.events,
      '',
    ]);
    expect(commitHash('', withCommand)).toBe(createHash('sha256').update(body).digest('hex'));
  });
});

describe('verifyChain', () => {
  it('given a well-formed chain or a slice of it, when verified, then it is ok', () => {
    const commits = chain(4);
    expect(verifyChain(commits)).toEqual({ ok: true });
    expect(verifyChain(commits.slice(2))).toEqual({ ok: true });
    expect(verifyChain([])).toEqual({ ok: true });
  });

  it('given an event edited after the fact, when verified, then that seq is reported', () => {
    const commits = chain(3);
    commits[1] = { ...commits[1], events: [{ n: 99 }] };
    expect(verifyChain(commits)).toEqual({ ok: false, seq: 2, reason: 'hash does not match the commit' });
  });

  it('given a commit rehashed after editing, when verified, then the next link is reported broken', () => {
    const commits = chain(3);
    commits[1] = rehash({ ...commits[1], events: [{ n: 99 }] });
    expect(verifyChain(commits)).toMatchObject({ ok: false, seq: 3 });
  });

  it('given a missing commit, when verified, then the gap is reported', () => {
    const commits = chain(3);
    expect(verifyChain([commits[0], commits[2]])).toMatchObject({
      ok: false,
      seq: 3,
      reason: 'expected seq 2',
    });
  });

  it('given a first commit with a non-empty prevHash, when verified, then it is reported', () => {
    const [first] = chain(1);
    expect(verifyChain([rehash({ ...first, prevHash: 'abc' })])).toMatchObject({ ok: false, seq: 1 });
  });

  it('given commits of two games, when verified as one chain, then the mix is reported', () => {
    const commits = chain(2);
    commits[1] = rehash({ ...commits[1], gameId: 'g2' });
    expect(verifyChain(commits)).toMatchObject({ ok: false, seq: 2 });
  });
});

describe("the server's native digest", () => {
  it('given texts of every length and script, when hashed natively and by the pure core, then the digests are equal', () => {
    const texts = ['', 'a', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64), 'Доброе утро 🌆'.repeat(40)];
    for (const text of texts) expect(nativeSha256Hex(text)).toBe(sha256Hex(text));
  });

  it('given commits the server sealed, when the pure core verifies them, then the chain holds', () => {
    const attempt = { gameId: 'g1', actor: '3', command: { type: 'vote' as const, target: 4 } };
    const first = makeCommit({ ...attempt, commandId: 'c1' }, 1, '', 10, [{ type: 'voted', by: 3, to: 4 }]);
    const second = makeCommit({ ...attempt, commandId: 'c2' }, 2, first.hash, 11, [
      { type: 'unvoted', by: 3 },
    ]);
    expect(verifyChain([first, second])).toEqual({ ok: true });
  });
});

import { describe, expect, it } from 'vitest';
import { MemoryEventStore } from '../../functions/adapters/memory/event-store.js';
import type { AppendResult, Commit, EventStore } from '../../functions/ports/event-store.js';
import { verifyChain } from '../../shared/audit/chain.js';
import { AppHarness, frameOf } from '../support/app-harness.js';

/**
 * A store that orders appends as they are called (as the embedded log does) but makes each durable only
 * when the test says so, or refuses it.
 */
class GatedStore implements EventStore {
  readonly inner = new MemoryEventStore();
  private readonly visible = new Map<string, number>();
  private gates: Array<{ commit: Commit; open: (ok: boolean) => void }> = [];
  holding = false;

  async append(commit: Commit): Promise<AppendResult> {
    const accepted = await this.inner.append(commit);
    if (!accepted.ok || !this.holding) return this.show(commit, accepted);
    const ok = await new Promise<boolean>((open) => this.gates.push({ commit, open }));
    return ok ? this.show(commit, accepted) : { ok: false, reason: 'conflict' };
  }

  /** Commits waiting to become durable. */
  waiting(): number {
    return this.gates.length;
  }

  release(ok = true): void {
    const gates = this.gates;
    this.gates = [];
    for (const gate of gates) gate.open(ok);
  }

  async read(gameId: string, afterSeq = 0): Promise<Commit[]> {
    const upTo = this.visible.get(gameId) ?? 0;
    return (await this.inner.read(gameId, afterSeq)).filter((c) => c.seq <= upTo);
  }

  listGames(): Promise<string[]> {
    return this.inner.listGames();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private show(commit: Commit, result: AppendResult): AppendResult {
    if (result.ok) this.visible.set(commit.gameId, commit.seq);
    return result;
  }
}

async function givenPipelinedLobby(players: number) {
  const store = new GatedStore();
  const h = new AppHarness(undefined, { store, pipeline: true });
  const created = frameOf(await h.send('host', { action: 'create', settings: {}, name: 'Hana' }), 'created');
  for (let seat = 1; seat <= players; seat++)
    await h.send(`p${seat}`, { action: 'join', code: created.code, name: `P${seat}` });
  return { h, store, gameId: created.gameId };
}

const say = (commandId: string, text: string) => ({
  action: 'command' as const,
  commandId,
  command: { type: 'say', channel: 'table', text },
});

describe('pipelined appends', () => {
  it('given commits still syncing, when more commands of the game arrive, then they are decided on top and acked only once durable', async () => {
    const { h, store, gameId } = await givenPipelinedLobby(3);
    store.holding = true;
    const replies = [1, 2, 3].map((seat) => h.send(`p${seat}`, say(`s${seat}`, `hello from ${seat}`)));
    let acked = false;
    void Promise.all(replies).then(() => {
      acked = true;
    });
    while (store.waiting() < 3) await new Promise((r) => setTimeout(r, 1));
    expect(acked).toBe(false);
    // Nothing undurable is shown: a view now is still of version 4.
    expect(frameOf(await h.send('p1', { action: 'sync' }), 'view').version).toBe(4);
    store.release();
    const versions = (await Promise.all(replies)).map((r) => frameOf(r, 'ack').version);
    expect(versions.sort()).toEqual([5, 6, 7]);
    expect(verifyChain(await store.inner.read(gameId))).toEqual({ ok: true });
  });

  it('given a command id still syncing, when it comes again, then the repeat waits for it and gets the same ack', async () => {
    const { h, store } = await givenPipelinedLobby(1);
    store.holding = true;
    const first = h.send('p1', say('twice', 'once'));
    while (store.waiting() < 1) await new Promise((r) => setTimeout(r, 1));
    const again = h.send('p1', say('twice', 'once'));
    await new Promise((r) => setTimeout(r, 5));
    expect(store.waiting()).toBe(1);
    store.release();
    expect(await again).toEqual(await first);
  });

  it('given the store refuses a syncing commit, when its followers settle, then every command is decided again and none is lost', async () => {
    const { h, store, gameId } = await givenPipelinedLobby(2);
    store.holding = true;
    const replies = [h.send('p1', say('a', 'first')), h.send('p2', say('b', 'second'))];
    while (store.waiting() < 2) await new Promise((r) => setTimeout(r, 1));
    // The refused commits never happened: take them out of the log, as a failed write would have.
    (store.inner as unknown as { games: Map<string, string[]> }).games.get(gameId)?.splice(3);
    store.holding = false;
    store.release(false);
    const versions = (await Promise.all(replies)).map((r) => frameOf(r, 'ack').version).sort();
    expect(versions).toEqual([4, 5]);
    const texts = (await store.inner.read(gameId))
      .slice(3)
      .map((c) => (c.events[0] as { message: { text: string } }).message.text);
    expect(texts.sort()).toEqual(['first', 'second']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JumpingClock } from '../../functions/adapters/memory/jumping-clock.js';
import type { LogLine } from '../../functions/app/log.js';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import type { Commit } from '../../functions/ports/event-store.js';
import { emptyFold, foldCommits } from '../../shared/index.js';
import { jumpToEnd } from '../support/jump.js';
import { LocalTable, SLOW_ONLINE } from '../support/local-table.js';

let server: RunningServer;
const clock = new JumpingClock();
const lines: LogLine[] = [];

beforeAll(async () => {
  server = await startServer({ port: 0, store: 'memory', clock, log: (line) => lines.push(line) });
});
afterAll(() => server?.close());

/** The commits at which the game's step changed after the host started it, each with the step it ended. */
function stepEnds(commits: Commit[]): Array<{ commit: Commit; ended: string }> {
  const ends: Array<{ commit: Commit; ended: string }> = [];
  let folded = emptyFold;
  for (const commit of commits) {
    const before = folded.state.phase.id;
    folded = foldCommits(folded, [commit]);
    if (before !== 'lobby' && folded.state.phase.id !== before) ends.push({ commit, ended: before });
  }
  return ends;
}

describe('local stack: the five handlers driven by the events AWS sends them', () => {
  it('given a game where only the mafia act, when every deadline is jumped to, then every step ended through the deadline handler and every view came from the projector handler', async () => {
    const table = await LocalTable.open(server.wsUrl, 7, SLOW_ONLINE);
    const joined = new Map(table.players.map((p) => [p, p.version()]));
    await table.start();
    await jumpToEnd(server, clock, table);

    expect(table.host.latest()?.winner).toBe('mafia');

    const commits = await server.app.deps.store.read(table.gameId);
    const deadlineLines = lines.filter((l) => l.action === 'deadline' && l.game === table.gameId);
    const fired = deadlineLines.filter((l) => l.outcome === 'fired').map((l) => l.commandId);
    const ends = stepEnds(commits);
    expect(ends.length).toBeGreaterThan(5);
    for (const { commit, ended } of ends) {
      expect(commit.commandId, `step ${ended} ended by a command`).toMatch(/^timeUp:/);
      expect(fired).toContain(commit.commandId);
    }
    expect(fired).toHaveLength(commits.filter((c) => c.commandId.startsWith('timeUp:')).length);

    const projected = new Set(
      lines
        .filter((l) => l.action === 'project' && l.game === table.gameId && l.outcome === 'sent')
        .map((l) => l.version),
    );
    expect(projected).toContain(commits.length);
    for (const [player, joinVersion] of joined) {
      const later = player.views().filter((v) => v.version > joinVersion);
      expect(later.length).toBeGreaterThan(0);
      for (const { version } of later) expect(projected, `view v${version}`).toContain(version);
    }
    for (const { version } of table.host.views().slice(1)) expect(projected).toContain(version);
    await table.close();
  });
});

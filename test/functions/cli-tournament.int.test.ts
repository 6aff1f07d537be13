import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TournamentExport } from '../../functions/cli/tournament.js';
import { sealCommit } from '../../shared/audit/chain.js';
import { parseJsonLines, toJsonLines } from '../../shared/audit/log-lines.js';
import { pointsBySeat } from '../../shared/audit/points.js';
import { parseScenario, runScenario } from '../../shared/play/scenario.js';
import { drawSeating } from '../../shared/tournament/seating.js';
import { seatingOf, type Tournament } from '../../shared/tournament/tournament.js';
import { mafia } from '../support/mafia-cli.js';

const root = join(import.meta.dirname, '..', '..');
const tmp = mkdtempSync(join(tmpdir(), 'mafia-tournament-'));
const logs = join(tmp, 'logs');

/** 20 players, 2 tables × 2 rounds; each table plays a sport game of the suite, seated from the seating. */
const tournament: Tournament = {
  name: 'Autumn Cup',
  players: Array.from({ length: 20 }, (_, i) => ({ id: `p${i + 1}`, name: `Player ${i + 1}` })),
  rounds: 2,
  tables: 2,
  seed: 11,
  swaps: [{ round: 2, a: 'p1', b: 'p2' }],
  games: [
    { round: 1, table: 1, gameId: 'play-r1t1' },
    { round: 1, table: 2, gameId: 'play-r1t2' },
    { round: 2, table: 1, gameId: 'play-r2t1' },
    { round: 2, table: 2, gameId: 'play-r2t2' },
  ],
  ratingsBefore: {},
};
const PLAYED = [
  'sport-red-wins.json',
  'sport-black-wins.json',
  'sport-sheet-full-game.json',
  'sport-best-move.json',
];
const file = join(tmp, 'tournament.json');
const exportFile = join(tmp, 'export.json');
const sheets: Record<string, ReturnType<typeof pointsBySeat>> = {};

let dataDirBefore: string | undefined;

afterAll(() => {
  if (dataDirBefore === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = dataDirBefore;
});

beforeAll(async () => {
  const { mkdirSync } = await import('node:fs');
  mkdirSync(logs);
  // The machine whose key seals the logs `mafia play --log` writes, and that `mafia audit` checks them with.
  dataDirBefore = process.env.DATA_DIR;
  process.env.DATA_DIR = join(tmp, 'machine');
  writeFileSync(file, JSON.stringify(tournament));
  const seating = seatingOf(tournament);
  if ('code' in seating) throw new Error(seating.message);
  const names = new Map(tournament.players.map((p) => [p.id, p.name]));
  for (const [i, g] of tournament.games.entries()) {
    const json = JSON.parse(readFileSync(join(root, 'test', 'scenarios', PLAYED[i]), 'utf8'));
    json.names = seating[g.round - 1].tables[g.table - 1].map((id) => names.get(id));
    const parsed = parseScenario(json);
    if (!parsed.ok) throw new Error(parsed.message);
    const run = runScenario(parsed.scenario);
    if (!run.ok) throw new Error(run.message);
    sheets[g.gameId] = pointsBySeat(run.table.state);
    const scenario = join(tmp, `${g.gameId.replace('play-', '')}.json`);
    writeFileSync(scenario, JSON.stringify(json));
    const played = await mafia('play', scenario, '--log', join(logs, `${g.gameId}.jsonl`));
    if (played.status !== 0) throw new Error(played.stderr);
  }
});

describe('mafia tournament', () => {
  it('given a tournament file, when its seating is printed, then each round lists both tables with names, and the balance gives per player the seats taken and the opponents met', async () => {
    const r = await mafia('tournament', 'seating', file);
    expect(r.status, r.stderr).toBe(0);
    const printed = JSON.parse(r.stdout);
    expect(printed.rounds).toHaveLength(2);
    expect(printed.rounds[1].tables[0].seats[0]).toMatchObject({
      seat: 1,
      name: expect.stringMatching(/^Player/),
    });
    expect(printed.balance.players.p1.seats).toHaveLength(2);
    // The organizer's swap in round 2: p1 sits where the draw put p2, and p2 where it put p1.
    const drawn = drawSeating({
      players: tournament.players.map((p) => p.id),
      rounds: 2,
      tables: 2,
      seed: 11,
    });
    if ('code' in drawn) throw new Error(drawn.message);
    const seatOf = (tables: string[][], id: string) => tables.flat().indexOf(id);
    const printedRound2 = printed.rounds[1].tables.map((t: { seats: Array<{ id: string }> }) =>
      t.seats.map((x) => x.id),
    );
    expect(seatOf(printedRound2, 'p1')).toBe(seatOf(drawn[1].tables, 'p2'));
    expect(seatOf(printedRound2, 'p2')).toBe(seatOf(drawn[1].tables, 'p1'));
    expect(printed.balance.players.p1.opponents).toBeGreaterThanOrEqual(13);
  });

  it("given the games' logs, when the standings are asked, then each player's points are the sum of his games' sheets", async () => {
    const r = await mafia('tournament', 'standings', file, '--logs', logs);
    expect(r.status, r.stderr).toBe(0);
    const { standings, counted } = JSON.parse(r.stdout);
    expect(counted).toEqual(['play-r1t1', 'play-r1t2', 'play-r2t1', 'play-r2t2']);
    const seating = seatingOf(tournament);
    if ('code' in seating) throw new Error(seating.message);
    const expected = new Map<string, number>();
    tournament.games.forEach((g) => {
      seating[g.round - 1].tables[g.table - 1].forEach((id, s) => {
        expected.set(id, Math.round(((expected.get(id) ?? 0) + sheets[g.gameId]![s + 1].total) * 100) / 100);
      });
    });
    for (const line of standings) expect(line.points, line.player).toBe(expected.get(line.player));
  });

  it('given the export, when audited, then it passes; when a game result, a standing or a rating is changed, or a game is left out, then it fails and says where', async () => {
    const r = await mafia('tournament', 'export', file, '--logs', logs);
    expect(r.status, r.stderr).toBe(0);
    writeFileSync(exportFile, r.stdout);
    const audited = await mafia('audit', exportFile);
    expect(audited.status, audited.stderr).toBe(0);
    expect(audited.stdout).toContain('4 games audited');

    const exported = JSON.parse(r.stdout) as TournamentExport;
    const forged = (name: string, change: (e: TournamentExport) => void) => {
      const copy = structuredClone(exported);
      change(copy);
      const path = join(tmp, name);
      writeFileSync(path, JSON.stringify(copy));
      return path;
    };

    // A result changed inside a game's log, its hashes recomputed so that the chain holds: the seal fails.
    const resealed = forged('result.json', (e) => {
      const read = parseJsonLines(e.logs['play-r1t1']);
      if (!read.ok) throw new Error(read.message);
      const log = read.commits.map((c) => ({
        ...c,
        events: c.events.map((ev) =>
          (ev as { type: string }).type === 'gameEnded' ? { ...(ev as object), winner: 'mafia' } : ev,
        ),
      }));
      for (const [i, c] of log.entries())
        log[i] = sealCommit({ ...c, prevHash: i === 0 ? '' : log[i - 1].hash });
      e.logs['play-r1t1'] = toJsonLines(log, read.seal);
    });
    const result = await mafia('audit', resealed);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('game play-r1t1');

    const standing = forged('standing.json', (e) => {
      e.standings[3].points += 1;
    });
    const s = await mafia('audit', standing);
    expect(s.status).toBe(1);
    expect(s.stderr).toContain('standings, place');

    const rating = forged('rating.json', (e) => {
      e.ratings.p5.rating += 10;
    });
    expect((await mafia('audit', rating)).stderr).toContain('rating of p5');

    const dropped = forged('dropped.json', (e) => {
      delete e.logs['play-r2t2'];
    });
    expect((await mafia('audit', dropped)).stderr).toContain('game play-r2t2: its log is missing');

    const swapped = forged('swapped.json', (e) => {
      [e.logs['play-r1t1'], e.logs['play-r1t2']] = [e.logs['play-r1t2'], e.logs['play-r1t1']];
    });
    const sw = await mafia('audit', swapped);
    expect(sw.status).toBe(1);
    expect(sw.stderr).toContain('game play-r1t1: its log is the log of game play-r1t2');
  });

  it('given a bad tournament file or a missing log, then it refuses with a clear error', async () => {
    const bad = join(tmp, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({ ...tournament, games: [...tournament.games, { round: 3, table: 1, gameId: 'x' }] }),
    );
    const r = await mafia('tournament', 'standings', bad, '--logs', logs);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('there is no table 1 in round 3');
    const missing = await mafia('tournament', 'standings', file, '--logs', join(tmp, 'nowhere'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('game play-r1t1');
    expect((await mafia('tournament', 'seating', file, '--logs', logs)).status).toBe(2);
  });
});

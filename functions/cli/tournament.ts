import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { auditLog } from '../../shared/audit/audit.js';
import type { LogCommit } from '../../shared/audit/chain.js';
import { parseJsonLines, toJsonLines } from '../../shared/audit/log-lines.js';
import type { SealVerifier } from '../../shared/audit/seal.js';
import type { GameState } from '../../shared/engine/state.js';
import { balanceOf } from '../../shared/tournament/seating.js';
import {
  parseTournament,
  seatingOf,
  type Tournament,
  type TournamentResult,
  tournamentResult,
} from '../../shared/tournament/tournament.js';
import { RELEASE } from '../release.js';
import {
  exportFromDataDir,
  exportFromDynamo,
  tournamentFromDataDir,
  tournamentFromDynamo,
} from './export.js';

import type { Out } from './mafia.js';

export const TOURNAMENT_USAGE = `       mafia tournament file ID [--table T --region R]
                                         a tournament the server keeps, as a tournament FILE for the
                                         commands below (the local data, or a deployment's table)
       mafia tournament seating FILE       the seating of a tournament file, round by round, and its
                                         balance: per player the seats taken and the opponents met
       mafia tournament standings FILE [--logs DIR | --table T --region R]
                                         standings and ratings from the games' logs (docs/tournaments.md)
       mafia tournament export FILE [--logs DIR | --table T --region R]
                                         the tournament, every game's log, the standings and ratings,
                                         as one JSON file that mafia audit checks`;

/** What `mafia tournament export` writes and `mafia audit` checks. */
export interface TournamentExport {
  tournament: Tournament;
  /** Each game's log as the server sends it (JSON Lines closed by its seal), verbatim. */
  logs: Record<string, string>;
  standings: TournamentResult['standings'];
  ratings: TournamentResult['ratings']['players'];
}

type Source =
  | { kind: 'files'; dir: string }
  | { kind: 'dynamo'; table: string; region: string }
  | { kind: 'data' };

/** Exit codes as `mafia`'s: 0 done, 1 a game or the standings failed a check, 2 bad usage or input. */
export async function tournamentMain(args: string[], out: Out, err: Out): Promise<number> {
  const fail = (message: string, code = 2) => {
    err.write(`mafia: ${message}\n`);
    return code;
  };
  const [sub, file, ...options] = args;
  if (!['file', 'seating', 'standings', 'export'].includes(sub) || file === undefined)
    return fail(`usage:\n${TOURNAMENT_USAGE}`);
  const source = sourceOf(options, sub !== 'seating');
  if (typeof source === 'string') return fail(source);
  if (sub === 'file') {
    if (source.kind === 'files') return fail('a kept tournament is read from the local data or --table');
    let kept: Awaited<ReturnType<typeof tournamentFromDynamo>>;
    try {
      kept =
        source.kind === 'dynamo'
          ? await tournamentFromDynamo(source.table, source.region, file)
          : tournamentFromDataDir(process.env.DATA_DIR ?? '.data', file);
    } catch (e) {
      return fail(`cannot read tournament ${file}: ${(e as Error).message}`);
    }
    if (kept === null) return fail(`no tournament ${file}`, 1);
    out.write(`${JSON.stringify(kept.tournament, null, 2)}\n`);
    return 0;
  }
  let tournament: Tournament;
  try {
    const parsed = parseTournament(JSON.parse(readFileSync(file, 'utf8')));
    if ('code' in parsed) return fail(`${file}: ${parsed.message}`);
    tournament = parsed;
  } catch (e) {
    return fail(`cannot read ${file}: ${(e as Error).message}`);
  }
  if (sub === 'seating') {
    const seating = seatingOf(tournament);
    if ('code' in seating) return fail(`${file}: ${seating.message}`);
    const names = new Map(tournament.players.map((p) => [p.id, p.name]));
    const rounds = seating.map((r) => ({
      round: r.round,
      tables: r.tables.map((t, i) => ({
        table: i + 1,
        seats: t.map((id, s) => ({ seat: s + 1, id, name: names.get(id) })),
      })),
    }));
    out.write(`${JSON.stringify({ rounds, balance: balanceOf(seating) }, null, 2)}\n`);
    return 0;
  }
  const logs: Record<string, string> = {};
  for (const { gameId } of tournament.games) {
    try {
      logs[gameId] = await readLog(source, gameId);
    } catch (e) {
      return fail(`game ${gameId}: ${(e as Error).message}`);
    }
    if (logs[gameId].trim() === '') return fail(`game ${gameId}: no such game`, 1);
  }
  const result = resultOfLogs(tournament, logs);
  if (typeof result === 'string') return fail(result, 1);
  const summary = { standings: result.standings, ratings: result.ratings.players };
  out.write(
    `${JSON.stringify(
      sub === 'export'
        ? ({ tournament, logs, ...summary } satisfies TournamentExport)
        : {
            ...summary,
            counted: result.counted,
            unfinished: result.unfinished,
            changes: result.ratings.changes,
          },
      null,
      2,
    )}\n`,
  );
  return 0;
}

/**
 * `mafia audit` of an export: every game's log is audited as a log alone is, then the standings and
 * ratings are computed again from those logs and must equal the ones written: a changed result, a game
 * left out or a hand-edited table fails, naming the first difference.
 */
export function auditTournamentExport(
  exported: TournamentExport,
  verifier: SealVerifier,
): { ok: true; summary: string } | { ok: false; reason: string } {
  const tournament = parseTournament(exported.tournament);
  if ('code' in tournament) return { ok: false, reason: tournament.message };
  const result = resultOfLogs(tournament, exported.logs ?? {}, verifier);
  if (typeof result === 'string') return { ok: false, reason: result };
  const recomputed = JSON.stringify({ standings: result.standings, ratings: result.ratings.players });
  const written = JSON.stringify({ standings: exported.standings, ratings: exported.ratings });
  if (recomputed !== written) return { ok: false, reason: firstDifference(result, exported) };
  return {
    ok: true,
    summary: `ok: ${tournament.name}: ${result.counted.length} games audited, standings and ratings recomputed from them (${result.unfinished.length} unfinished)`,
  };
}

export function isTournamentExport(value: unknown): value is TournamentExport {
  return typeof value === 'object' && value !== null && 'tournament' in value && 'logs' in value;
}

/**
 * The games folded from their logs, each audited first: with a verifier (the audit), a log must carry the
 * deployment's seal; without one (printing standings), the chain and the rules are checked.
 */
function resultOfLogs(
  tournament: Tournament,
  logs: Record<string, string>,
  verifier?: SealVerifier,
): TournamentResult | string {
  const states: Record<string, GameState> = {};
  for (const { gameId } of tournament.games) {
    const text = logs[gameId];
    if (typeof text !== 'string') return `game ${gameId}: its log is missing`;
    const read = parseJsonLines(text);
    if (!read.ok) return `game ${gameId}: ${read.message}`;
    const other = read.commits.find((c) => c.gameId !== gameId);
    if (other !== undefined) return `game ${gameId}: its log is the log of game ${other.gameId}`;
    const audit = auditLog(read.commits, {
      release: RELEASE,
      ...(verifier === undefined ? {} : { verifier }),
      ...(read.seal === undefined ? {} : { seal: read.seal }),
    });
    if (!audit.ok) return `game ${gameId}: seq ${audit.seq}: ${audit.reason}`;
    states[gameId] = audit.state;
  }
  const result = tournamentResult(tournament, states);
  return 'code' in result ? result.message : result;
}

function firstDifference(result: TournamentResult, exported: TournamentExport): string {
  for (const [i, line] of result.standings.entries()) {
    const written = exported.standings?.[i];
    if (JSON.stringify(line) !== JSON.stringify(written))
      return `standings, place ${i + 1}: the games give ${JSON.stringify(line)}, the export says ${JSON.stringify(written)}`;
  }
  for (const [player, rating] of Object.entries(result.ratings.players)) {
    if (JSON.stringify(rating) !== JSON.stringify(exported.ratings?.[player]))
      return `rating of ${player}: the games give ${JSON.stringify(rating)}, the export says ${JSON.stringify(exported.ratings?.[player])}`;
  }
  return 'the standings or ratings hold entries the games do not give';
}

function sourceOf(options: string[], needsLogs: boolean): Source | string {
  const value = (name: string) => {
    const i = options.indexOf(name);
    return i < 0 ? undefined : options[i + 1];
  };
  const known = new Set(['--logs', '--table', '--region']);
  for (let i = 0; i < options.length; i += 2)
    if (!known.has(options[i]) || options[i + 1] === undefined) return `unknown option ${options[i]}`;
  if (!needsLogs && options.length > 0) return 'seating reads only the tournament file';
  const dir = value('--logs');
  const table = value('--table');
  const region = value('--region') ?? process.env.AWS_REGION;
  if (dir !== undefined && table !== undefined) return 'read the logs from --logs or from --table, not both';
  if (dir !== undefined) return { kind: 'files', dir };
  if (table !== undefined)
    return region === undefined
      ? '--table needs --region (or AWS_REGION)'
      : { kind: 'dynamo', table, region };
  return { kind: 'data' };
}

/**
 * A game's log: a downloaded file `<gameId>.jsonl` in --logs, as the server sealed it; or read from a
 * deployment's table or the local data, unsealed (`mafia export` seals those).
 */
async function readLog(source: Source, gameId: string): Promise<string> {
  if (source.kind === 'files') return readFileSync(join(source.dir, `${gameId}.jsonl`), 'utf8');
  const commits: LogCommit[] =
    source.kind === 'dynamo'
      ? await exportFromDynamo(source.table, source.region, gameId)
      : exportFromDataDir(process.env.DATA_DIR ?? '.data', gameId);
  return toJsonLines(commits);
}

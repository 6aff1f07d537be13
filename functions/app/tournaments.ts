import { timingSafeEqual } from 'node:crypto';
import { cleanName, confusableNames, nameKey } from '../../shared/domain/names.js';
import { createGame, type ErrorCode, type GameState, type SettingsInput } from '../../shared/index.js';
import { TABLE_SIZE } from '../../shared/tournament/seating.js';
import { parseTournament, seatingOf, type Tournament } from '../../shared/tournament/tournament.js';
import { tournamentView } from '../../shared/tournament/view.js';
import type { KeptTournament } from '../ports/tournament-book.js';
import type { AppDeps } from './deps.js';
import { errorFrame, type Reply } from './frames.js';
import { hostOf, openRoom, parseSettings } from './rooms.js';
import { hashToken } from './tokens.js';

/** Changes tried again when another one landed on the tournament first (two judges opening tables at once). */
const KEEP_ATTEMPTS = 5;

/** What every tournament's games are played by unless its organizer says otherwise. */
const SPORT: SettingsInput = { preset: 'sport' };

export interface TournamentInput {
  name: string;
  players: string[];
  rounds: number;
  tables: number;
  settings?: unknown;
}

/**
 * `tournamentCreate`: a tournament kept by the server. Its players are known by name (the name's folded
 * form is the player's id, so a player is the same in every tournament he enters); its seating is drawn
 * from a seed the server draws and records; the settings are checked by opening its first table on paper.
 */
export async function createTournament(deps: AppDeps, input: TournamentInput): Promise<Reply> {
  const action = 'tournamentCreate';
  const book = deps.tournaments;
  if (book === undefined) return refusal(action, 'no_tournament', 'this server keeps no tournaments');
  const settings = parseSettings(input.settings ?? SPORT, action);
  if ('frames' in settings) return settings;
  const names = input.players.map(cleanName);
  if (names.length !== input.tables * TABLE_SIZE)
    return refusal(
      action,
      'bad_tournament',
      `${input.tables} tables of ${TABLE_SIZE} seat ${input.tables * TABLE_SIZE} players, not ${names.length}`,
    );
  const alike = names.findIndex((n, i) => names.some((m, j) => j < i && confusableNames(n, m)));
  if (alike >= 0)
    return refusal(
      action,
      'bad_tournament',
      `${names[alike]} cannot be told apart from another player's name`,
    );
  const tournament = parseTournament({
    name: input.name,
    players: names.map((name) => ({ id: nameKey(name), name })),
    rounds: input.rounds,
    tables: input.tables,
    seed: deps.ids.seed(),
  });
  if ('code' in tournament) return refusal(action, 'bad_tournament', tournament.message);
  const seating = seatingOf(tournament);
  if ('code' in seating) return refusal(action, 'bad_tournament', seating.message);
  const trial = createGame(
    settings,
    'Judge',
    { actor: 'host', now: deps.clock.now() },
    seatsOf(tournament, 1, 1),
  );
  if (!trial.ok) return refusal(action, 'bad_settings', trial.rejection.message);

  const organizerToken = deps.ids.token();
  const judgesKey = deps.ids.token();
  const kept: KeptTournament = {
    id: deps.ids.gameId(),
    rev: 1,
    tournament,
    settings,
    organizerHash: hashToken(organizerToken),
    judgesHash: hashToken(judgesKey),
    codes: {},
    createdAt: deps.clock.now(),
  };
  if ((await book.keep(kept)) === 'conflict') throw new Error(`tournament id ${kept.id} is taken`);
  return {
    frames: [
      { type: 'tournamentCreated', tournamentId: kept.id, organizerToken, judgesKey },
      { type: 'tournament', tournament: tournamentView(kept.id, kept.rev, tournament, {}, {}) },
    ],
    log: { action, outcome: 'created' },
  };
}

/** `tournamentRead`: the seating, the tables' games and the standings as of now, for anyone with its id. */
export async function readTournament(deps: AppDeps, tournamentId: string): Promise<Reply> {
  const action = 'tournamentRead';
  const kept = await deps.tournaments?.get(tournamentId);
  if (kept == null) return noTournament(action);
  return { frames: [await viewFrame(deps, kept)], log: { action, outcome: 'read' } };
}

/** `tournamentSwap`: the organizer swaps two players of a round before any of its tables has opened. */
export async function swapInTournament(
  deps: AppDeps,
  frame: { tournamentId: string; token: string; round: number; a: string; b: string },
): Promise<Reply> {
  const action = 'tournamentSwap';
  return change(deps, action, frame.tournamentId, frame.token, 'organizer', async (kept) => {
    if (kept.tournament.games.some((g) => g.round === frame.round))
      return refusal(action, 'not_allowed', `round ${frame.round} has begun: its seating stays as it is`);
    const tournament: Tournament = {
      ...kept.tournament,
      swaps: [...kept.tournament.swaps, { round: frame.round, a: frame.a, b: frame.b }],
    };
    const seating = seatingOf(tournament);
    if ('code' in seating) return refusal(action, 'bad_tournament', seating.message);
    return { ...kept, rev: kept.rev + 1, tournament };
  });
}

/**
 * `tournamentTable`: a judge opens his table's game of a round, hosting it from his phone with its ten seats
 * already taken by the seating's players (a judged table's players have no phones of their own). The room
 * is opened before the tournament records it, as a rematch is; should another judge's tap have opened the
 * same table first, the room just opened stays empty and its code lapses.
 */
export async function openTournamentTable(
  deps: AppDeps,
  connectionId: string,
  frame: { tournamentId: string; key: string; round: number; table: number; name: string; device?: string },
  sourceIp: string | undefined,
): Promise<Reply> {
  const action = 'tournamentTable';
  let opened: Awaited<ReturnType<typeof openRoom>> | null = null;
  const reply = await change(deps, action, frame.tournamentId, frame.key, 'judge', async (kept) => {
    const t = kept.tournament;
    if (frame.round > t.rounds || frame.table > t.tables)
      return refusal(action, 'bad_tournament', `there is no table ${frame.table} in round ${frame.round}`);
    const open = t.games.find((g) => g.round === frame.round && g.table === frame.table);
    if (open !== undefined)
      return refusal(action, 'not_allowed', `round ${frame.round}, table ${frame.table} is open already`);
    if (opened === null) {
      opened = await openRoom(
        deps,
        kept.settings as SettingsInput,
        frame.name,
        seatsOf(t, frame.round, frame.table),
        sourceIp,
        frame.device === undefined ? undefined : hashToken(frame.device),
      );
    }
    if (!opened.ok) return opened.reply;
    return {
      ...kept,
      rev: kept.rev + 1,
      tournament: {
        ...t,
        games: [...t.games, { round: frame.round, table: frame.table, gameId: opened.gameId }],
      },
      codes: { ...kept.codes, [opened.gameId]: opened.code },
    };
  });
  const room = opened as Awaited<ReturnType<typeof openRoom>> | null;
  if (reply.log.outcome !== 'kept' || room === null || !room.ok) return reply;
  return hostOf(deps, connectionId, room, action);
}

/**
 * Reads the tournament, checks the secret, makes the change and keeps it, reading again when another change
 * landed first. `make` answers the new revision, or the reply refusing the change.
 */
async function change(
  deps: AppDeps,
  action: string,
  tournamentId: string,
  secret: string,
  who: 'organizer' | 'judge',
  make: (kept: KeptTournament) => Promise<KeptTournament | Reply>,
): Promise<Reply> {
  const book = deps.tournaments;
  if (book === undefined) return noTournament(action);
  for (let attempt = 0; attempt < KEEP_ATTEMPTS; attempt++) {
    const kept = await book.get(tournamentId);
    if (kept === null) return noTournament(action);
    if (!holds(kept, secret, who))
      return refusal(
        action,
        'bad_token',
        `that is not the ${who === 'judge' ? "judges' key" : "organizer's token"}`,
      );
    const next = await make(kept);
    if ('frames' in next) return next;
    if ((await book.keep(next)) === 'kept')
      return { frames: [await viewFrame(deps, next)], log: { action, outcome: 'kept' } };
  }
  return refusal(action, 'busy', 'the tournament was changed too often meanwhile; try again');
}

/** The organizer's token opens everything; the judges' key opens tables. */
function holds(kept: KeptTournament, secret: string, who: 'organizer' | 'judge'): boolean {
  const given = Buffer.from(hashToken(secret), 'hex');
  const hashes = who === 'organizer' ? [kept.organizerHash] : [kept.judgesHash, kept.organizerHash];
  return hashes.some((h) => {
    const expected = Buffer.from(h, 'hex');
    return expected.length === given.length && timingSafeEqual(given, expected);
  });
}

/** The seats of a round's table, filled with its players' names as the seating puts them. */
function seatsOf(t: Tournament, round: number, table: number): Array<{ seat: number; name: string }> {
  const seating = seatingOf(t);
  if ('code' in seating) throw new Error(seating.message);
  const names = new Map(t.players.map((p) => [p.id, p.name]));
  return seating[round - 1].tables[table - 1].map((id, i) => ({ seat: i + 1, name: names.get(id) ?? id }));
}

async function viewFrame(deps: AppDeps, kept: KeptTournament): Promise<Reply['frames'][number]> {
  const games: Record<string, GameState> = {};
  for (const g of kept.tournament.games) {
    const held = await deps.cache.load(g.gameId);
    if (held !== null) games[g.gameId] = held.folded.state;
  }
  return {
    type: 'tournament',
    tournament: tournamentView(kept.id, kept.rev, kept.tournament, kept.codes, games),
  };
}

const noTournament = (action: string): Reply => refusal(action, 'no_tournament', 'no such tournament');

function refusal(action: string, code: ErrorCode, message: string): Reply {
  return { frames: [errorFrame(code, message)], log: { action, outcome: code } };
}

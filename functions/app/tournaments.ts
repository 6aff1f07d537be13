import { timingSafeEqual } from 'node:crypto';
import { cleanName, confusableNames, nameKey } from '../../shared/domain/names.js';
import { createGame, type ErrorCode, type GameState, type SettingsInput } from '../../shared/index.js';
import { type SeatedRound, swapPlayers, TABLE_SIZE } from '../../shared/tournament/seating.js';
import { parseTournament, seatingOf, type Tournament } from '../../shared/tournament/tournament.js';
import { tournamentView } from '../../shared/tournament/view.js';
import type { KeptTournament } from '../ports/tournament-book.js';
import { backoff } from './commit.js';
import type { AppDeps } from './deps.js';
import { errorFrame, type Reply } from './frames.js';
import { hostOf, type OpenedRoom, openRoom, parseSettings } from './rooms.js';
import { hashToken, mintToken } from './tokens.js';

/** Changes tried again when another one landed on the tournament first (judges opening tables at once). */
const KEEP_ATTEMPTS = 10;

/**
 * The most tables' games one tournament holds (rounds × tables): its seating is drawn once, when it is
 * made, and that takes seconds at this size (docs/tournaments.md).
 */
export const MAX_TABLE_GAMES = 40;
const MAX_SWAPS = 100;

/**
 * A tournament's games are sport's, with its judges as their moderators: ten seats taken by the seating's
 * players and nobody else's to take.
 */
const TOURNAMENT_GAME = { preset: 'sport', master: 'moderator' } as const;

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
  const settings = parseSettings(input.settings ?? TOURNAMENT_GAME, action);
  if ('frames' in settings) return settings;
  for (const [key, value] of Object.entries(TOURNAMENT_GAME)) {
    const given = settings[key as keyof typeof TOURNAMENT_GAME];
    if (given !== undefined && given !== value)
      return refusal(
        action,
        'bad_settings',
        `settings.${key}: a tournament's games are played with ${value}`,
      );
  }
  const names = input.players.map(cleanName);
  if (names.length !== input.tables * TABLE_SIZE)
    return refusal(
      action,
      'bad_tournament',
      `${input.tables} tables of ${TABLE_SIZE} seat ${input.tables * TABLE_SIZE} players, not ${names.length}`,
    );
  if (input.rounds * input.tables > MAX_TABLE_GAMES)
    return refusal(action, 'bad_tournament', `at most ${MAX_TABLE_GAMES} tables' games (rounds × tables)`);
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
  const gameSettings: SettingsInput = { ...settings, ...TOURNAMENT_GAME };
  const trial = createGame(
    gameSettings,
    'Judge',
    { actor: 'host', now: deps.clock.now() },
    seatsOf(tournament, seating, 1, 1),
  );
  if (!trial.ok) return refusal(action, 'bad_settings', trial.rejection.message);

  const organizerToken = deps.ids.token();
  const judgesKey = deps.ids.token();
  const kept: KeptTournament = {
    id: deps.ids.gameId(),
    rev: 1,
    tournament,
    seating,
    settings: gameSettings,
    organizerHash: hashToken(organizerToken),
    judgesHash: hashToken(judgesKey),
    codes: {},
    createdAt: deps.clock.now(),
  };
  if ((await book.keep(kept)) === 'conflict') throw new Error(`tournament id ${kept.id} is taken`);
  return {
    frames: [
      { type: 'tournamentCreated', tournamentId: kept.id, organizerToken, judgesKey },
      { type: 'tournament', tournament: tournamentView(kept.id, kept.rev, tournament, seating, {}, {}) },
    ],
    log: { action, outcome: 'created' },
  };
}

/** `tournamentRead`: the seating, the tables' games and the standings as of now, for anyone with its id. */
export async function readTournament(deps: AppDeps, tournamentId: string, player?: string): Promise<Reply> {
  const action = 'tournamentRead';
  const kept = await deps.tournaments?.get(tournamentId);
  if (kept == null) return noTournament(action);
  return { frames: [await viewFrame(deps, kept, player)], log: { action, outcome: 'read' } };
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
    if (kept.tournament.swaps.length >= MAX_SWAPS)
      return refusal(action, 'bad_tournament', `at most ${MAX_SWAPS} swaps in one tournament`);
    const seating = swapPlayers(kept.seating, frame.round, frame.a, frame.b);
    if ('code' in seating) return refusal(action, 'bad_tournament', seating.message);
    const tournament: Tournament = {
      ...kept.tournament,
      swaps: [...kept.tournament.swaps, { round: frame.round, a: frame.a, b: frame.b }],
    };
    return { ...kept, rev: kept.rev + 1, tournament, seating };
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
  const device = frame.device === undefined ? undefined : hashToken(frame.device);
  // What the attempts learn, kept across them: the room opened (once) and the seats it was opened with.
  const held: {
    opened?: { room: Extract<OpenedRoom, { ok: true }>; seats: string };
    again?: Reply;
  } = {};
  const reply = await change(deps, action, frame.tournamentId, frame.key, 'judge', async (kept) => {
    const t = kept.tournament;
    if (frame.round > t.rounds || frame.table > t.tables)
      return refusal(action, 'bad_tournament', `there is no table ${frame.table} in round ${frame.round}`);
    const open = t.games.find((g) => g.round === frame.round && g.table === frame.table);
    if (open !== undefined) {
      held.again =
        (await reopen(deps, connectionId, open.gameId, kept.codes[open.gameId], device)) ?? undefined;
      return (
        held.again ??
        refusal(action, 'not_allowed', `round ${frame.round}, table ${frame.table} is open already`)
      );
    }
    const seats = seatsOf(t, kept.seating, frame.round, frame.table);
    // A swap that landed since the room was opened seats this table otherwise: that room stays empty.
    const opened = held.opened;
    if (opened !== undefined && opened.seats !== JSON.stringify(seats))
      return refusal(action, 'not_allowed', 'the seating changed meanwhile: open the table again');
    let room = opened?.room;
    if (room === undefined) {
      const made = await openRoom(deps, kept.settings as SettingsInput, frame.name, seats, sourceIp, device);
      if (!made.ok) return made.reply;
      room = made;
      held.opened = { room, seats: JSON.stringify(seats) };
    }
    return {
      ...kept,
      rev: kept.rev + 1,
      tournament: {
        ...t,
        games: [...t.games, { round: frame.round, table: frame.table, gameId: room.gameId }],
      },
      codes: { ...kept.codes, [room.gameId]: room.code },
    };
  });
  if (held.again !== undefined) return held.again;
  if (reply.log.outcome !== 'kept' || held.opened === undefined) return reply;
  return hostOf(deps, connectionId, held.opened.room, action);
}

/**
 * The judge who opened a table taps it again (his phone never heard the answer, or he reloaded before it
 * came): while its game is still in its lobby, the same phone is its host again, with a new token.
 */
async function reopen(
  deps: AppDeps,
  connectionId: string,
  gameId: string,
  code: string | undefined,
  device: string | undefined,
): Promise<Reply | null> {
  const game = await deps.cache.load(gameId);
  const s = game?.folded.state;
  if (game == null || s === undefined || device === undefined || s.hostDevice !== device) return null;
  if (s.phase.kind !== 'lobby' || code === undefined) return null;
  const hostToken = mintToken(deps.ids, 1);
  await deps.directory.putToken(gameId, 'host', hashToken(hostToken));
  return hostOf(deps, connectionId, { ok: true, gameId, code, hostToken, game }, 'tournamentTable');
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
    await backoff(deps, attempt + 1);
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
function seatsOf(
  t: Tournament,
  seating: readonly SeatedRound[],
  round: number,
  table: number,
): Array<{ seat: number; name: string }> {
  const names = new Map(t.players.map((p) => [p.id, p.name]));
  return seating[round - 1].tables[table - 1].map((id, i) => ({ seat: i + 1, name: names.get(id) ?? id }));
}

async function viewFrame(
  deps: AppDeps,
  kept: KeptTournament,
  player?: string,
): Promise<Reply['frames'][number]> {
  const games: Record<string, GameState> = {};
  const codes: Record<string, string> = {};
  for (const g of kept.tournament.games) {
    const held = await deps.cache.load(g.gameId);
    if (held !== null) games[g.gameId] = held.folded.state;
    // A code leads to its game only while the directory says so: once lapsed it may be another room's.
    const code = kept.codes[g.gameId];
    if (code !== undefined && (await deps.directory.gameForCode(code)) === g.gameId) codes[g.gameId] = code;
  }
  return {
    type: 'tournament',
    tournament: tournamentView(kept.id, kept.rev, kept.tournament, kept.seating, codes, games, player),
  };
}

const noTournament = (action: string): Reply => refusal(action, 'no_tournament', 'no such tournament');

function refusal(action: string, code: ErrorCode, message: string): Reply {
  return { frames: [errorFrame(code, message)], log: { action, outcome: code } };
}

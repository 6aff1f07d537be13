import type { RoleId } from '../roles/index.js';
import type { CountedGame } from './game-record.js';

const round2 = (x: number) => Math.round(x * 100) / 100;

export interface RoleRecord {
  games: number;
  wins: number;
}

export interface Standing {
  player: string;
  /** 1 for the first; players equal on every tie-break share a place. */
  place: number;
  points: number;
  games: number;
  wins: number;
  byRole: Partial<Record<RoleId, RoleRecord>>;
  bestMove: number;
  extra: number;
  /** Penalty points, as the sheets give them (zero or negative). */
  penalty: number;
}

/**
 * The tie-breaks, in order (docs/tournaments.md): total points; then games won; then the judges' extra
 * points; then the best-move points; then the smaller penalty. Players equal on all of them share a place.
 */
const TIE_BREAKS: Array<(s: Standing) => number> = [
  (s) => s.points,
  (s) => s.wins,
  (s) => s.extra,
  (s) => s.bestMove,
  (s) => s.penalty,
];

/**
 * The standings folded from the finished games alone: every figure is a sum of the games' sheets, so a
 * changed game result changes them and nothing else can. A player with no game yet is listed with zeros.
 */
export function standingsOf(players: readonly string[], games: readonly CountedGame[]): Standing[] {
  const lines = new Map<string, Standing>(
    players.map((player) => [
      player,
      { player, place: 0, points: 0, games: 0, wins: 0, byRole: {}, bestMove: 0, extra: 0, penalty: 0 },
    ]),
  );
  for (const game of games) {
    for (const [seat, player] of Object.entries(game.players)) {
      const line = lines.get(player);
      const sheet = game.points[seat];
      if (line === undefined || sheet === undefined) continue;
      const role = game.roles[seat];
      const won = sheet.win > 0 ? 1 : 0;
      line.games++;
      line.wins += won;
      line.points = round2(line.points + sheet.total);
      line.bestMove = round2(line.bestMove + sheet.bestMove);
      line.extra = round2(line.extra + sheet.extra);
      line.penalty = round2(line.penalty + sheet.penalty);
      const record = line.byRole[role] ?? { games: 0, wins: 0 };
      line.byRole[role] = { games: record.games + 1, wins: record.wins + won };
    }
  }
  const ordered = [...lines.values()].sort((a, b) => compare(a, b) || a.player.localeCompare(b.player));
  ordered.forEach((line, i) => {
    line.place = i > 0 && compare(ordered[i - 1], line) === 0 ? ordered[i - 1].place : i + 1;
  });
  return ordered;
}

function compare(a: Standing, b: Standing): number {
  for (const key of TIE_BREAKS) {
    const d = key(b) - key(a);
    if (d !== 0) return d;
  }
  return 0;
}

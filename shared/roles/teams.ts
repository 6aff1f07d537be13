/**
 * The teams and how each wins (B11–B12, C14–C18). The win check reads only this table and the queries:
 * `threat` — the town has not won while one of its members lives (a sleeping Werewolf included, C14);
 * `gang` — a team that wins by parity, and whose rival gang must fall first while civilians remain (C15–C16);
 * `parity` — whom a gang must equal: the civilians (the mafia, C15: the Jester is no civilian) or everyone
 *   else alive (the Yakuza, C16: «egalitate numerică cu ceilalți jucători»);
 * `alone` — wins by surviving until one other player is left (C18);
 * `votedOut` — wins by being voted out by day (C17);
 * `winners` — who shares a win: every member alive or dead (B12), or only those alive.
 */
export interface TeamDef {
  threat: boolean;
  gang: boolean;
  alone: boolean;
  votedOut: boolean;
  parity: 'civilians' | 'others';
  winners: 'all' | 'alive';
}

const TABLE = {
  town: { threat: false, gang: false, alone: false, votedOut: false, parity: 'others', winners: 'all' },
  mafia: { threat: true, gang: true, alone: false, votedOut: false, parity: 'civilians', winners: 'all' },
  maniac: { threat: true, gang: false, alone: true, votedOut: false, parity: 'others', winners: 'alive' },
  yakuza: { threat: true, gang: true, alone: false, votedOut: false, parity: 'others', winners: 'all' },
  jester: { threat: false, gang: false, alone: false, votedOut: true, parity: 'others', winners: 'all' },
  // The forum game's neutral roles (D1: the lair must outnumber them): they share neither side's win.
  neutral: { threat: false, gang: false, alone: false, votedOut: false, parity: 'others', winners: 'all' },
} as const satisfies Record<string, TeamDef>;

export type TeamId = keyof typeof TABLE;
export const TEAMS: Record<TeamId, TeamDef> = TABLE;
export const TEAM_IDS = Object.keys(TABLE) as TeamId[];
export type Winner = TeamId | 'draw';

/**
 * The peer of the side-by-side load run: a boardgame.io server in memory (no durability) with a game as small
 * as the load's day of voting. Every player may vote at any moment (all players active, stale state ids
 * accepted, as our server takes ten votes of a room arriving together); each socket gets its own view of
 * every update (`playerView`: the public table plus the viewer's own secret role), as ours does.
 *
 * Run by `test/load/load.ts` with `PEER=bgio`; listens on PORT (loopback). NODE_ENV=production keeps
 * boardgame.io from logging every move.
 */
import { ActivePlayers } from 'boardgame.io/core';
import { Server } from 'boardgame.io/server';

interface Seat {
  name: string;
  alive: boolean;
  vote: number | null;
  role: 'civilian' | 'mafia' | 'sheriff';
}

interface G {
  day: number;
  seats: Seat[];
}

const roleOf = (seat: number): Seat['role'] => (seat < 2 ? 'mafia' : seat === 2 ? 'sheriff' : 'civilian');

const VoteGame = {
  name: 'vote',
  setup: ({ ctx }: { ctx: { numPlayers: number } }): G => ({
    day: 1,
    seats: Array.from({ length: ctx.numPlayers }, (_, i) => ({
      name: `P${i + 1}`,
      alive: true,
      vote: null,
      role: roleOf(i),
    })),
  }),
  turn: { activePlayers: ActivePlayers.ALL },
  moves: {
    vote: {
      // The command id rides along as a second argument: the update's log names it, so the load script
      // can tell which state id a command got (boardgame.io sends no ack).
      move: ({ G, playerID }: { G: G; playerID: string }, target: number, _commandId: string) => {
        G.seats[Number(playerID)].vote = target;
      },
      ignoreStaleStateID: true,
    },
  },
  // A whitelist per viewer: the public table, and the viewer's own role only.
  playerView: ({ G, playerID }: { G: G; playerID: string | null }) => ({
    day: G.day,
    seats: G.seats.map((s) => ({ name: s.name, alive: s.alive, vote: s.vote })),
    you: playerID === null || playerID === undefined ? null : { role: G.seats[Number(playerID)].role },
  }),
};

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT must be a port');
const server = Server({ games: [VoteGame as never], origins: ['http://127.0.0.1'] });
void server.run({ port }, () => process.stderr.write(`boardgame.io listening on ${port}\n`));

/**
 * Where a connection or a token belongs in a game: a seat, the host, or a spectator (who sits nowhere and
 * may not act).
 */
export type Place = number | 'host' | 'spectator';

/** What a live connection is in a game: one seat of it, its host, or one of its spectators. */
export type Binding = { gameId: string; seat: Place };

/** Rooms, seat tokens and connections: everything needed to turn a socket into an actor. */
export interface Directory {
  /**
   * Reserve a short room code for a game; false if another game holds the code. Claiming a code the same
   * game already holds is true, so a retried request cannot lock a game out of its own code. `expiresAt`
   * (epoch seconds, the DynamoDB TTL unit): past it the code leads nowhere and may be claimed again, whether
   * or not its game ever released it; without it, the code is held until released.
   */
  claimRoomCode(code: string, gameId: string, expiresAt?: number): Promise<boolean>;
  /** The game holding the code, or null when nobody does or its hold expired. */
  gameForCode(code: string): Promise<string | null>;
  /**
   * Frees the code the game holds (its game is over, or its lobby abandoned): the code leads nowhere and may
   * be claimed by a new game. The game, its log and its tokens stay. A game that holds no code is left as is.
   */
  releaseRoom(gameId: string): Promise<void>;
  /** Store the hash (never the token) of a seat's, the host's or a spectator's secret token. */
  putToken(gameId: string, seat: Place, tokenHash: string): Promise<void>;
  /** Which place of the game a token hash belongs to, or null. */
  seatForToken(gameId: string, tokenHash: string): Promise<Place | null>;
  /**
   * `expiresAt` is in epoch seconds (the DynamoDB TTL unit). Binding an already bound connection replaces
   * its binding, also when it moves to another game.
   */
  bindConnection(connectionId: string, binding: Binding, expiresAt: number): Promise<void>;
  /** The connection's binding, or null when unknown, unbound or expired. */
  connection(connectionId: string): Promise<Binding | null>;
  /** Forgetting an unknown connection is not an error: $disconnect may run twice. */
  unbindConnection(connectionId: string): Promise<void>;
  /** Live (not expired) connections bound to the game. */
  connectionsOf(gameId: string): Promise<Array<{ connectionId: string; seat: Place }>>;
  close(): Promise<void>;
}

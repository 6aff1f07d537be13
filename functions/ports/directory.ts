/** What a live connection acts as: one seat of one game, or that game's host. */
export type Binding = { gameId: string; seat: number | 'host' };

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
  /** Store the hash (never the token) of a seat's or host's secret token. */
  putToken(gameId: string, seat: number | 'host', tokenHash: string): Promise<void>;
  /** Which seat of the game a token hash belongs to, or null. */
  seatForToken(gameId: string, tokenHash: string): Promise<number | 'host' | null>;
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
  connectionsOf(gameId: string): Promise<Array<{ connectionId: string; seat: number | 'host' }>>;
  close(): Promise<void>;
}

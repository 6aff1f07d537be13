/**
 * Where a connection or a token belongs in a game: a seat, the host, or a spectator (who sits nowhere and
 * may not act).
 */
export type Place = number | 'host' | 'spectator';

/**
 * What a live connection is in a game: one seat of it, its host, or one of its spectators. `watcher` names
 * the spectator behind a spectator's connection (the hash of his watching token), so that the socket he
 * resumes on after a drop is not counted as a second spectator while the dropped one is still bound.
 */
export type Binding = { gameId: string; seat: Place; watcher?: string };

/**
 * How many are watching a game: the distinct watchers among its live spectator connections (one without a
 * `watcher` counts alone). `rev` grows with every spectator bound to or unbound from the game and is read
 * before the count, so of two counts the one with the higher `rev` saw every change the other saw.
 */
export type Audience = { count: number; rev: number };

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
  /**
   * Claims again, until `expiresAt`, the code the game held before it was released (a finished game whose
   * table plays again, so that its code leads on to the rematch); the code, or null when the game never held
   * one or another game holds it now.
   */
  reclaimRoom(gameId: string, expiresAt: number): Promise<string | null>;
  /** Store the hash (never the token) of a seat's, the host's or a spectator's secret token. */
  putToken(gameId: string, seat: Place, tokenHash: string): Promise<void>;
  /** Which place of the game a token hash belongs to, or null. */
  seatForToken(gameId: string, tokenHash: string): Promise<Place | null>;
  /**
   * `expiresAt` is in epoch seconds (the DynamoDB TTL unit). Binding an already bound connection replaces
   * its binding, also when it moves to another game.
   */
  bindConnection(connectionId: string, binding: Binding, expiresAt: number): Promise<void>;
  /** The connection's binding (with its `watcher` when it has one), or null when unknown, unbound or expired. */
  connection(connectionId: string): Promise<Binding | null>;
  /** Forgetting an unknown connection is not an error: $disconnect may run twice. */
  unbindConnection(connectionId: string): Promise<void>;
  /** Live (not expired) connections bound to the game. */
  connectionsOf(gameId: string): Promise<Array<{ connectionId: string; seat: Place }>>;
  /** Who watches the game now; expired connections are not counted, whether or not they were unbound. */
  audience(gameId: string): Promise<Audience>;
  close(): Promise<void>;
}

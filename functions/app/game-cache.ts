import { emptyFold, type Folded, foldCommits, type GameEvent } from '../../shared/index.js';
import type { Commit, EventStore } from '../ports/event-store.js';

/** A lobby seat change, kept so that a seat's token follows the player who moved (see tokens.ts). */
export interface SeatMove {
  seq: number;
  from: number;
  to: number;
}

/** A game as this process holds it: the fold, and what the log says beyond the fold. */
export interface HeldGame {
  gameId: string;
  folded: Folded;
  /** Hash of the commit at `folded.version`: the next commit's prevHash. */
  lastHash: string;
  /** When the commit at `folded.version` was made (ms since the epoch): for a game over, when it ended. */
  lastAt: number;
  /** Accepted command ids per actor (as the commit records it), with the version each produced. */
  accepted: Map<string, Map<string, number>>;
  moves: SeatMove[];
  /** The highest version whose views this process has sent (the projector's mark). */
  projected: number;
  /** The game at `projected`, as those views showed it: a seat whose view is unchanged since gets nothing. */
  shown: Folded | null;
  /**
   * The deadline id this process armed (noted in the book and asked of the scheduler) for the game;
   * undefined when it does not know, and then the deadline the views last shown were waiting for counts.
   */
  armed?: string | null;
  /** Commits appended but not yet durable, and the game as it will be after them (pipelined stores only). */
  tip: Tip | null;
}

/** The game ahead of the durable fold: what the next command is decided on while earlier ones sync. */
export interface Tip {
  folded: Folded;
  lastHash: string;
  /** In sequence order. */
  pending: PendingCommit[];
}

export interface PendingCommit {
  commit: Commit;
  /** The game folded up to and including this commit. */
  after: Folded;
  durable: boolean;
  /** True once the commit is durable and folded; false if the store refused it. */
  settled: Promise<boolean>;
}

export interface GameCacheOptions {
  /** Games held at most; the least recently used is dropped (and read again in full when needed). */
  maxGames?: number;
}

/**
 * Folded games, kept between requests. A load reads only the commits after the version held (all of them
 * when nothing is held), so a warm process pays one small read per command on any store. Commits are folded
 * strictly in sequence: one already held is skipped, a gap is an error, never a guess.
 */
export class GameCache {
  private readonly games = new Map<string, HeldGame>();
  private readonly maxGames: number;

  constructor(
    private readonly store: EventStore,
    options: GameCacheOptions = {},
  ) {
    this.maxGames = options.maxGames ?? 10_000;
  }

  /** The game brought up to date with the store; null when it has no commits. */
  async load(gameId: string): Promise<HeldGame | null> {
    const held = this.games.get(gameId);
    const game = held ?? newGame(gameId);
    const commits = await this.store.read(gameId, game.folded.version);
    absorb(game, commits);
    if (game.folded.version === 0) return null;
    this.remember(game);
    return game;
  }

  /** Drops a game (its tip proved wrong): the next load reads it in full. */
  forget(gameId: string): void {
    this.games.delete(gameId);
  }

  /** The game as held, without reading the store. */
  peek(gameId: string): HeldGame | undefined {
    return this.games.get(gameId);
  }

  size(): number {
    return this.games.size;
  }

  private remember(game: HeldGame): void {
    this.games.delete(game.gameId);
    this.games.set(game.gameId, game);
    if (this.games.size > this.maxGames) {
      const oldest = this.games.keys().next().value as string;
      this.games.delete(oldest);
    }
  }
}

export function newGame(gameId: string): HeldGame {
  return {
    gameId,
    folded: emptyFold,
    lastHash: '',
    lastAt: 0,
    accepted: new Map(),
    moves: [],
    projected: 0,
    shown: null,
    tip: null,
  };
}

/** Folds commits that follow the held version; those already held are skipped. */
export function absorb(game: HeldGame, commits: readonly Commit[]): void {
  for (const commit of commits) advance(game, commit);
}

/**
 * Folds one commit onto the held game, if it is the next one. `after`, when the caller already folded the
 * commit (it decided it), is used instead of folding again.
 */
export function advance(game: HeldGame, commit: Commit, after?: Folded): void {
  const { version } = game.folded;
  if (commit.seq <= version) return;
  if (commit.seq !== version + 1) {
    throw new Error(`game ${game.gameId}: commit ${commit.seq} follows version ${version}`);
  }
  if (commit.prevHash !== game.lastHash) {
    throw new Error(`game ${game.gameId}: commit ${commit.seq} does not chain to the commit before it`);
  }
  game.folded = after ?? foldCommits(game.folded, [commit]);
  game.lastHash = commit.hash;
  game.lastAt = commit.at;
  const ofActor = game.accepted.get(commit.actor) ?? new Map<string, number>();
  ofActor.set(commit.commandId, commit.seq);
  game.accepted.set(commit.actor, ofActor);
  for (const event of commit.events as GameEvent[]) {
    if (event.type === 'seatChanged') game.moves.push({ seq: commit.seq, from: event.from, to: event.to });
  }
}

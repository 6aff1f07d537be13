import type { Ids } from '../../ports/ids.js';
import { ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH } from '../../ports/ids.js';

/**
 * Predictable ids for tests: counters, in the same shapes as the real ones. Room codes can be queued to
 * force a collision.
 */
export class SequentialIds implements Ids {
  private n = 0;
  private readonly codes: string[] = [];

  constructor(private readonly seedValue = 12345) {}

  gameId(): string {
    return `game-${++this.n}`;
  }

  roomCode(): string {
    const queued = this.codes.shift();
    if (queued !== undefined) return queued;
    let k = ++this.n;
    let code = '';
    for (let i = 0; i < ROOM_CODE_LENGTH; i++) {
      code = ROOM_CODE_ALPHABET[k % ROOM_CODE_ALPHABET.length] + code;
      k = Math.floor(k / ROOM_CODE_ALPHABET.length);
    }
    return code;
  }

  token(): string {
    return `token-${++this.n}-${'x'.repeat(20)}`;
  }

  seed(): number {
    return this.seedValue;
  }

  connectionId(): string {
    return `conn-${++this.n}`;
  }

  /** The next room codes to hand out, before counting on. */
  queueRoomCodes(...codes: string[]): void {
    this.codes.push(...codes);
  }
}

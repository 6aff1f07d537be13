/** Damage that is not a torn last write: acknowledged data would be lost, so nothing guesses past it. */
export class CorruptLogError extends Error {
  constructor(
    readonly path: string,
    readonly offset: number,
    readonly detail: string,
  ) {
    super(`corrupt record in ${path} at byte ${offset}: ${detail}`);
    this.name = 'CorruptLogError';
  }
}

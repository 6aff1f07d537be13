/** Where a damaged record sits among the intact ones, when the whole file was scanned. */
export interface DamageExtent {
  /** Intact records before the damage: what a cut there would keep. */
  recordsBefore: number;
  /** Bytes from the damaged record to the next intact one. */
  damagedBytes: number;
  /** Intact records after the damage: acknowledged data a cut would throw away. */
  recordsAfter: number;
}

/** Damage that is not a torn last write: acknowledged data would be lost, so nothing guesses past it. */
export class CorruptLogError extends Error {
  constructor(
    readonly path: string,
    readonly offset: number,
    readonly detail: string,
    readonly extent?: DamageExtent,
  ) {
    super(
      `corrupt record in ${path} at byte ${offset}: ${detail}` +
        (extent === undefined
          ? ''
          : ` (${extent.damagedBytes} damaged bytes between ${extent.recordsBefore} intact records before and ` +
            `${extent.recordsAfter} after: damage to written data, not a torn last write, so nothing was cut; ` +
            'restore the file from a backup, or move it aside to start afresh)'),
    );
    this.name = 'CorruptLogError';
  }
}

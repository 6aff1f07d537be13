import type { Clock } from '../../ports/clock.js';

/** The machine's own time, on AWS and locally alike. */
export const systemClock: Clock = { now: () => Date.now() };

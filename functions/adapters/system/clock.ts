import type { Timers } from '../../ports/clock.js';

/** The longest wait Node's timers take; a longer one is made of several. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** The machine's own time and timers, on AWS and locally alike. */
export const systemClock: Timers = {
  now: () => Date.now(),
  wakeAt: (at, wake) => {
    let timer: NodeJS.Timeout;
    const wait = () => {
      const left = at - Date.now();
      timer = left > MAX_TIMEOUT_MS ? setTimeout(wait, MAX_TIMEOUT_MS) : setTimeout(wake, Math.max(0, left));
    };
    wait();
    return () => clearTimeout(timer);
  },
};

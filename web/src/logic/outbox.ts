import { cleanText } from '../../../shared/domain/text.js';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { Channel } from '../../../shared/views/types.js';
import { countOf, type HeldChat } from './chat-lines.js';

/** A chat line this phone has sent and not yet seen come back in its channel. */
export interface UnsentLine {
  commandId: string;
  seat: Seat;
  channel: Channel;
  text: string;
  /** How many lines of the channel the phone knew of when it was sent: it comes back at this place or later. */
  from: number;
}

/**
 * A line written now: it will come back after every line of its channel held so far, in the words the
 * server records (cleaned as the command's schema cleans them).
 */
export function unsentLine(
  held: HeldChat,
  commandId: string,
  seat: Seat,
  channel: Channel,
  text: string,
): UnsentLine {
  return { commandId, seat, channel, text: cleanText(text), from: countOf(held, channel) };
}

/**
 * The lines still to be seen: each one whose channel now holds, at its place or later, a line of the same
 * seat and words is back, and shows from there as sent. Two lines of the same words come back one each.
 */
export function stillUnsent(outbox: readonly UnsentLine[], held: HeldChat): UnsentLine[] {
  if (outbox.length === 0) return outbox as UnsentLine[];
  const taken = new Set<string>();
  return outbox.filter((line) => {
    const run = held[line.channel];
    if (run === undefined) return true;
    const at = run.lines.findIndex(
      (m, i) =>
        run.from + i >= line.from &&
        m.seat === line.seat &&
        m.text === line.text &&
        !taken.has(`${line.channel}:${run.from + i}`),
    );
    if (at < 0) return true;
    taken.add(`${line.channel}:${run.from + at}`);
    return false;
  });
}

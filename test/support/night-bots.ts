import { mayOf } from '../../shared/engine/may.js';
import type { Table } from '../../shared/play/table.js';

/** A seeded random source (a linear congruential generator): the same seed plays the same game. */
export function seeded(seed: number): () => number {
  let next = seed >>> 0;
  return () => {
    next = (next * 1103515245 + 12345) % 2147483648;
    return next / 2147483648;
  };
}

const pick = <T>(rand: () => number, list: readonly T[]): T | undefined =>
  list[Math.floor(rand() * list.length)];

/**
 * One move of the table's bots: a random actor (a seat, or the host where one runs the table) sends one of
 * the commands it may send now, with random values in its fields (a night line on the mafia's channel, a
 * shot, a check, a vote, the narrator's `advance`). False when the actor had nothing to send, or it was
 * refused.
 */
export function botMove(t: Table, rand: () => number): boolean {
  const seats = Object.keys(t.state.names).map(Number);
  const actor = rand() < 0.2 ? 'host' : (pick(rand, seats) ?? 'host');
  const may = mayOf(t.state, actor).filter((m) => !['leave', 'removeSeat', 'configure'].includes(m.type));
  const m = pick(rand, may);
  if (m === undefined) return false;
  const command: Record<string, unknown> = { type: m.type };
  if (m.as !== undefined) command.as = m.as;
  if (m.ability !== undefined) command.ability = m.ability;
  if (m.type === 'say') {
    command.channel = pick(rand, m.channels ?? ['table']);
    command.text = 'x'.repeat(1 + Math.floor(rand() * 300));
  } else if (m.type === 'mafiaMic') command.on = rand() < 0.5;
  else if (m.choices) command.choice = pick(rand, m.choices);
  else if (m.names && m.targets) {
    const count = m.names.min + Math.floor(rand() * (m.names.max - m.names.min + 1));
    command.targets = [...m.targets].sort(() => rand() - 0.5).slice(0, count);
  } else if (m.targets) command.target = pick(rand, m.targets);
  if (m.type === 'extendClock') command.seconds = 10;
  return t.send(actor, command) === null;
}

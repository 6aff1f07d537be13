import * as v from 'valibot';

/*
 * The pieces every command schema is made of, the engine's and each family's own: kept apart from the
 * command list so a family's schemas load before the engine gathers them.
 */

/** A seat number as a command names it. */
export const seat = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(30));
/** In moderator mode the host records a player's command `as` that seat. */
const as = v.optional(seat);

/** One command's schema: its `type`, the seat it is recorded `as`, its own fields, and nothing else. */
export const cmd = <T extends string, E extends v.ObjectEntries>(type: T, entries: E) =>
  v.strictObject({ type: v.literal(type), as, ...entries });

/** A family's command schema, as the engine's variant takes it. */
export type CommandSchema = ReturnType<typeof cmd<string, v.ObjectEntries>>;

import * as v from 'valibot';
import { ROLE_ALIASES, ROLE_IDS, VERBS } from '../roles/index.js';

type RoleAlias = keyof typeof ROLE_ALIASES;

import { cleanText, MAX_CHAT_CHARS } from '../domain/text.js';
import { PURCHASES } from '../forum/purse.js';
import { FORUM_ABILITY_IDS } from '../forum/roles.js';
import { settingsInputSchema } from '../rules/settings.js';

/** A player's name as typed; the lobby cleans it and refuses it when empty or already at the table. */
const playerName = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40));
const seat = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(30));
/** In moderator mode the host records a player's command `as` that seat. */
const as = v.optional(seat);
const ability = v.picklist([...VERBS, ...FORUM_ABILITY_IDS]);

const cmd = <T extends string, E extends v.ObjectEntries>(type: T, entries: E) =>
  v.strictObject({ type: v.literal(type), as, ...entries });

export const commandSchema = v.variant('type', [
  cmd('configure', { settings: settingsInputSchema }),
  cmd('takeSeat', { seat }),
  cmd('seatPlayer', { name: playerName, seat: v.optional(seat) }),
  cmd('removeSeat', { seat }),
  cmd('renameSeat', { seat, name: playerName }),
  cmd('moveSeat', { seat, to: seat }),
  cmd('leave', {}),
  cmd('start', {}),
  cmd('assignRole', { seat, role: v.picklist([...ROLE_IDS, ...(Object.keys(ROLE_ALIASES) as RoleAlias[])]) }),
  cmd('pickCard', { card: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(30)) }),
  cmd('knowTeam', {}),
  cmd('mafiaMic', { on: v.boolean() }),
  cmd('act', {
    ability,
    target: v.optional(seat),
    targets: v.optional(v.pipe(v.array(seat), v.minLength(1), v.maxLength(3))),
  }),
  cmd('buy', {
    item: v.picklist(PURCHASES),
    withMove: v.optional(v.boolean()),
    withVote: v.optional(v.boolean()),
  }),
  cmd('train', {}),
  cmd('say', {
    channel: v.picklist(['table', 'mafia', 'dead']),
    // Cleaned before it is checked and recorded: the log and every view hold what the table can read.
    text: v.pipe(
      v.string(),
      v.maxLength(4 * MAX_CHAT_CHARS),
      v.transform(cleanText),
      v.minLength(1, 'a message needs visible text'),
      v.maxLength(MAX_CHAT_CHARS),
    ),
  }),
  cmd('nominate', { target: seat }),
  cmd('withdraw', {}),
  cmd('endSpeech', {}),
  cmd('readyToVote', {}),
  cmd('endDiscussion', {}),
  cmd('vote', { target: v.optional(seat), choice: v.optional(v.picklist(['leave', 'stay'])) }),
  cmd('unvote', {}),
  cmd('bestMove', { targets: v.pipe(v.array(seat), v.length(3)) }),
  cmd('giveUp', {}),
  cmd('advance', {}),
  cmd('pauseClock', {}),
  cmd('unpauseClock', {}),
  cmd('extendClock', { seconds: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(600)) }),
  cmd('undo', {}),
  cmd('recordShot', { target: v.nullable(seat) }),
  cmd('foul', { seat }),
  cmd('remark', { seat }),
  cmd('disqualify', { seat, reason: v.pipe(v.string(), v.maxLength(200)) }),
  cmd('extraPoints', { seat, points: v.pipe(v.number(), v.minValue(-10), v.maxValue(10)) }),
  cmd('timeUp', { deadlineId: v.pipe(v.string(), v.maxLength(100)) }),
]);

export type Command = v.InferOutput<typeof commandSchema>;
export type CommandType = Command['type'];
export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>;

/** Commands only the host may send. */
export const HOST_COMMANDS: ReadonlySet<CommandType> = new Set([
  'configure',
  'seatPlayer',
  'removeSeat',
  'renameSeat',
  'moveSeat',
  'start',
  'assignRole',
  'advance',
  'endDiscussion',
  'pauseClock',
  'unpauseClock',
  'extendClock',
  'undo',
  'recordShot',
  'foul',
  'remark',
  'disqualify',
  'extraPoints',
]);

export type ParsedCommand = { ok: true; command: Command } | { ok: false; message: string };

/**
 * Each command type's own schema. The variant tries its options in order and writes an issue for every
 * option whose type does not match before it finds the one that does (two dozen for a vote); a known type
 * goes straight to its schema, which is all the variant would have run on it, with the same result.
 */
const schemaOfType: ReadonlyMap<unknown, v.GenericSchema<unknown, Command>> = new Map(
  commandSchema.options.map((schema) => [schema.entries.type.literal, schema]),
);

export function parseCommand(input: unknown): ParsedCommand {
  const type = input !== null && typeof input === 'object' ? (input as { type?: unknown }).type : undefined;
  const r = v.safeParse(schemaOfType.get(type) ?? commandSchema, input);
  if (r.success) return { ok: true, command: r.output };
  const issue = r.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  return { ok: false, message: path ? `${path}: ${issue.message}` : issue.message };
}

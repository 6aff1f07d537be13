import * as v from 'valibot';
import { cleanText, MAX_CHAT_CHARS } from '../domain/text.js';
import { ROLE_ALIASES, ROLE_IDS, VERBS, type Verb } from '../roles/index.js';
import { allRuleSets } from '../rules/rule-sets.js';
import { settingsInputSchema } from '../rules/settings.js';
import { type CommandSchema, cmd, seat } from './command-fields.js';

type RoleAlias = keyof typeof ROLE_ALIASES;

/**
 * Each family's own `act` abilities, merged in by the family (`declare module`, `{ family: AbilityId }`): the
 * engine's list names none of them.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by each family's declaration merging
export interface RuleSetAbilities {}
/** Each family's own commands' schemas by type, merged in by the family (the forum's shop). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by each family's declaration merging
export interface RuleSetCommandSchemas {}

/** An ability `act` may name: the common verbs, and each family's own. */
export type ActAbility = Verb | RuleSetAbilities[keyof RuleSetAbilities];

/** A player's name as typed; the lobby cleans it and refuses it when empty or already at the table. */
const playerName = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40));

/** The commands of every family; `act` names the abilities it is given (the verbs and the families'). */
const commonSchemas = (abilities: readonly ActAbility[]) => [
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
    ability: v.picklist(abilities),
    target: v.optional(seat),
    targets: v.optional(v.pipe(v.array(seat), v.minLength(1), v.maxLength(3))),
  }),
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
];

type CommonCommand = v.InferOutput<ReturnType<typeof commonSchemas>[number]>;
type FamilyCommand = {
  [K in keyof RuleSetCommandSchemas]: RuleSetCommandSchemas[K] extends v.GenericSchema
    ? v.InferOutput<RuleSetCommandSchemas[K]>
    : never;
}[keyof RuleSetCommandSchemas];
export type Command = CommonCommand | FamilyCommand;
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

interface Schemas {
  variant: v.GenericSchema<unknown, Command>;
  /**
   * Each command type's own schema. The variant tries its options in order and writes an issue for every
   * option whose type does not match before it finds the one that does (two dozen for a vote); a known type
   * goes straight to its schema, which is all the variant would have run on it, with the same result.
   */
  byType: ReadonlyMap<unknown, v.GenericSchema<unknown, Command>>;
}

let gathered: Schemas | undefined;

/** The common commands and every family's own, gathered when first asked (never at load: see rule-sets.ts). */
function schemas(): Schemas {
  if (gathered) return gathered;
  const families = allRuleSets();
  const options: CommandSchema[] = [
    ...(commonSchemas([...VERBS, ...families.flatMap((f) => f.abilityIds)]) as CommandSchema[]),
    ...families.flatMap((f) => f.commandSchemas),
  ];
  const variant = v.variant('type', options) as unknown as v.GenericSchema<unknown, Command>;
  const byType = new Map(
    options.map((schema) => [
      schema.entries.type.literal,
      schema as unknown as v.GenericSchema<unknown, Command>,
    ]),
  );
  gathered = { variant, byType };
  return gathered;
}

/** Every command's schema, the families' included. */
export const commandSchema = (): v.GenericSchema<unknown, Command> => schemas().variant;

export function parseCommand(input: unknown): ParsedCommand {
  const type = input !== null && typeof input === 'object' ? (input as { type?: unknown }).type : undefined;
  const { byType, variant } = schemas();
  const r = v.safeParse(byType.get(type) ?? variant, input);
  if (r.success) return { ok: true, command: r.output };
  const issue = r.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  return { ok: false, message: path ? `${path}: ${issue.message}` : issue.message };
}

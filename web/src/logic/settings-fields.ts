import type { ForumSettings } from '../../../shared/forum/settings.js';
import { ROLE_IDS, type RoleId } from '../../../shared/roles/index.js';
import { PRESETS } from '../../../shared/rules/presets.js';
import { rolesProblem } from '../../../shared/rules/rule-sets.js';
import {
  type GameMeta,
  type PresetId,
  type Settings,
  type SettingsInput,
  settingsInputSchema,
  type Timers,
} from '../../../shared/rules/settings.js';

type ChoiceKey = { [K in keyof Settings]: Settings[K] extends string ? K : never }[keyof Settings];

export const PRESET_LIST = Object.keys(PRESETS) as PresetId[];

type SchemaNode = {
  type: string;
  options?: readonly string[];
  wrapped?: SchemaNode;
  pipe?: ReadonlyArray<SchemaNode & { requirement?: unknown }>;
};

/** A setting's schema as the server checks it, past `optional` and `nullable`. */
function schemaOf(key: keyof SettingsInput): SchemaNode {
  let node = settingsInputSchema.entries[key] as unknown as SchemaNode;
  while (node.wrapped) node = node.wrapped;
  return node;
}

/** The values the server's schema allows for a choice setting. */
function choicesOf<K extends ChoiceKey>(key: K): readonly Settings[K][] {
  const node = schemaOf(key);
  if (node.type !== 'picklist' || !node.options)
    throw new Error(`${key} is not a choice in the settings schema`);
  return node.options as readonly Settings[K][];
}

/**
 * The values each choice setting takes, read from the server's schema (shared/rules/settings.ts). The type
 * makes it complete: every string setting is here.
 */
export const CHOICES: { [K in ChoiceKey]: readonly Settings[K][] } = {
  preset: choicesOf('preset'),
  master: choicesOf('master'),
  dealing: choicesOf('dealing'),
  introNight: choicesOf('introNight'),
  firstDay: choicesOf('firstDay'),
  dayFormat: choicesOf('dayFormat'),
  firstDayFormat: choicesOf('firstDayFormat'),
  nominate: choicesOf('nominate'),
  voting: choicesOf('voting'),
  majorityOf: choicesOf('majorityOf'),
  tie: choicesOf('tie'),
  allTied: choicesOf('allTied'),
  checkMode: choicesOf('checkMode'),
  doctorStops: choicesOf('doctorStops'),
  doctorSaves: choicesOf('doctorSaves'),
  doctorSelfHeal: choicesOf('doctorSelfHeal'),
  thirdFoul: choicesOf('thirdFoul'),
};

/** An integer setting's bounds as the server's schema states them, so the form refuses what it would. */
export function boundsOf(key: keyof SettingsInput): [number, number] | null {
  const actions = schemaOf(key).pipe ?? [];
  const bound = (type: string) => actions.find((a) => a.type === type)?.requirement;
  const min = bound('min_value');
  const max = bound('max_value');
  return typeof min === 'number' && typeof max === 'number' ? [min, max] : null;
}

export type Section = 'game' | 'day' | 'night' | 'sport' | 'timers' | 'sheet';

export type Field =
  | { key: ChoiceKey; kind: 'choice'; section: Section; options: readonly string[] }
  | { key: keyof Settings; kind: 'boolean'; section: Section }
  | { key: keyof Settings; kind: 'number'; section: Section; min: number; max: number }
  | { key: 'immunity'; kind: 'seat'; section: Section }
  | { key: 'roles'; kind: 'roles'; section: Section }
  | { key: 'bestMovePoints' | 'extraPointsRange'; kind: 'pair'; section: Section }
  | { key: 'timers'; kind: 'timers'; section: Section; keys: Array<keyof Timers> }
  | { key: 'meta'; kind: 'meta'; section: Section; keys: Array<keyof GameMeta> }
  | { key: 'forum'; kind: 'forum'; section: Section; keys: typeof FORUM_FORM_KEYS };

/** The forum game's tables the form edits; the rest keep their documented defaults (docs/rules.md). */
export const FORUM_FORM_KEYS = [
  'victoryPoints',
  'hangingPoints',
  'selfDefenceUses',
  'trainLevel',
  'trainPoints',
] as const satisfies ReadonlyArray<keyof ForumSettings>;

/** The roles a preset may deal: the forum game its own, the others theirs. */
export const rolesOf = (preset: PresetId): RoleId[] =>
  ROLE_IDS.filter((role) => rolesProblem(preset, [role]) === null);

const SECTION: Partial<Record<keyof Settings, Section>> = {
  firstDay: 'day',
  dayFormat: 'day',
  firstDayFormat: 'day',
  rotateFirstSpeaker: 'day',
  defenceBeforeVote: 'day',
  nominate: 'day',
  withdraw: 'day',
  replaceNomination: 'day',
  voting: 'day',
  majorityOf: 'day',
  selfVote: 'day',
  minCandidates: 'day',
  minCandidatesDay1: 'day',
  unusedVotesToLast: 'day',
  tie: 'day',
  allTied: 'day',
  introNight: 'night',
  introFullTime: 'night',
  introScript: 'night',
  immunity: 'night',
  checkMode: 'night',
  doctorStops: 'night',
  doctorSaves: 'night',
  doctorSelfHeal: 'night',
  bodyguardDies: 'night',
  shootTeammates: 'night',
  bestMove: 'sport',
  bestMovePoints: 'sport',
  thirdFoul: 'sport',
  extraPointsRange: 'sport',
  removalCancelsVote: 'sport',
  drawAfterQuietRounds: 'sport',
  liftNineThree: 'sport',
  timers: 'timers',
  meta: 'sheet',
  forum: 'night',
};

const isChoice = (key: string): key is ChoiceKey => key in CHOICES;

/**
 * The settings form, generated from a preset's defaults: one field per setting the preset has, so a setting
 * added to the engine appears here with its default without touching the form.
 */
export function fieldsOf(defaults: Settings): Field[] {
  const fields: Field[] = [];
  for (const key of Object.keys(defaults) as Array<keyof Settings>) {
    if (key === 'preset') continue;
    const value = defaults[key];
    const section = SECTION[key] ?? 'game';
    if (isChoice(key)) fields.push({ key, kind: 'choice', section, options: CHOICES[key] });
    else if (key === 'immunity') fields.push({ key, kind: 'seat', section });
    else if (key === 'roles') fields.push({ key, kind: 'roles', section });
    else if (key === 'bestMovePoints' || key === 'extraPointsRange')
      fields.push({ key, kind: 'pair', section });
    else if (key === 'timers')
      fields.push({
        key,
        kind: 'timers',
        section,
        keys: Object.keys(value as Timers) as Array<keyof Timers>,
      });
    else if (key === 'forum') fields.push({ key, kind: 'forum', section, keys: FORUM_FORM_KEYS });
    else if (key === 'meta')
      fields.push({
        key,
        kind: 'meta',
        section,
        keys: Object.keys(value as GameMeta) as Array<keyof GameMeta>,
      });
    else if (typeof value === 'boolean') fields.push({ key, kind: 'boolean', section });
    else if (typeof value === 'number') {
      const [min, max] = boundsOf(key as keyof SettingsInput) ?? [0, 99];
      fields.push({ key, kind: 'number', section, min, max });
    }
  }
  return fields;
}

/** The roles a game of these settings may deal: the host's own counts, else the preset's table at any size. */
export function dealableRoles(settings: Settings): Set<RoleId> {
  const own = (Object.entries(settings.roles) as Array<[RoleId, number]>).filter(([, n]) => n > 0);
  if (own.length > 0) return new Set(own.map(([role]) => role));
  const preset = PRESETS[settings.preset];
  const roles = new Set<RoleId>();
  for (let n = preset.minPlayers; n <= preset.maxPlayers; n++) {
    for (const [role, count] of Object.entries(preset.rolesFor(n)) as Array<[RoleId, number]>) {
      if (count > 0) roles.add(role);
    }
  }
  return roles;
}

const ONLY_WITH_NOMINATIONS: ReadonlyArray<keyof Settings> = [
  'nominate',
  'withdraw',
  'replaceNomination',
  'minCandidates',
  'minCandidatesDay1',
  'defenceBeforeVote',
  'unusedVotesToLast',
  'tie',
  'allTied',
  'liftNineThree',
];

/** The role a setting is about: without that role at the table the setting changes nothing. */
const ROLE_OF: Partial<Record<keyof Settings, RoleId>> = {
  doctorStops: 'doctor',
  doctorSaves: 'doctor',
  doctorSelfHeal: 'doctor',
  bodyguardDies: 'bodyguard',
  jesterEndsGame: 'jester',
};

/**
 * The forum game (seed 003) keeps days and nights of its own: no day formats, no introduction night, no
 * Sheriff's checks of the table games.
 */
const NOT_IN_FORUM: ReadonlyArray<keyof Settings> = [
  'dayFormat',
  'firstDayFormat',
  'introNight',
  'introFullTime',
  'introScript',
  'checkMode',
];

/**
 * Whether a setting changes anything in a game of these settings, so the form shows only what applies: the
 * forum's tables in a forum game, the nominations' rules when the day votes on nominations, a role's
 * setting when that role can be dealt. The values of hidden settings still travel with the rest.
 */
export function applies(key: keyof Settings, settings: Settings, roles = dealableRoles(settings)): boolean {
  if (key === 'forum') return settings.preset === 'forum';
  if (settings.preset === 'forum' && NOT_IN_FORUM.includes(key)) return false;
  // Only a narrator or a moderator wakes the roles one by one on the introduction night.
  if (key === 'introScript') return settings.master !== 'auto' && settings.introNight !== 'never';
  if (key === 'majorityOf') return settings.voting === 'majority';
  if (ONLY_WITH_NOMINATIONS.includes(key)) return settings.voting === 'nominations';
  if (key === 'introFullTime') return settings.introNight !== 'never';
  if (key === 'bestMovePoints') return settings.bestMove;
  const role = ROLE_OF[key];
  return role === undefined || roles.has(role);
}

export const SECTIONS: readonly Section[] = ['game', 'day', 'night', 'sport', 'timers', 'sheet'];

/** Role counts to show: the settings' own, or the preset's table for this many players. */
export function roleCounts(settings: Settings, players: number): Record<RoleId, number> {
  const chosen = Object.keys(settings.roles).length > 0;
  const table = chosen ? settings.roles : PRESETS[settings.preset].rolesFor(players);
  const counts = Object.fromEntries(ROLE_IDS.map((r) => [r, table[r] ?? 0])) as Record<RoleId, number>;
  const special = ROLE_IDS.filter((r) => r !== 'civilian').reduce((n, r) => n + counts[r], 0);
  counts.civilian = Math.max(0, players - special);
  return counts;
}

/** Switching preset starts over from that preset's defaults, as the server's merge does. */
export function defaultsOf(preset: PresetId): Settings {
  return structuredClone(PRESETS[preset].defaults);
}

import { FORUM } from '../forum/rule-set.js';
import { PRESETS } from '../rules/presets.js';
import type { RuleSet } from './rule-set.js';
import { STANDARD } from './standard.js';
import type { GameState } from './state.js';

/** Every rule set by the id a preset names; the engine loops over none of them by name. */
export const RULE_SETS = { standard: STANDARD, forum: FORUM } as const satisfies Record<string, RuleSet>;
export type RuleSetId = keyof typeof RULE_SETS;

/** The rule set a game plays: the one its preset names. */
export const ruleSetOf = (s: Pick<GameState, 'settings'>): RuleSet =>
  RULE_SETS[PRESETS[s.settings.preset].ruleSet];

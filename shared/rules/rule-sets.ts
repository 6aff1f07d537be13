import type { RuleSet } from '../engine/rule-set.js';
import { STANDARD } from '../engine/standard.js';
import type { GameState } from '../engine/state.js';
import { FORUM } from '../forum/rule-set.js';
import { PRESETS } from './presets.js';
import type { PresetId } from './settings.js';

/**
 * Every rule set by the id a preset names: the one place that knows the families. Read when asked, never at
 * load, so the engine and the families may import each other's modules in any order.
 */
const ruleSets = () => ({ standard: STANDARD, forum: FORUM }) as const satisfies Record<string, RuleSet>;
export type RuleSetId = keyof ReturnType<typeof ruleSets>;

/** The rule set a game plays: the one its preset names. */
export const ruleSetOf = (s: Pick<GameState, 'settings'>): RuleSet =>
  ruleSets()[PRESETS[s.settings.preset].ruleSet];

/** Every rule set, for what each game's view carries of every family (its part, or null). */
export const allRuleSets = (): readonly RuleSet[] => Object.values(ruleSets());

/**
 * What is wrong with dealing these roles in a game of this preset, or null: each family answers for its own
 * roles (the forum game deals only its own; its own beyond the common ones play nowhere else).
 */
export function rolesProblem(preset: PresetId, roles: readonly string[]): string | null {
  const own = ruleSets()[PRESETS[preset].ruleSet];
  for (const family of allRuleSets()) {
    const problem = family.rolesProblem(roles, family === own);
    if (problem) return problem;
  }
  return null;
}

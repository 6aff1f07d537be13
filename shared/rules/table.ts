import { mergeForumSettings } from '../forum/settings.js';
import type { RoleId } from '../roles/index.js';
import { PRESETS } from './presets.js';
import type { Settings, SettingsInput } from './settings.js';

/** A preset's defaults with the client's choices on top. */
export function mergeSettings(current: Settings, input: SettingsInput): Settings {
  const base = input.preset && input.preset !== current.preset ? PRESETS[input.preset].defaults : current;
  return {
    ...base,
    ...input,
    roles: input.roles ?? base.roles,
    timers: { ...base.timers, ...input.timers },
    meta: { ...base.meta, ...input.meta },
    forum: mergeForumSettings(base.forum, input.forum),
  } as Settings;
}

/** The roles for a table of n players: the settings' roles, or the preset's table; the rest civilians. */
export function rolesForTable(settings: Settings, n: number): RoleId[] {
  const counts =
    Object.keys(settings.roles).length > 0 ? settings.roles : PRESETS[settings.preset].rolesFor(n);
  const deck: RoleId[] = [];
  for (const [role, count] of Object.entries(counts) as [RoleId, number][]) {
    if (role === 'civilian') continue;
    for (let i = 0; i < count; i++) deck.push(role);
  }
  while (deck.length < n) deck.push('civilian');
  return deck;
}

import type { PresetId, Settings, SettingsInput } from '../../../shared/rules/settings.js';
import type { KeyValueStore } from './sessions.js';

const PREFIX = 'sc.timers.';

/** The timers of the last room this phone created with each rule set, as they were chosen. */
export type LastTimers = Partial<Record<PresetId, Settings['timers']>>;

export function rememberTimers(store: KeyValueStore, settings: SettingsInput): void {
  if (settings.timers) store.setItem(PREFIX + (settings.preset ?? 'online'), JSON.stringify(settings.timers));
}

/** Every rule set's remembered timers; what is not a timer of that rule set is left out. */
export function lastTimers(
  store: KeyValueStore,
  presets: readonly PresetId[],
  defaults: (p: PresetId) => Settings,
): LastTimers {
  const found: LastTimers = {};
  for (const preset of presets) {
    const raw = store.getItem(PREFIX + preset);
    if (!raw) continue;
    try {
      const held = JSON.parse(raw) as Record<string, unknown>;
      const timers = { ...defaults(preset).timers };
      for (const key of Object.keys(timers) as Array<keyof typeof timers>) {
        const value = held[key];
        if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 7 * 24 * 3600)
          timers[key] = value;
      }
      found[preset] = timers;
    } catch {
      store.removeItem(PREFIX + preset);
    }
  }
  return found;
}

/** The settings with the timers last chosen for their rule set, if any. */
export function withLastTimers(settings: Settings, last: LastTimers): Settings {
  const timers = last[settings.preset];
  return timers ? { ...settings, timers: { ...timers } } : settings;
}

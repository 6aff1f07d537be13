import { createHash } from 'node:crypto';
import type { Settings } from '../../shared/index.js';

/** A game's settings as views carry them: their JSON, and the key a view names them by when it leaves them out. */
export interface SettingsText {
  json: string;
  key: string;
}

/**
 * Made once per settings object: every view of a game holds the same one, and it stays the same until the
 * host changes them. The key is a digest of the JSON (72 bits), so a client holding settings of the same key
 * holds these very settings, whichever process sent them.
 */
export function settingsText(settings: Settings): SettingsText {
  let text = texts.get(settings);
  if (text === undefined) {
    const json = JSON.stringify(settings);
    text = { json, key: createHash('sha256').update(json).digest('base64url').slice(0, 12) };
    texts.set(settings, text);
  }
  return text;
}

const texts = new WeakMap<Settings, SettingsText>();

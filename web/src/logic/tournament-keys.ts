import type { KeyValueStore } from './sessions.js';

/** What this phone holds of a tournament it made: the organizer's token and the key for his judges. */
export interface TournamentKeys {
  organizerToken: string;
  judgesKey: string;
}

const keyOf = (id: string) => `sc.tournament.${id}`;

export function saveTournamentKeys(store: KeyValueStore, id: string, keys: TournamentKeys): void {
  store.setItem(keyOf(id), JSON.stringify(keys));
}

export function loadTournamentKeys(store: KeyValueStore, id: string): TournamentKeys | null {
  try {
    const kept = JSON.parse(store.getItem(keyOf(id)) ?? 'null') as Partial<TournamentKeys> | null;
    return typeof kept?.organizerToken === 'string' && typeof kept.judgesKey === 'string'
      ? { organizerToken: kept.organizerToken, judgesKey: kept.judgesKey }
      : null;
  } catch {
    return null;
  }
}

import { describe, expect, it } from 'vitest';
import { PRESET_IDS } from '../../shared/rules/settings.js';
import { lastTimers, rememberTimers, withLastTimers } from '../../web/src/logic/last-timers.js';
import { MemoryStore } from '../../web/src/logic/sessions.js';
import { defaultsOf } from '../../web/src/logic/settings-fields.js';

describe('the settings form remembers the last timers', () => {
  it('given a room created with a 90-second speech, when the next room of the same rules is set up, then it starts from 90 s', () => {
    const store = new MemoryStore();
    const chosen = defaultsOf('online');
    rememberTimers(store, { ...chosen, timers: { ...chosen.timers, speech: 90 } });
    const last = lastTimers(store, PRESET_IDS, defaultsOf);
    expect(withLastTimers(defaultsOf('online'), last).timers.speech).toBe(90);
  });

  it('given timers remembered for one rule set, then another rule set keeps its own defaults', () => {
    const store = new MemoryStore();
    rememberTimers(store, { preset: 'online', timers: { ...defaultsOf('online').timers, speech: 90 } });
    const last = lastTimers(store, PRESET_IDS, defaultsOf);
    expect(withLastTimers(defaultsOf('sport'), last)).toEqual(defaultsOf('sport'));
  });

  it('given a stored value that is not a timer, then it is ignored and the default stands', () => {
    const store = new MemoryStore();
    store.setItem('sc.timers.online', JSON.stringify({ speech: -5, night: 'x', bogus: 3, vote: 20 }));
    store.setItem('sc.timers.sport', '{not json');
    const last = lastTimers(store, PRESET_IDS, defaultsOf);
    expect(last.online).toEqual({ ...defaultsOf('online').timers, vote: 20 });
    expect(last.sport).toBeUndefined();
    expect(store.getItem('sc.timers.sport')).toBeNull();
  });
});

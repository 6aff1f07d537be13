import { describe, expect, it } from 'vitest';
import { ABILITIES, type AbilityKey, ROLE_IDS, ROLES, TEAM_IDS, TEAMS } from '../../shared/roles/index.js';
import { PRESETS } from '../../shared/rules/presets.js';

const keys = Object.keys(ABILITIES) as AbilityKey[];

describe('the role, ability and team tables', () => {
  it('the protocol’s role and team ids are the tables’ keys', () => {
    expect(ROLE_IDS).toEqual([
      'civilian',
      'mafia',
      'don',
      'sheriff',
      'patrolman',
      'doctor',
      'bodyguard',
      'lover',
      'maniac',
      'mason',
      'yakuza',
      'jester',
      'werewolf',
      'commissar',
      'assistant',
      'shooter',
      'necromancer',
      'undead',
      'apostate',
      'psycho',
      'girl',
      'hacker',
      'killer',
      'journalist',
      'agent',
      'lawyer',
      'unfaithful',
    ]);
    expect(TEAM_IDS).toEqual(['town', 'mafia', 'maniac', 'yakuza', 'jester', 'neutral']);
  });

  it('every role’s team and abilities exist, and every ability belongs to a role', () => {
    for (const role of ROLE_IDS) {
      expect(TEAMS[ROLES[role].team]).toBeDefined();
      for (const key of ROLES[role].abilities) expect(keys).toContain(key);
    }
    const used = new Set(ROLE_IDS.flatMap((role) => ROLES[role].abilities));
    expect([...used].sort()).toEqual([...keys].sort());
  });

  it('C24: an ability that replaces a role names a role of the table', () => {
    for (const key of keys)
      for (const role of ABILITIES[key].replaces ?? []) expect(ROLE_IDS).toContain(role);
    expect(ABILITIES.patrolCheck.replaces).toEqual(['sheriff']);
  });

  it('C12, E13: every preset wakes every group its roles need, in its order', () => {
    // The forum game's roles act by the forum's own ability table (shared/forum), not by these wakes.
    for (const preset of Object.values(PRESETS).filter((p) => p.id !== 'forum')) {
      const roles = new Set(Object.keys(preset.rolesFor(preset.maxPlayers)));
      for (const role of ROLE_IDS.filter((r) => roles.has(r))) {
        for (const key of ROLES[role].abilities) expect(preset.wakeOrder).toContain(ABILITIES[key].wake);
      }
    }
    for (const key of keys) expect(PRESETS.roleGame.wakeOrder).toContain(ABILITIES[key].wake);
  });
});

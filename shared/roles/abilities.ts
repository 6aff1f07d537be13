/** What an ability does to its target, in the order a night resolves them: blocks first, protections last. */
export type AbilityKind = 'block' | 'inspect' | 'attack' | 'protect' | 'other';
export const KIND_ORDER: readonly AbilityKind[] = ['block', 'attack', 'inspect', 'protect', 'other'];

/** The verbs a player sends as `act.ability` and the log records; several abilities share one verb. */
export const VERBS = ['shoot', 'check', 'heal', 'guard', 'block', 'kill'] as const;
export type Verb = (typeof VERBS)[number];

export interface AbilityDef {
  verb: Verb;
  kind: AbilityKind;
  /** The group that wakes for it (C12, E13); the rule set's wake order lists these groups. */
  wake: string;
  /** Every living, unblocked holder must act, all on one target (A5, C4). */
  joint: boolean;
  /** How many seats one use names, and which of them are allowed. */
  targets: { count: number; self: boolean; teammates: boolean };
  /** Uses per game; null for every night. */
  usesPerGame: number | null;
  /**
   * Role ids: the ability sleeps while any of them lives (C24: the Patrolman replaces the Commissar). Plain
   * strings, as the role table is built on this one; the registry test checks each is a role.
   */
  replaces?: readonly string[];
  /** An attack's mark on the eliminated (`how`). */
  how?: 'shot' | 'killed';
  /** An inspection's question: the Don looks for the Sheriff, the Sheriff for the black (C5, E13). */
  seeks?: 'sheriff' | 'black';
  /** A block's effect: its target does nothing tonight (a check tells him nothing); with `alibi`, he keeps his seat through tomorrow's vote (E12). */
  block?: { alibi: boolean };
  /** A protection's effect, held against each attack on its target once all attacks are known. */
  protection?: ProtectionEffect;
}

/**
 * What a protection stops and how. The night tries a seat's protections in `priority` order, lowest first;
 * the first that stops an attack gives its outcome `reason`.
 * `stops`: every attack, or only the mafia's shot unless `doctorSaves: 'anyAttack'` (E13);
 * `once`: under `doctorStops: 'one'` it stops only one of several attacks on the seat (C25);
 * `holderDies`: the holder dies in his ward's place when `bodyguardDies` is on.
 */
export interface ProtectionEffect {
  priority: number;
  reason: 'guarded' | 'savedByDoctor';
  stops: 'any' | 'doctorSaves';
  once: boolean;
  holderDies: boolean;
}

const anyone = { count: 1, self: true, teammates: true };
const others = { count: 1, self: false, teammates: true };

const TABLE = {
  mafiaShot: {
    verb: 'shoot',
    kind: 'attack',
    wake: 'mafia',
    joint: true,
    targets: anyone,
    usesPerGame: null,
    how: 'shot',
  },
  yakuzaShot: {
    verb: 'shoot',
    kind: 'attack',
    wake: 'yakuza',
    joint: true,
    targets: anyone,
    usesPerGame: null,
    how: 'shot',
  },
  donCheck: {
    verb: 'check',
    kind: 'inspect',
    wake: 'don',
    joint: false,
    targets: anyone,
    usesPerGame: null,
    seeks: 'sheriff',
  },
  sheriffCheck: {
    verb: 'check',
    kind: 'inspect',
    wake: 'sheriff',
    joint: false,
    targets: anyone,
    usesPerGame: null,
    seeks: 'black',
  },
  patrolCheck: {
    verb: 'check',
    kind: 'inspect',
    wake: 'patrolman',
    joint: false,
    targets: anyone,
    usesPerGame: null,
    seeks: 'black',
    replaces: ['sheriff'],
  },
  heal: {
    verb: 'heal',
    kind: 'protect',
    wake: 'doctor',
    joint: false,
    targets: anyone,
    usesPerGame: null,
    protection: { priority: 1, reason: 'savedByDoctor', stops: 'doctorSaves', once: true, holderDies: false },
  },
  guard: {
    verb: 'guard',
    kind: 'protect',
    wake: 'bodyguard',
    joint: false,
    targets: others,
    usesPerGame: null,
    protection: { priority: 0, reason: 'guarded', stops: 'any', once: false, holderDies: true },
  },
  block: {
    verb: 'block',
    kind: 'block',
    wake: 'lover',
    joint: false,
    targets: others,
    usesPerGame: null,
    block: { alibi: true },
  },
  maniacKill: {
    verb: 'kill',
    kind: 'attack',
    wake: 'maniac',
    joint: false,
    targets: anyone,
    usesPerGame: null,
    how: 'killed',
  },
} as const satisfies Record<string, AbilityDef>;

export type AbilityKey = keyof typeof TABLE;
/**
 * A group that wakes together at night: for an ability, or on the acquaintance night only to meet (the
 * Masons, C10). The wake order of a rule set lists these.
 */
export type WakeGroup = (typeof TABLE)[AbilityKey]['wake'] | 'masons';
/** The abilities by key; the keys and wake groups are those of the table above, one list. */
export const ABILITIES: Record<AbilityKey, AbilityDef & { wake: WakeGroup }> = TABLE;
/** Kept for the log and the protocol: an action records its verb. */
export type AbilityId = Verb;

import { FORUM_DEFAULTS } from '../forum/settings.js';
import type { RoleId, WakeGroup } from '../roles/index.js';
import type { PresetId, Settings } from './settings.js';

export interface Preset {
  id: PresetId;
  /** The seed this preset plays (see docs/rules.md). */
  source: string;
  minPlayers: number;
  maxPlayers: number;
  defaults: Settings;
  /** Default roles for a table of n players (the rest are civilians). */
  rolesFor(n: number): Partial<Record<RoleId, number>>;
  /** The order roles wake in and their actions resolve (C12, E13). */
  wakeOrder: readonly WakeGroup[];
  /** The family of rules it plays: the role tables, or the forum's (seed 003). */
  ruleSet: 'standard' | 'forum';
  /** Roles a hand-made deal must hold exactly this many of, and the refusal that says so. */
  required?: { roles: Partial<Record<RoleId, number>>; message: string };
}

const noMeta = { tournament: '', stage: '', table: '', game: '' };

const base: Settings = {
  preset: 'online',
  master: 'auto',
  dealing: 'random',
  roles: {},
  immunity: null,
  introNight: 'auto',
  introFullTime: false,
  introScript: false,
  firstDay: 'vote',
  dayFormat: 'discussion',
  firstDayFormat: 'same',
  rotateFirstSpeaker: true,
  defenceBeforeVote: false,
  nominate: 'anytime',
  withdraw: false,
  replaceNomination: false,
  voting: 'nominations',
  majorityOf: 'living',
  selfVote: false,
  minCandidates: 1,
  minCandidatesDay1: 1,
  unusedVotesToLast: false,
  tie: 'nobody',
  liftNineThree: false,
  allTied: 'nobody',
  revealRoles: false,
  deadSeeRoles: false,
  checkMode: 'result',
  doctorStops: 'one',
  doctorSaves: 'anyAttack',
  doctorSelfHeal: 'any',
  bodyguardDies: false,
  shootTeammates: true,
  jesterEndsGame: true,
  chat: true,
  spectators: true,
  bestMove: false,
  bestMovePoints: [0.5, 0.3],
  thirdFoul: 'skip',
  extraPointsRange: [-1, 1],
  removalCancelsVote: false,
  drawAfterQuietRounds: 0,
  timers: {
    intro: 30,
    cards: 20,
    mafia: 45,
    night: 30,
    wake: 20,
    speech: 60,
    shortSpeech: 30,
    discussion: 180,
    defence: 30,
    vote: 30,
    lastWord: 30,
    lastWordNight: 30,
    day: 300,
  },
  meta: noMeta,
  forum: FORUM_DEFAULTS,
};

/** A third of the table is mafia (at least one); with two or more, one of them is the Don. */
function mafiaTable(n: number, sheriffFrom: number): Partial<Record<RoleId, number>> {
  const blacks = Math.max(1, Math.floor(n / 3));
  const roles: Partial<Record<RoleId, number>> = blacks >= 2 ? { mafia: blacks - 1, don: 1 } : { mafia: 1 };
  if (n >= sheriffFrom) roles.sheriff = 1;
  return roles;
}

/** Seed 000: an online room with an automatic game master (A1–A9). */
const online: Preset = {
  id: 'online',
  ruleSet: 'standard',
  source: '000',
  minPlayers: 4,
  maxPlayers: 20,
  defaults: { ...base, preset: 'online' },
  rolesFor: (n) => mafiaTable(n, 6),
  wakeOrder: ['mafia', 'don', 'sheriff'],
};

/** Seed 001: the classic Sleeping City rules (B1–B12). */
const classic: Preset = {
  id: 'classic',
  ruleSet: 'standard',
  source: '001',
  minPlayers: 7,
  maxPlayers: 20,
  defaults: {
    ...base,
    preset: 'classic',
    master: 'narrator',
    introNight: 'always',
    voting: 'majority',
    dayFormat: 'discussion',
    shootTeammates: false,
    timers: { ...base.timers, intro: 60, mafia: 60, night: 40, lastWord: 0, lastWordNight: 0, day: 300 },
  },
  rolesFor: (n) => mafiaTable(n, 7),
  wakeOrder: ['mafia', 'don', 'sheriff'],
};

/** Seed 002 sport mode and sport-rules.md (C1–C7, FIIM defaults). */
const sport: Preset = {
  id: 'sport',
  ruleSet: 'standard',
  required: {
    roles: { sheriff: 1, don: 1 },
    message: 'a sport table has exactly one Sheriff and one Don (C2)',
  },
  source: '002',
  minPlayers: 10,
  maxPlayers: 10,
  defaults: {
    ...base,
    preset: 'sport',
    master: 'moderator',
    introNight: 'always',
    introFullTime: true,
    dayFormat: 'speeches',
    nominate: 'inSpeech',
    selfVote: true,
    minCandidates: 1,
    minCandidatesDay1: 2,
    unusedVotesToLast: true,
    tie: 'split',
    chat: false,
    bestMove: true,
    removalCancelsVote: true,
    drawAfterQuietRounds: 3,
    timers: {
      ...base.timers,
      intro: 60,
      mafia: 20,
      night: 20,
      wake: 10,
      speech: 60,
      shortSpeech: 30,
      defence: 30,
      vote: 20,
      lastWord: 60,
      lastWordNight: 60,
    },
  },
  rolesFor: () => ({ mafia: 2, don: 1, sheriff: 1 }),
  wakeOrder: ['mafia', 'don', 'sheriff'],
};

/** Seed 004: club rules (E1–E16). */
const club: Preset = {
  id: 'club',
  ruleSet: 'standard',
  source: '004',
  // E15–E16: the smallest table that seats the role table's five roles (Putana, mafioso, Don, Sheriff, Maniac).
  minPlayers: 5,
  maxPlayers: 16,
  defaults: {
    ...base,
    preset: 'club',
    master: 'moderator',
    dealing: 'cards',
    introNight: 'always',
    introScript: true,
    firstDay: 'vote',
    dayFormat: 'speeches',
    nominate: 'inSpeech',
    minCandidates: 2,
    minCandidatesDay1: 2,
    tie: 'carCrash',
    doctorSaves: 'mafiaShot',
    chat: false,
    timers: { ...base.timers, speech: 60, defence: 30, lastWord: 30, lastWordNight: 30 },
  },
  rolesFor: (n) => {
    const m = Math.min(Math.max(n, 9), 15);
    const mafia = m >= 13 ? 3 : m >= 11 ? 2 : 1;
    return { mafia, don: 1, lover: 1, sheriff: 1, doctor: m >= 13 ? 1 : 0, maniac: 1 };
  },
  wakeOrder: ['lover', 'mafia', 'don', 'sheriff', 'doctor', 'maniac'],
};

/** Seed 002 standard mode: the big role game (C8–C27). */
const roleGame: Preset = {
  id: 'roleGame',
  ruleSet: 'standard',
  source: '002',
  minPlayers: 5,
  maxPlayers: 25,
  defaults: {
    ...base,
    preset: 'roleGame',
    master: 'narrator',
    dealing: 'cards',
    introNight: 'always',
    introScript: true,
    firstDay: 'noVote',
    dayFormat: 'discussion',
    defenceBeforeVote: true,
    minCandidates: 1,
    unusedVotesToLast: true,
    tie: 'carCrash',
    revealRoles: true,
  },
  rolesFor: (n) => ({ ...mafiaTable(n, 5), doctor: n >= 8 ? 1 : 0, maniac: n >= 11 ? 1 : 0 }),
  wakeOrder: ['lover', 'mafia', 'yakuza', 'don', 'sheriff', 'patrolman', 'bodyguard', 'doctor', 'maniac'],
};

/** Seconds in an hour: the forum game is played over days. */
const HOUR = 3600;

/**
 * Seed 003: the forum game (D1–D16), played over days in a thread: a 24-hour day of continuous voting, a
 * 12-hour night in which every role acts; no introduction night, so the first night with moves is night 1.
 */
const forum: Preset = {
  id: 'forum',
  ruleSet: 'forum',
  source: '003',
  minPlayers: 7,
  maxPlayers: 30,
  defaults: {
    ...base,
    preset: 'forum',
    master: 'auto',
    introNight: 'never',
    voting: 'majority',
    dayFormat: 'discussion',
    timers: {
      ...base.timers,
      mafia: 12 * HOUR,
      night: 12 * HOUR,
      day: 24 * HOUR,
      lastWord: 0,
      lastWordNight: 0,
    },
  },
  rolesFor: (n) => ({
    mafia: Math.max(2, Math.floor(n / 4)),
    commissar: 1,
    doctor: 1,
    girl: 1,
    shooter: n >= 8 ? 1 : 0,
    assistant: n >= 9 ? 1 : 0,
    maniac: n >= 10 ? 1 : 0,
    psycho: n >= 11 ? 1 : 0,
    hacker: n >= 12 ? 1 : 0,
    journalist: n >= 12 ? 1 : 0,
    killer: n >= 13 ? 1 : 0,
    necromancer: n >= 14 ? 1 : 0,
    apostate: n >= 14 ? 1 : 0,
    undead: n >= 15 ? 1 : 0,
  }),
  // A moderator records the whole night in one step; with the automatic master every role acts at once.
  wakeOrder: ['mafia'],
};

export const PRESETS: Record<PresetId, Preset> = { online, classic, sport, club, roleGame, forum };

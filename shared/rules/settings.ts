import * as v from 'valibot';
import type { Seat } from '../domain/vocabulary.js';
import { type ForumSettings, forumSettingsInputSchema } from '../forum/settings.js';
import { ROLE_IDS, type RoleId } from '../roles/index.js';

export const PRESET_IDS = ['online', 'classic', 'sport', 'club', 'roleGame', 'forum'] as const;
export type PresetId = (typeof PRESET_IDS)[number];
export type Master = 'auto' | 'narrator' | 'moderator';
export const DAY_FORMATS = [
  'speeches',
  'discussion',
  'discussionThenSpeeches',
  'speechesThenDiscussion',
] as const;
export type DayFormat = (typeof DAY_FORMATS)[number];

/** Timer lengths in seconds. A 0 switches the step off where that makes sense (a last word of 0 s is none). */
export interface Timers {
  /** Introduction / agreement night. */
  intro: number;
  /** One player's pick of a face-down card. */
  cards: number;
  /** The mafia's night window (A7: longer than the others'). */
  mafia: number;
  /** Every other night role's window. */
  night: number;
  /** One narrator-paced wake of a role (advisory). */
  wake: number;
  /** A speech in turn. */
  speech: number;
  /** A speech shortened by the 3rd foul with 3–4 alive. */
  shortSpeech: number;
  /** The common discussion of a day (nominations open). */
  discussion: number;
  /** A defence speech of a tied or nominated player. */
  defence: number;
  /** An open ballot. */
  vote: number;
  /** Last word after a vote. */
  lastWord: number;
  /** Last word at the start of a day after a night kill. */
  lastWordNight: number;
  /** The whole day of a continuous-majority vote (B8–B9). */
  day: number;
}

export interface GameMeta {
  tournament: string;
  stage: string;
  table: string;
  game: string;
}

export interface Settings {
  preset: PresetId;
  master: Master;
  dealing: 'random' | 'cards' | 'manual';
  /** Roles in play; `{}` means the preset's table for the number of players. */
  roles: Partial<Record<RoleId, number>>;
  immunity: Seat | null;
  introNight: 'auto' | 'always' | 'never';
  /**
   * With a narrator or moderator the acquaintance night wakes the roles one by one to show themselves
   * (E3, C10); otherwise only the mafia meets.
   */
  introScript: boolean;
  /** The introduction night lasts its full time (sport's agreement minute) instead of ending on "I know my team". */
  introFullTime: boolean;
  firstDay: 'vote' | 'noVote';
  /**
   * A day of speeches in seat order, one common discussion, or both in either order (C19). The talk ends
   * in nominations; the vote follows it.
   */
  dayFormat: DayFormat;
  /** The first day's own format (C20), or the same as every day. */
  firstDayFormat: 'same' | DayFormat;
  /** Each day passes the first speech to the next living player (C21, E6); off: seat order from the first living. */
  rotateFirstSpeaker: boolean;
  /** Every candidate speaks in his defence before the vote (C13), not only the tied before a revote. */
  defenceBeforeVote: boolean;
  /** Nominations only inside one's own speech, or at any time of the day's talk. */
  nominate: 'inSpeech' | 'anytime';
  withdraw: boolean;
  /** A player's new nomination replaces his own earlier one of the day (sport: a setting, off by default). */
  replaceNomination: boolean;
  voting: 'majority' | 'nominations';
  majorityOf: 'living' | 'cast';
  selfVote: boolean;
  minCandidates: number;
  minCandidatesDay1: number;
  unusedVotesToLast: boolean;
  tie: 'carCrash' | 'split' | 'nobody';
  /** Sport: with 9 alive and three tied twice, hold the lift-all vote anyway (FIIM: night falls). */
  liftNineThree: boolean;
  /** When every living player is tied: nobody leaves, or the game is a draw. */
  allTied: 'nobody' | 'draw';
  revealRoles: boolean;
  /** Players who are out see every role (the host allows it); off, they keep knowing only what they knew. */
  deadSeeRoles: boolean;
  checkMode: 'result' | 'attackWhenFound' | 'alwaysAttack';
  doctorStops: 'one' | 'all';
  /** What the Doctor's heal saves from: any attack, or only the mafia's shot (E13). */
  doctorSaves: 'anyAttack' | 'mafiaShot';
  /** How often the Doctor may heal himself: any night, once a game, or never (the seeds leave it open). */
  doctorSelfHeal: 'any' | 'once' | 'never';
  /** The Bodyguard dies in the place of the guarded player (the seeds leave it open). */
  bodyguardDies: boolean;
  /** The mafia may shoot one of its own (A4) or picks only outside the team (B7). */
  shootTeammates: boolean;
  jesterEndsGame: boolean;
  /** In-app chat channels (table, mafia, dead); sport is played by voice. */
  chat: boolean;
  /** Anyone with the room's code may watch the game as a spectator, seeing only what the whole town sees. */
  spectators: boolean;
  bestMove: boolean;
  /** Best-move bonus for three and for two right guesses. */
  bestMovePoints: [number, number];
  /** What the 3rd foul costs: the next speech, or half of it. */
  thirdFoul: 'skip' | 'short';
  /** The judge's extra points must lie in this range. */
  extraPointsRange: [number, number];
  /** A removal by fouls or disqualification cancels the current or nearest vote (sport). */
  removalCancelsVote: boolean;
  /** Draw after this many nights and days in a row without anyone leaving; 0 = never. */
  drawAfterQuietRounds: number;
  timers: Timers;
  meta: GameMeta;
  /** The forum game's tables (seed 003): levels, points, the arsenal's uses, prices, the office. */
  forum: ForumSettings;
}

/** Up to a week: the forum game's phases last a day and a night (seed 003). */
const seconds = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(7 * 24 * 3600));

const timersSchema = v.strictObject({
  intro: v.optional(seconds),
  cards: v.optional(seconds),
  mafia: v.optional(seconds),
  night: v.optional(seconds),
  wake: v.optional(seconds),
  speech: v.optional(seconds),
  shortSpeech: v.optional(seconds),
  discussion: v.optional(seconds),
  defence: v.optional(seconds),
  vote: v.optional(seconds),
  lastWord: v.optional(seconds),
  lastWordNight: v.optional(seconds),
  day: v.optional(seconds),
});

const roleCounts = v.pipe(
  v.record(v.picklist(ROLE_IDS), v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(30))),
  v.check((r) => Object.keys(r).length <= ROLE_IDS.length),
);

const shortText = v.pipe(v.string(), v.maxLength(120));

/** What a client may send as settings: any subset, merged over the preset's defaults. */
export const settingsInputSchema = v.strictObject({
  preset: v.optional(v.picklist(PRESET_IDS)),
  master: v.optional(v.picklist(['auto', 'narrator', 'moderator'])),
  dealing: v.optional(v.picklist(['random', 'cards', 'manual'])),
  roles: v.optional(roleCounts),
  immunity: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(30)))),
  introNight: v.optional(v.picklist(['auto', 'always', 'never'])),
  introFullTime: v.optional(v.boolean()),
  introScript: v.optional(v.boolean()),
  firstDay: v.optional(v.picklist(['vote', 'noVote'])),
  dayFormat: v.optional(v.picklist(DAY_FORMATS)),
  firstDayFormat: v.optional(v.picklist(['same', ...DAY_FORMATS])),
  rotateFirstSpeaker: v.optional(v.boolean()),
  defenceBeforeVote: v.optional(v.boolean()),
  nominate: v.optional(v.picklist(['inSpeech', 'anytime'])),
  withdraw: v.optional(v.boolean()),
  replaceNomination: v.optional(v.boolean()),
  voting: v.optional(v.picklist(['majority', 'nominations'])),
  majorityOf: v.optional(v.picklist(['living', 'cast'])),
  selfVote: v.optional(v.boolean()),
  minCandidates: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10))),
  minCandidatesDay1: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10))),
  unusedVotesToLast: v.optional(v.boolean()),
  tie: v.optional(v.picklist(['carCrash', 'split', 'nobody'])),
  liftNineThree: v.optional(v.boolean()),
  allTied: v.optional(v.picklist(['nobody', 'draw'])),
  revealRoles: v.optional(v.boolean()),
  deadSeeRoles: v.optional(v.boolean()),
  checkMode: v.optional(v.picklist(['result', 'attackWhenFound', 'alwaysAttack'])),
  doctorStops: v.optional(v.picklist(['one', 'all'])),
  doctorSaves: v.optional(v.picklist(['anyAttack', 'mafiaShot'])),
  doctorSelfHeal: v.optional(v.picklist(['any', 'once', 'never'])),
  bodyguardDies: v.optional(v.boolean()),
  shootTeammates: v.optional(v.boolean()),
  jesterEndsGame: v.optional(v.boolean()),
  chat: v.optional(v.boolean()),
  spectators: v.optional(v.boolean()),
  bestMove: v.optional(v.boolean()),
  bestMovePoints: v.optional(v.tuple([v.number(), v.number()])),
  thirdFoul: v.optional(v.picklist(['skip', 'short'])),
  extraPointsRange: v.optional(v.tuple([v.number(), v.number()])),
  removalCancelsVote: v.optional(v.boolean()),
  drawAfterQuietRounds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(20))),
  timers: v.optional(timersSchema),
  meta: v.optional(
    v.strictObject({
      tournament: v.optional(shortText),
      stage: v.optional(shortText),
      table: v.optional(shortText),
      game: v.optional(shortText),
    }),
  ),
  forum: v.optional(forumSettingsInputSchema),
});
export type SettingsInput = v.InferOutput<typeof settingsInputSchema>;

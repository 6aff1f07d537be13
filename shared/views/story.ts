import type { Seat } from '../domain/vocabulary.js';
import type { GameState } from '../engine/state.js';
import type { ChatMessage, Elimination, NightAction, NightOutcome, NightReport } from '../log/records.js';

/** One night as the table learns it after the game: every action, what came of it, the mafia's talk. */
export interface StoryNight {
  kind: 'night';
  round: number;
  /** Shots, checks with their answers, heals, blocks, kills — as each player took them. */
  actions: NightAction[];
  /** The judge's record of the mafia's shot where he kept only the result (C4). */
  recordedShot: { target: Seat | null } | null;
  outcomes: NightOutcome[];
  deaths: NightReport['deaths'];
  /** The mafia's channel that night (the latest messages the game keeps). */
  chat: ChatMessage[];
}

/** One day: who was put up, and who left it and how. */
export interface StoryDay {
  kind: 'day';
  round: number;
  nominations: Array<{ by: Seat; target: Seat }>;
  left: Elimination[];
}

export type StoryChapter = StoryNight | StoryDay;

const NIGHT_DEATHS: ReadonlySet<Elimination['how']> = new Set(['shot', 'killed']);

/** Day r comes before night r, night r before day r + 1 (night 0 is the introduction night). */
const order = (c: StoryChapter) => c.round * 2 + (c.kind === 'night' ? 1 : 0);

/**
 * The game told night by night once it is over, from the folded state alone — the same fold every replay
 * uses — so the live view, the replay viewer and the tests tell the same story.
 */
export function storyOf(s: GameState): StoryChapter[] {
  const mafiaChat = (round: number) => s.chat.filter((m) => m.channel === 'mafia' && m.round === round);
  const nights: StoryNight[] = s.nights.map((n) => ({
    kind: 'night',
    round: n.round,
    actions: n.actions,
    recordedShot: n.recordedShot,
    outcomes: n.outcomes,
    deaths: n.deaths,
    chat: mafiaChat(n.round),
  }));
  const talkedOnly = [...new Set(s.chat.filter((m) => m.channel === 'mafia').map((m) => m.round))].filter(
    (round) => !s.nights.some((n) => n.round === round),
  );
  for (const round of talkedOnly)
    nights.push({
      kind: 'night',
      round,
      actions: [],
      recordedShot: null,
      outcomes: [],
      deaths: [],
      chat: mafiaChat(round),
    });

  const dayRounds = new Set([
    ...s.nominationLog.map((n) => n.round),
    ...s.eliminated.filter((e) => !NIGHT_DEATHS.has(e.how)).map((e) => e.round),
  ]);
  const days: StoryDay[] = [...dayRounds].map((round) => ({
    kind: 'day',
    round,
    nominations: s.nominationLog.filter((n) => n.round === round).map(({ by, target }) => ({ by, target })),
    left: s.eliminated.filter((e) => e.round === round && !NIGHT_DEATHS.has(e.how)),
  }));
  return [...nights, ...days].sort((a, b) => order(a) - order(b));
}

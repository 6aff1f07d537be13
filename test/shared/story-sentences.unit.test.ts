import { describe, expect, it } from 'vitest';
import {
  isKeyMoment,
  type Sentence,
  sentenceText,
  storySteps,
  timeline,
} from '../../shared/audit/timeline.js';
import { tableLog } from '../../shared/play/table.js';
import { does, givenGame, until } from '../support/game.js';

const timers = { intro: 20, mafia: 40, night: 20, discussion: 60, vote: 20, lastWord: 10, lastWordNight: 10 };

/**
 * Seven players (mafia 1, Don 2, Sheriff 3, civilians 4–7): day 1 seat 4 nominates seat 7 and the table votes
 * him out; night 1 the mafia shoot seat 5 and the Sheriff checks seat 1.
 */
function playedGame() {
  const t = givenGame({ preset: 'online', timers }, 7, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
  until(t, { phase: { kind: 'day', round: 1, stage: 'discussion' } });
  does(t, 4, { type: 'nominate', target: 7 });
  until(t, { phase: { stage: 'vote' } });
  for (const s of [1, 2, 3, 4, 5, 6]) does(t, s, { type: 'vote', target: 7 });
  until(t, { phase: { kind: 'night', round: 1, stage: 'actions' } });
  does(t, 1, { type: 'act', ability: 'shoot', target: 5 });
  does(t, 2, { type: 'act', ability: 'shoot', target: 5 });
  does(t, 3, { type: 'act', ability: 'check', target: 1 });
  until(t, { phase: { kind: 'day', round: 2 } });
  return tableLog(t, 'g1');
}

const kinds = (steps: Array<{ sentence: Sentence }>) => steps.map((s) => s.sentence.kind);
const names5 = (s: Sentence) => JSON.stringify(s).includes('"target":5') || JSON.stringify(s).includes('[5]');

describe('the replay told in sentences, as each viewer knew it', () => {
  it('A1/C4: a civilian never learns the mafia’s shot target before the morning says who died', () => {
    // given a game where the mafia shot seat 5 on night 1
    const log = playedGame();
    // when a civilian's story is told
    const steps = storySteps(log, { kind: 'seat', seat: 4 });
    // then no sentence before the night's end names seat 5 as a target, and none shows a night action
    const morning = steps.findIndex((s) => s.sentence.kind === 'nightEnded' && s.sentence.round === 1);
    expect(morning).toBeGreaterThan(0);
    expect(steps.slice(0, morning).filter((s) => names5(s.sentence))).toEqual([]);
    expect(kinds(steps)).not.toContain('action');
    // and the morning tells the death with no reason
    expect(steps[morning].sentence).toEqual({ kind: 'nightEnded', round: 1, deaths: [5], outcomes: null });
  });

  it('A5: a mafioso reads his own shot and his teammate’s, never the Sheriff’s check', () => {
    const steps = storySteps(playedGame(), { kind: 'seat', seat: 1 });
    const actions = steps.flatMap((s) => (s.sentence.kind === 'action' ? [s.sentence] : []));
    expect(actions.map((a) => [a.seat, a.ability, a.target])).toEqual([
      [1, 'shoot', 5],
      [2, 'shoot', 5],
    ]);
  });

  it('the Sheriff’s story holds his own check with its answer, in the night it was made', () => {
    const steps = storySteps(playedGame(), { kind: 'seat', seat: 3 });
    const own = steps.flatMap((s) => (s.sentence.kind === 'action' ? [s.sentence] : []));
    expect(own).toEqual([
      { kind: 'action', round: 1, seat: 3, ability: 'check', target: 1, result: 'black' },
    ]);
  });

  it('the analyst reads why each shot landed; every viewer reads the nomination, the votes and the verdict', () => {
    const log = playedGame();
    const analyst = storySteps(log, { kind: 'analyst' });
    const night = analyst.find((s) => s.sentence.kind === 'nightEnded' && s.sentence.round === 1)?.sentence;
    expect(night).toMatchObject({ outcomes: [{ by: 'mafia', target: 5, reason: 'killed' }] });
    for (const viewer of [{ kind: 'seat', seat: 6 } as const, { kind: 'spectator' } as const]) {
      const said = storySteps(log, viewer).map((s) => s.sentence);
      expect(said).toContainEqual({ kind: 'nominated', by: 4, target: 7 });
      expect(said.filter((s) => s.kind === 'vote')).toHaveLength(6);
      expect(said.find((s) => s.kind === 'verdict')).toMatchObject({ round: 1, leaves: [7] });
    }
  });

  it('the key moments are each night’s result and each verdict, in the order played', () => {
    const steps = storySteps(playedGame(), { kind: 'spectator' });
    const key = steps.filter((s) => isKeyMoment(s.sentence));
    expect(kinds(key)).toEqual(['verdict', 'nightEnded']);
    expect(key[0].seq).toBeLessThan(key[1].seq);
  });

  it('the CLI timeline is the same sentences in English', () => {
    const log = playedGame();
    const viewer = { kind: 'seat', seat: 4 } as const;
    expect(timeline(log, viewer).map((l) => l.what)).toEqual(
      storySteps(log, viewer).map((s) => sentenceText(s.sentence)),
    );
    expect(sentenceText({ kind: 'nominated', by: 4, target: 7 })).toBe('seat 4 nominates seat 7');
  });
});

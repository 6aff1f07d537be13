import { describe, expect, it } from 'vitest';
import type { Table } from '../../shared/play/table.js';
import { linksOf, type Media, mayLink, mediaFrom, sameLinks } from '../../shared/video/links.js';
import { does, givenGame, refused, seatChat, seatView, unchangedBy, until } from '../support/game.js';

const timers = { intro: 20, mafia: 40, night: 20, discussion: 60, vote: 20, lastWord: 10, lastWordNight: 10 };
/** Seven players: mafia 1, Don 2, Sheriff 3, civilians 4–7. */
const seven = (settings: Record<string, unknown> = {}) =>
  givenGame({ preset: 'online', timers, ...settings }, 7, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
const NONE: Media = { audio: false, video: false };
const ALL: Media = { audio: true, video: true };
const seats = [1, 2, 3, 4, 5, 6, 7];
const peersOf = (t: Table, me: number | 'host') => linksOf(t.state, me).peers.map((p) => p.peer);
const toNight1 = (t: Table) => until(t, { phase: { kind: 'night', round: 1, stage: 'actions' } });

describe('video links (seed 000)', () => {
  it('A8: on the introduction night the mafia see each other, and nobody else sees or hears anyone', () => {
    // given the introduction night of a room with a mafioso and a Don
    const t = seven();
    expect(t.state.phase.stage).toBe('intro');
    // then the two mafiosi send each other their picture, without sound
    expect(mediaFrom(t.state, 1, 2)).toEqual({ audio: false, video: true });
    expect(mediaFrom(t.state, 2, 1)).toEqual({ audio: false, video: true });
    // and no one else is linked to anyone: the town sleeps, and the mafia shows the town nothing
    for (const from of seats)
      for (const to of seats) if (!(from <= 2 && to <= 2)) expect(mediaFrom(t.state, from, to)).toEqual(NONE);
    expect(peersOf(t, 4)).toEqual([]);
    expect(linksOf(t.state, 4).forbidden).toEqual([1, 2, 3, 5, 6, 7, 'host']);
    expect(peersOf(t, 1)).toEqual([2]);
  });

  it('A3: at night the mafia hear each other only once both switched the mafia microphone on', () => {
    // given the first night with shots
    const t = seven();
    toNight1(t);
    expect(mayLink(t.state, 1, 2)).toBe(false);
    // when only the mafioso switches his microphone on
    does(t, 1, { type: 'mafiaMic', on: true });
    // then there is still no link: the Don has not agreed
    expect(mayLink(t.state, 1, 2)).toBe(false);
    // when the Don switches his on too
    does(t, 2, { type: 'mafiaMic', on: true });
    // then they hear each other (no picture after the introduction night), and a civilian still has nothing
    expect(mediaFrom(t.state, 1, 2)).toEqual({ audio: true, video: false });
    expect(mediaFrom(t.state, 2, 1)).toEqual({ audio: true, video: false });
    for (const town of [3, 4, 5, 6, 7]) {
      expect(peersOf(t, town)).toEqual([]);
      expect(mayLink(t.state, 1, town)).toBe(false);
    }
    // when one of them switches it off again, the link is gone
    does(t, 2, { type: 'mafiaMic', on: false });
    expect(mayLink(t.state, 1, 2)).toBe(false);
  });

  it('A3: the agreement lasts one night; the next night the mafia must switch the microphone on again', () => {
    // given both mafiosi talking on night 1
    const t = seven();
    toNight1(t);
    does(t, 1, { type: 'mafiaMic', on: true });
    does(t, 2, { type: 'mafiaMic', on: true });
    // when day comes and the next night falls
    until(t, { phase: { kind: 'day', round: 2 } });
    expect(mediaFrom(t.state, 1, 2)).toEqual(ALL);
    until(t, { phase: { kind: 'night', round: 2, stage: 'actions' } });
    // then their microphones are off until they agree again
    expect(mayLink(t.state, 1, 2)).toBe(false);
    expect(seatView(t, 1).you?.mafiaMic).toEqual([]);
  });

  it('by day every living player sees and hears everyone; the eliminated watch and listen, muted', () => {
    // given day 2, after the mafia shot seat 7 on night 1
    const t = seven();
    toNight1(t);
    does(t, 1, { type: 'act', ability: 'shoot', target: 7 });
    does(t, 2, { type: 'act', ability: 'shoot', target: 7 });
    until(t, { phase: { kind: 'day', round: 2, stage: 'discussion' } });
    expect(t.state.alive).not.toContain(7);
    // then the living send everything to everyone, the dead seat included
    for (const from of [1, 2, 3, 4, 5, 6])
      for (const to of seats) if (from !== to) expect(mediaFrom(t.state, from, to)).toEqual(ALL);
    // and the dead seat sends nothing, but is linked to receive
    for (const to of [1, 2, 3, 4, 5, 6]) expect(mediaFrom(t.state, 7, to)).toEqual(NONE);
    expect(linksOf(t.state, 7).peers).toContainEqual({ peer: 1, send: NONE, receive: ALL });
    // an automatic room's host is only its creator: no link
    expect(peersOf(t, 'host')).toEqual([]);
  });

  it('a player shot at night is seen, heard and read by all during his last word, and only then', () => {
    // given the morning of day 2: the mafia shot seat 7, whose last word opens the day
    const t = seven();
    toNight1(t);
    does(t, 1, { type: 'act', ability: 'shoot', target: 7 });
    does(t, 2, { type: 'act', ability: 'shoot', target: 7 });
    until(t, { phase: { kind: 'day', round: 2, stage: 'lastWord' } });
    expect(t.state.speaker).toBe(7);
    expect(t.state.alive).not.toContain(7);
    // then every phone receives his sound and picture, and his chat goes to the table, where the living read it
    for (const to of [1, 2, 3, 4, 5, 6]) expect(mediaFrom(t.state, 7, to)).toEqual(ALL);
    expect(seatView(t, 7).may.find((c) => c.type === 'say')?.channels?.[0]).toBe('table');
    does(t, 7, { type: 'say', channel: 'table', text: 'It was 2' });
    expect(seatChat(t, 4).map((m) => m.text)).toContain('It was 2');
    // when his last word ends, he only watches and listens: his transceivers receive and send nothing
    const before = t.state;
    does(t, 7, { type: 'endSpeech' });
    expect(sameLinks(before, t.state)).toBe(false);
    for (const to of [1, 2, 3, 4, 5, 6]) expect(mediaFrom(t.state, 7, to)).toEqual(NONE);
    expect(linksOf(t.state, 7).peers).toContainEqual({ peer: 1, send: NONE, receive: ALL });
    expect(seatView(t, 7).may.find((c) => c.type === 'say')?.channels).toEqual(['dead']);
  });

  it('a player voted out gives his last word to the judge and the table alike', () => {
    // given a moderated day 1 whose vote sends seat 4 out
    const t = seven({ master: 'moderator' });
    does(t, 'host', { type: 'advance' });
    does(t, 'host', { type: 'nominate', target: 4, as: 1 });
    does(t, 'host', { type: 'advance' });
    for (const voter of [1, 2, 3, 5, 6, 7]) does(t, 'host', { type: 'vote', target: 4, as: voter });
    does(t, 'host', { type: 'advance' });
    expect(t.state.phase.stage).toBe('lastWord');
    expect(t.state.speaker).toBe(4);
    // then the judge and every seat receive him while the last word lasts
    expect(mediaFrom(t.state, 4, 'host')).toEqual(ALL);
    for (const to of [1, 2, 3, 5, 6, 7]) expect(mediaFrom(t.state, 4, to)).toEqual(ALL);
  });

  it('a narrator sees and hears every seat and is heard by all, night and day', () => {
    // given a narrated room on its first night
    const t = seven({ master: 'narrator' });
    until(t, { phase: { kind: 'night', round: 0 } });
    // then the host is linked both ways with every living seat, while civilians have only him
    expect(peersOf(t, 'host')).toEqual(seats);
    expect(mediaFrom(t.state, 'host', 4)).toEqual(ALL);
    expect(mediaFrom(t.state, 4, 'host')).toEqual(ALL);
    expect(peersOf(t, 4)).toEqual(['host']);
  });
});

describe('the mafia microphone (A3)', () => {
  it('is switched only by a living mafioso while the mafia is awake, where the mafia may talk', () => {
    const t = seven();
    // the introduction night: the mafia is awake
    does(t, 1, { type: 'mafiaMic', on: true });
    // a civilian has no mafia microphone, whatever the phase
    refused(
      unchangedBy(t, () => t.send(4, { type: 'mafiaMic', on: true })),
      'not_allowed',
    );
    refused(
      unchangedBy(t, () => t.send('host', { type: 'mafiaMic', on: true })),
      'not_a_player',
    );
    until(t, { phase: { kind: 'day', round: 1 } });
    // by day there is no night microphone
    refused(
      unchangedBy(t, () => t.send(1, { type: 'mafiaMic', on: true })),
      'wrong_phase',
    );
    // sport's night is silent: no chat, no microphone
    const sport = givenGame({ preset: 'sport', master: 'auto' }, 10, {
      1: 'mafia',
      2: 'mafia',
      3: 'don',
      4: 'sheriff',
    });
    until(sport, { phase: { kind: 'night', round: 0 } });
    refused(
      unchangedBy(sport, () => sport.send(1, { type: 'mafiaMic', on: true })),
      'not_allowed',
    );
  });

  it('switching it to the state it is in records nothing', () => {
    const t = seven();
    toNight1(t);
    does(t, 1, { type: 'mafiaMic', on: true });
    const version = t.version;
    does(t, 1, { type: 'mafiaMic', on: true });
    does(t, 3, { type: 'act', ability: 'check', target: 1 });
    expect(t.version).toBe(version + 1);
  });

  it('is seen by the mafia only: the town view does not change when a mafioso switches it', () => {
    // given night 1 and every seat's view
    const t = seven();
    toNight1(t);
    const before = seats.map((s) => JSON.stringify(seatView(t, s)));
    // when the Don switches his microphone on
    does(t, 2, { type: 'mafiaMic', on: true });
    // then the mafia see it, and no town seat's view differs in anything
    expect(seatView(t, 1).you?.mafiaMic).toEqual([2]);
    expect(seatView(t, 2).you?.mafiaMic).toEqual([2]);
    for (const s of [3, 4, 5, 6, 7]) expect(JSON.stringify(seatView(t, s))).toBe(before[s - 1]);
  });

  it('a dead mafioso cannot switch it', () => {
    // given the mafioso voted out on day 1
    const t = seven();
    until(t, { phase: { kind: 'day', round: 1, stage: 'discussion' } });
    does(t, 4, { type: 'nominate', target: 1 });
    until(t, { phase: { stage: 'vote' } });
    for (const s of [2, 3, 4, 5, 6, 7]) does(t, s, { type: 'vote', target: 1 });
    toNight1(t);
    expect(t.state.alive).not.toContain(1);
    refused(
      unchangedBy(t, () => t.send(1, { type: 'mafiaMic', on: true })),
      'dead_player',
    );
  });
});

describe('which states share their links', () => {
  const everyone = [...seats, 'host'] as const;
  const linksAt = (t: Table) => everyone.map((me) => linksOf(t.state, me));

  it('given a day of nominations and votes, then every state of it shares the parts links depend on, and the same links', () => {
    const t = seven();
    until(t, { phase: { kind: 'day', round: 1, stage: 'discussion' } });
    const morning = linksAt(t);
    does(t, 4, { type: 'nominate', target: 1 });
    until(t, { phase: { stage: 'vote' } });
    const voting = t.state;
    does(t, 5, { type: 'vote', target: 1 });
    expect(sameLinks(voting, t.state)).toBe(true);
    expect(linksAt(t)).toEqual(morning);
  });

  it('given a mafioso switching his microphone on, or the night falling, then the states do not share them', () => {
    const t = seven();
    until(t, { phase: { kind: 'day', round: 1, stage: 'discussion' } });
    const day = t.state;
    toNight1(t);
    expect(sameLinks(day, t.state)).toBe(false);
    const night = t.state;
    does(t, 1, { type: 'mafiaMic', on: true });
    expect(sameLinks(night, t.state)).toBe(false);
  });
});

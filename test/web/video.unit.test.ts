import { describe, expect, it } from 'vitest';
import { linksOf } from '../../shared/video/links.js';
import { iceServersOf } from '../../web/src/logic/ice-servers.js';
import {
  directionOf,
  isCaller,
  mafiaHearsYou,
  mafiaMicState,
  videoTiles,
} from '../../web/src/logic/video.js';
import { must, seatView, tableOf, until } from './support/views.js';

/** Seven players: mafia 1, Don 2, Sheriff 3, civilians 4–7, on the introduction night. */
const seven = () => tableOf(7, { 1: 'mafia', 2: 'don', 3: 'sheriff' });
const peers = (t: ReturnType<typeof seven>, seat: number) => linksOf(t.state, seat).peers;

describe('video table on the phone', () => {
  it('given two ends, when they link, then the lower one offers: the host first, then by seat', () => {
    expect(isCaller('host', 1)).toBe(true);
    expect(isCaller(1, 'host')).toBe(false);
    expect(isCaller(2, 7)).toBe(true);
    expect(isCaller(7, 2)).toBe(false);
    expect([
      directionOf(true, true),
      directionOf(true, false),
      directionOf(false, true),
      directionOf(false, false),
    ]).toEqual(['sendrecv', 'sendonly', 'recvonly', 'inactive']);
  });

  it('A8: on the introduction night the mafia see their own highlighted, and the town sees everyone asleep', () => {
    const t = seven();
    const mafia = videoTiles(seatView(t, 1), peers(t, 1));
    expect(mafia.filter((x) => x.teammate).map((x) => x.seat)).toEqual([2]);
    expect(mafia.filter((x) => x.asleep).map((x) => x.seat)).toEqual([3, 4, 5, 6, 7]);
    const town = videoTiles(seatView(t, 4), peers(t, 4));
    expect(town.some((x) => x.teammate)).toBe(false);
    expect(town.filter((x) => x.asleep).map((x) => x.seat)).toEqual([1, 2, 3, 5, 6, 7]);
  });

  it('by day the tiles show who speaks and who is nominated, and nobody sleeps', () => {
    const t = seven();
    until(t, (v) => v.phase.kind === 'day' && v.phase.stage === 'discussion');
    must(t.command(4, { type: 'nominate', target: 5 }));
    const tiles = videoTiles(seatView(t, 4), peers(t, 4));
    expect(tiles.find((x) => x.seat === 5)?.nominated).toBe(true);
    expect(tiles.some((x) => x.asleep || x.teammate)).toBe(false);
    expect(tiles.find((x) => x.seat === 4)?.you).toBe(true);
  });

  it('A3: the app asks a living mafioso at night about the mafia microphone, and the banner follows the team', () => {
    const t = seven();
    until(t, (v) => v.phase.kind === 'night' && v.phase.stage === 'actions');
    expect(mafiaMicState(seatView(t, 4))).toBeNull();
    expect(mafiaMicState(seatView(t, 1))).toBe('off');
    must(t.command(1, { type: 'mafiaMic', on: true }));
    expect(mafiaMicState(seatView(t, 1))).toBe('on');
    expect(mafiaHearsYou(peers(t, 1), seatView(t, 1))).toBe(false);
    must(t.command(2, { type: 'mafiaMic', on: true }));
    expect(mafiaHearsYou(peers(t, 1), seatView(t, 1))).toBe(true);
  });

  it('A3, C14: a Werewolf awakened once the mafia is gone is asked about the mafia microphone, as the server lets him switch it', () => {
    // given a role game whose only mafioso (seat 1) is out by fouls, the Werewolf (seat 2) still asleep
    const t = tableOf(
      7,
      { 1: 'mafia', 2: 'werewolf', 3: 'sheriff' },
      { preset: 'roleGame', master: 'auto', chat: true },
    );
    until(t, (v) => v.phase.kind === 'day');
    for (let i = 0; i < 4; i++) must(t.command('host', { type: 'foul', seat: 1 }));
    expect(t.state.alive).not.toContain(1);
    // when the next night's window opens, then he has woken as the mafia: his phone offers the microphone
    until(t, (v) => v.phase.kind === 'night' && v.phase.stage === 'actions');
    expect(mafiaMicState(seatView(t, 2))).toBe('off');
    must(t.command(2, { type: 'mafiaMic', on: true }));
    expect(mafiaMicState(seatView(t, 2))).toBe('on');
    expect(mafiaMicState(seatView(t, 3))).toBeNull();
  });

  it('given ice.json, when read, then only STUN and TURN addresses are kept', () => {
    expect(iceServersOf({})).toEqual([]);
    expect(iceServersOf(null)).toEqual([]);
    expect(
      iceServersOf({
        iceServers: [
          { urls: 'stun:stun.example.org:3478' },
          {
            urls: ['turn:turn.example.org:3478?transport=udp', 'http://nope'],
            username: 'u',
            credential: 'p',
          },
          { urls: 'javascript:alert(1)' },
          'stun:loose-string',
        ],
      }),
    ).toEqual([
      { urls: ['stun:stun.example.org:3478'] },
      { urls: ['turn:turn.example.org:3478?transport=udp'], username: 'u', credential: 'p' },
    ]);
  });
});

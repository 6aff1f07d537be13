import { describe, expect, it } from 'vitest';
import { DEAL_CHOICES, dealingOf, rememberDeal, rememberedDeal } from '../../web/src/logic/deal.js';
import { bestMoveDesk } from '../../web/src/logic/host-desk.js';
import { canPassPhone, passedCard } from '../../web/src/logic/pass-phone.js';
import { MemoryStore } from '../../web/src/logic/sessions.js';
import { hostView, must, seatView, tableOf } from './support/views.js';

/** Seven at a live table recorded by the host: mafioso 1, the Don 2, the Sheriff 3. */
const judged = (settings = {}) =>
  tableOf(7, { 1: 'mafia', 2: 'don', 3: 'sheriff' }, { master: 'moderator', ...settings });

describe('the phone passed round the table', () => {
  it("shows one seat his role and his own team (B3), nothing of anyone else's", () => {
    const v = hostView(judged());
    expect(passedCard(v, 1)).toEqual({ role: 'mafia', team: 'mafia', teammates: [2] });
    expect(passedCard(v, 3)).toEqual({ role: 'sheriff', team: 'town', teammates: [] });
    expect(passedCard(v, 5)).toEqual({ role: 'civilian', team: 'town', teammates: [] });
    expect(passedCard(v, 9)).toBeNull();
  });

  it('goes round only at a recorded table, once roles are dealt, before the first night with actions', () => {
    const t = judged();
    expect(canPassPhone(hostView(t))).toBe(true);
    // A player's own view carries no deal to pass round, and an automatic room has no judge's desk.
    expect(canPassPhone(seatView(t, 1))).toBe(false);
    expect(canPassPhone(hostView(tableOf(7, { 1: 'mafia' })))).toBe(false);
    // The moderator's clock only advises (A7): he moves the game on himself.
    must(t.command('host', { type: 'advance' }));
    expect(hostView(t).phase).toMatchObject({ kind: 'day', round: 1 });
    expect(canPassPhone(hostView(t))).toBe(true);
    while (hostView(t).phase.kind === 'day') must(t.command('host', { type: 'advance' }));
    expect(hostView(t).phase).toMatchObject({ kind: 'night', round: 1 });
    expect(canPassPhone(hostView(t))).toBe(false);
  });
});

describe('the deal a judge chooses', () => {
  it('plays physical cards as a deal by hand, every other choice as its own dealing', () => {
    expect(DEAL_CHOICES.map(dealingOf)).toEqual(['random', 'manual', 'manual', 'cards']);
  });

  it('is remembered on the device per game while the room still deals that way', () => {
    const store = new MemoryStore();
    expect(rememberedDeal(store, 'g1', 'manual')).toBeNull();
    rememberDeal(store, 'g1', 'physical');
    expect(rememberedDeal(store, 'g1', 'manual')).toBe('physical');
    expect(rememberedDeal(store, 'g2', 'manual')).toBeNull();
    // The settings changed since (another device, the settings form): the judge is asked again.
    expect(rememberedDeal(store, 'g1', 'cards')).toBeNull();
    store.setItem('sc.deal.g1', 'marked deck');
    expect(rememberedDeal(store, 'g1', 'manual')).toBeNull();
  });
});

describe("the best move on the judge's desk (sport)", () => {
  it('appears for the night-1 victim at a recorded sport table and stays once recorded', () => {
    const t = tableOf(
      10,
      { 2: 'mafia', 5: 'mafia', 9: 'don', 3: 'sheriff' },
      { preset: 'sport', master: 'moderator' },
    );
    expect(bestMoveDesk(hostView(t))).toBe(false);
    while (hostView(t).phase.kind !== 'night' || hostView(t).phase.round !== 1)
      must(t.command('host', { type: 'advance' }));
    must(t.command('host', { type: 'recordShot', target: 6 }));
    while (hostView(t).phase.kind === 'night') must(t.command('host', { type: 'advance' }));
    expect(bestMoveDesk(hostView(t))).toBe(true);
    must(t.command('host', { type: 'bestMove', targets: [2, 5, 9], as: 6 }));
    expect(bestMoveDesk(hostView(t))).toBe(true);
    expect(hostView(t).bestMove).toEqual({ seat: 6, targets: [2, 5, 9], open: false });
  });
});

import { describe, it } from 'vitest';
import { Table } from '../../shared/play/table.js';
import { given } from './support/decider.js';

/** The log of a table played so far, for `given`. */
function logOf(build: (t: Table) => void): Table {
  const t = new Table();
  build(t);
  return t;
}

const club = () =>
  logOf((t) => {
    t.create({ preset: 'club', dealing: 'manual', master: 'moderator' });
    for (let seat = 1; seat <= 9; seat++) t.join(`P${seat}`, seat);
    const deal = { 1: 'mafia', 2: 'don', 3: 'lover', 4: 'sheriff', 5: 'maniac' } as const;
    for (const [seat, role] of Object.entries(deal))
      t.command('host', { type: 'assignRole', seat: Number(seat), role });
    t.command('host', { type: 'start' });
  });

describe('the decider, given / when / then', () => {
  it('given a lobby, when the host assigns a role, then the assignment is recorded', () => {
    const t = logOf((x) => {
      x.create({ preset: 'online', dealing: 'manual' });
      x.join('Ann', 1);
    });
    given(...t.log)
      .when('host', { type: 'assignRole', seat: 1, role: 'commissar' })
      .then([{ type: 'roleAssigned', seat: 1, role: 'sheriff' }]);
  });

  it('given the acquaintance night of a club table, when a seat acts, then it is refused: nobody acts (E3, C10)', () => {
    given(...club().log)
      .when('host', { type: 'act', ability: 'block', target: 4, as: 3 })
      .then({ rejected: 'wrong_phase' });
  });

  it('given a started game, when a player forges a seat with "as", then it is refused', () => {
    given(...club().log)
      .when(2, { type: 'act', ability: 'shoot', target: 4, as: 1 })
      .then({ rejected: 'as_not_allowed' });
  });
});

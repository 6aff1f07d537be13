// Engine figures on this machine: decisions per second over whole sport games, the cost of building every
// seat's view after a commit (what the projector does), and of folding a finished game's log (a cold load).
import { emptyFold, foldCommits } from '../../shared/audit/fold.js';
import { Table } from '../../shared/play/table.js';
import { viewFor } from '../../shared/views/view.js';

function playSportGame(seed: number): Table {
  const t = new Table();
  t.create({ preset: 'sport', master: 'auto' });
  for (let i = 1; i <= 10; i++) t.join(`Player ${i}`);
  t.command('host', { type: 'start' }, seed);
  let next = seed;
  const rand = () => {
    next = (next * 1103515245 + 12345) % 2147483648;
    return next / 2147483648;
  };
  for (let step = 0; step < 400 && t.state.phase.kind !== 'over'; step++) {
    const seat = 1 + Math.floor(rand() * 10);
    const target = t.state.alive[Math.floor(rand() * t.state.alive.length)];
    const s = t.state;
    if (s.phase.stage === 'speech' && s.speaker) {
      t.send(s.speaker, { type: 'nominate', target });
      t.send(s.speaker, { type: 'endSpeech' });
    } else if (s.phase.stage === 'vote' && s.ballot) {
      const c = s.ballot.candidates;
      if (s.ballot.kind === 'lift') t.send(seat, { type: 'vote', choice: rand() < 0.5 ? 'leave' : 'stay' });
      else t.send(seat, { type: 'vote', target: c[Math.floor(rand() * c.length)] });
    } else if (s.phase.stage === 'actions') {
      for (const b of s.alive) t.send(b, { type: 'act', ability: 'shoot', target });
      if (t.state.phase.stage === 'actions') t.jump();
    } else t.jump();
  }
  return t;
}

const time = (f: () => void) => {
  const t0 = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t0) / 1e6;
};

const games = 300;
let tables: Table[] = [];
let sent = 0;
const send = Table.prototype.send;
Table.prototype.send = function (...args) {
  sent++;
  return send.apply(this, args);
};
const playMs = time(() => {
  tables = Array.from({ length: games }, (_, i) => playSportGame(i + 1));
});
Table.prototype.send = send;
const commits = tables.reduce((n, t) => n + t.version, 0);
const finished = tables.filter((t) => t.state.phase.kind === 'over').length;

// The projector's work after a commit mid-game: every seat's view of the state at that commit.
const middles = tables.map((t) => {
  const half = t.log.slice(0, Math.floor(t.log.length / 2));
  return foldCommits(
    emptyFold,
    half.map((events, i) => ({ seq: i + 1, events })),
  ).state;
});
const viewMs = time(() => {
  for (const s of middles) for (let seat = 1; seat <= 10; seat++) viewFor(s, { kind: 'seat', seat });
});
const sampleView = JSON.stringify(viewFor(middles[0], { kind: 'seat', seat: 1 })).length;

const foldMs = time(() => {
  for (const t of tables)
    foldCommits(
      emptyFold,
      t.log.map((events, i) => ({ seq: i + 1, events })),
    );
});

console.log(`games played        ${games} (${finished} to the end), ${commits} commits`);
console.log(
  `parse + decide      ${(sent / (playMs / 1000)).toFixed(0)} commands/s (${((playMs / sent) * 1000).toFixed(1)} µs each, accepted or not)`,
);
console.log(
  `views, 10 seats     ${(viewMs / games).toFixed(3)} ms per commit's fan-out; a view is ~${sampleView} bytes of JSON`,
);
console.log(
  `fold a whole game   ${(foldMs / games).toFixed(3)} ms (${(commits / games).toFixed(0)} commits)`,
);

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toJsonLines } from '../../shared/audit/log-lines.js';
import { momentOf } from '../../shared/audit/replay.js';
import { emptyFold, foldCommits } from '../../shared/index.js';
import { parseScenario, runScenario } from '../../shared/play/scenario.js';
import { tableLog } from '../../shared/play/table.js';
import { logBaseOf } from '../../web/src/logic/game-log.js';
import {
  chatByChannel,
  clockLeftAt,
  duration,
  ReplayLog,
  viewerChoices,
  viewerOf,
} from '../../web/src/logic/replay.js';

const parsed = parseScenario(JSON.parse(readFileSync('test/scenarios/online-town-wins.json', 'utf8')));
if (!parsed.ok) throw new Error(parsed.message);
const commits = tableLog(runScenario(parsed.scenario).table, 'g-replay', '1.2.3');

describe('a log opened for replay', () => {
  const read = ReplayLog.read(toJsonLines(commits));
  if (!read.ok) throw new Error(read.message);
  const log = read.log;

  it('given an honest log, when read, then it is audited and names its game, release and seats', () => {
    expect(log.audit.ok).toBe(true);
    expect(log.gameId).toBe('g-replay');
    expect(log.release).toBe('1.2.3');
    expect(log.last).toBe(commits.length);
    expect(log.seats.map((s) => s.seat)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(viewerChoices(log.seats)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      'host',
      'public',
      'analyst',
    ]);
  });

  it('given any order of versions, when a moment is asked for, then it is the server view of the log folded there', () => {
    for (const seq of [31, 5, 34, 1, 20, 20, 33]) {
      const expected = momentOf(foldCommits(emptyFold, commits, seq), commits, { kind: 'seat', seat: 5 });
      expect(log.moment(seq, { kind: 'seat', seat: 5 })).toEqual(expected);
    }
    expect(log.moment(999, { kind: 'analyst' }).version).toBe(commits.length);
    expect(log.moment(0, { kind: 'analyst' }).version).toBe(1);
  });

  it('given seq 31 as seat 5, then the clock shows what was left of the vote at that commit', () => {
    const moment = log.moment(31, { kind: 'seat', seat: 5 });
    expect(moment.view.phase.stage).toBe('vote');
    expect(clockLeftAt(moment)).toBe((moment.view.clock?.at as number) - commits[30].at);
    expect(log.sinceStart(moment.at)).toBe(commits[30].at - commits[0].at);
  });

  it('given a file that is not a log, when read, then the line at fault is named', () => {
    expect(ReplayLog.read('{"gameId":"g"}\n')).toEqual({ ok: false, message: 'line 1: not a commit' });
  });
});

describe('the replay helpers', () => {
  it('takes a link’s viewer when the game has it, else the analyst', () => {
    const seats = [{ seat: 1 }, { seat: 2 }];
    expect(viewerOf('2', seats)).toEqual({ kind: 'seat', seat: 2 });
    expect(viewerOf('public', seats)).toEqual({ kind: 'spectator' });
    expect(viewerOf('9', seats)).toEqual({ kind: 'analyst' });
    expect(viewerOf('nobody', seats)).toEqual({ kind: 'analyst' });
    expect(viewerOf(null, seats)).toEqual({ kind: 'analyst' });
  });

  it('groups the chat by channel in the order channels first spoke', () => {
    const m = (channel: 'table' | 'mafia' | 'dead', text: string) => ({
      seat: 1,
      channel,
      text,
      at: 0,
      round: 0,
    });
    expect(chatByChannel([m('table', 'a'), m('mafia', 'b'), m('table', 'c')])).toEqual([
      ['table', [m('table', 'a'), m('table', 'c')]],
      ['mafia', [m('mafia', 'b')]],
    ]);
  });

  it('writes durations as m:ss, and h:mm:ss past an hour', () => {
    expect(duration(0)).toBe('0:00');
    expect(duration(65_000)).toBe('1:05');
    expect(duration(3_725_000)).toBe('1:02:05');
  });

  it('downloads logs from config.json’s logUrl on AWS, from the page’s own host locally', () => {
    const here = { origin: 'http://127.0.0.1:8080' };
    expect(logBaseOf({ logUrl: 'https://abc.lambda-url.eu-west-1.on.aws/' }, here)).toBe(
      'https://abc.lambda-url.eu-west-1.on.aws',
    );
    expect(logBaseOf({}, here)).toBe('http://127.0.0.1:8080');
    expect(logBaseOf({ logUrl: 'javascript:alert(1)' }, here)).toBe('http://127.0.0.1:8080');
  });
});

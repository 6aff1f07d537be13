import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../shared/audit/audit.js';
import { type LogCommit, sealCommit, verifyChain } from '../../shared/audit/chain.js';
import { emptyFold, foldCommits } from '../../shared/audit/fold.js';
import { releaseOf } from '../../shared/audit/release.js';
import { parseScenario, runScenario } from '../../shared/play/scenario.js';
import { tableLog } from '../../shared/play/table.js';

function scenarioLog(file: string): LogCommit[] {
  const parsed = parseScenario(JSON.parse(readFileSync(`test/scenarios/${file}`, 'utf8')));
  if (!parsed.ok) throw new Error(parsed.message);
  return tableLog(runScenario(parsed.scenario).table, 'g-audit');
}

const readJsonl = (path: string): LogCommit[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as LogCommit);

/** The log after `at`, sealed again: what a forger who recomputes every hash would produce. */
function resealFrom(log: LogCommit[], at: number): LogCommit[] {
  const out = log.slice(0, at - 1);
  for (const c of log.slice(at - 1))
    out.push(sealCommit({ ...c, prevHash: out[out.length - 1]?.hash ?? '' }));
  return out;
}

const seqOf = (log: LogCommit[], type: string, from = 1) =>
  log.find((c) => c.seq >= from && (c.command as { type?: string } | undefined)?.type === type)?.seq ?? -1;

describe('audit of a game log', () => {
  const log = scenarioLog('classic-town-wins.json');

  it('given an honest finished game, when audited, then it passes with a one-line summary of the result', () => {
    const result = auditLog(log);
    expect(result).toMatchObject({ ok: true, version: log.length });
    if (!result.ok) return;
    expect(result.summary).toBe(
      `ok: game g-audit, ${log.length} commits, ${log.reduce((n, c) => n + c.events.length, 0)} events; no release recorded; chain and sequence intact; signature not checked; ${log.length} commands decided again with the same events; over: town won (seats ${result.state.winners.join(', ')})`,
    );
    expect(result.summary).not.toContain('\n');
  });

  it('given one field of a vote changed, when audited, then it fails at that commit: its hash no longer matches', () => {
    const k = seqOf(log, 'vote');
    const forged = structuredClone(log);
    (forged[k - 1].events[0] as { seat: number }).seat = 9;
    expect(auditLog(forged)).toEqual({ ok: false, seq: k, reason: 'hash does not match the commit' });
  });

  it('given a commit removed, when audited, then it fails at the missing seq', () => {
    const forged = [...log.slice(0, 9), ...log.slice(10)];
    expect(auditLog(forged)).toEqual({ ok: false, seq: 10, reason: 'missing: the next commit is seq 11' });
  });

  it('given two commits swapped, when audited, then it fails at the first of the two places', () => {
    const forged = [...log];
    [forged[11], forged[12]] = [forged[12], forged[11]];
    expect(auditLog(forged)).toEqual({ ok: false, seq: 12, reason: 'missing: the next commit is seq 13' });
  });

  it('given an event that does not follow from its command and every hash recomputed, when audited, then the determinism check fails at it', () => {
    const k = seqOf(log, 'vote');
    const changed = structuredClone(log);
    const vote = changed[k - 1].events[0] as { type: string; vote: number };
    expect(vote.type).toBe('voteCast');
    const other = Object.keys(runScenarioState(log).names)
      .map(Number)
      .find((s) => s !== vote.vote && s !== 1);
    vote.vote = other as number;
    const forged = resealFrom(changed, k);
    expect(verifyChain(forged)).toEqual({ ok: true });
    const result = auditLog(forged);
    expect(result).toMatchObject({ ok: false, seq: k });
    if (!result.ok)
      expect(result.reason).toMatch(/^event 1 does not follow from the command: recorded .*voteCast/);
  });

  it('given a forged hash, when audited, then it fails at the commit that carries it', () => {
    const forged = structuredClone(log);
    forged[4].hash = forged[4].hash.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect(auditLog(forged)).toEqual({ ok: false, seq: 5, reason: 'hash does not match the commit' });
  });

  it('given a forged hash whose next commit was re-chained to it, when audited, then it fails at the forged commit', () => {
    const forged = structuredClone(log);
    forged[4].hash = 'f'.repeat(64);
    forged[5] = sealCommit({ ...forged[5], prevHash: forged[4].hash });
    expect(auditLog(forged)).toEqual({ ok: false, seq: 5, reason: 'hash does not match the commit' });
  });

  it("given a dead player's vote forged into the log with its command, when audited, then it fails: the dead never act", () => {
    const final = runScenarioState(log);
    const dead = final.eliminated[0].seat;
    const k = seqOf(
      log,
      'vote',
      log.findIndex((c) => c.events.some((e) => (e as { type: string }).type === 'playerEliminated')) + 2,
    );
    const changed = structuredClone(log);
    const commit = changed[k - 1];
    (commit.events[0] as { seat: number }).seat = dead;
    changed[k - 1] = { ...commit, actor: String(dead) };
    const result = auditLog(resealFrom(changed, k));
    expect(result).toEqual({ ok: false, seq: k, reason: `seat ${dead} is out of the game but voted` });
  });

  it('given a win declared for the wrong team, when audited, then it fails: the winner is the one the rules give', () => {
    const k = log.findIndex((c) => c.events.some((e) => (e as { type: string }).type === 'winDecided')) + 1;
    const changed = structuredClone(log);
    for (const c of changed.slice(k - 1))
      for (const e of c.events as Array<{ type: string; winner?: string }>)
        if (e.type === 'winDecided' || e.type === 'gameEnded') e.winner = 'mafia';
    const result = auditLog(resealFrom(changed, k));
    expect(result).toEqual({
      ok: false,
      seq: k,
      reason: 'mafia was declared the winner, but the rules give town',
    });
  });
});

describe('the release that wrote a log', () => {
  const parsed = parseScenario(JSON.parse(readFileSync('test/scenarios/online-town-wins.json', 'utf8')));
  if (!parsed.ok) throw new Error(parsed.message);
  const table = runScenario(parsed.scenario).table;

  it('given a log written by release 2.3.0, when audited by 2.3.0, then it passes and the summary names the release', () => {
    const log = tableLog(table, 'g-release', '2.3.0');
    expect(releaseOf(log)).toBe('2.3.0');
    const result = auditLog(log, { release: '2.3.0' });
    expect(result.ok && result.summary).toContain(
      'events; written by release 2.3.0; chain and sequence intact',
    );
  });

  it('given a log of release 2.3.0 whose rules decided a vote otherwise, when audited by release 2.4.0, then the failure says which release wrote it', () => {
    const changed = structuredClone(tableLog(table, 'g-release', '2.3.0'));
    const k = seqOf(changed, 'vote');
    const cast = changed[k - 1].events[0] as { vote: number };
    cast.vote = cast.vote === 3 ? 4 : 3;
    const result = auditLog(resealFrom(changed, k), { release: '2.4.0' });
    expect(result).toMatchObject({ ok: false, seq: k });
    if (!result.ok)
      expect(result.reason).toMatch(
        /\(the log was written by release 2\.3\.0 and this is release 2\.4\.0: audit it with release 2\.3\.0\)$/,
      );
  });

  it('given a log of a later release with a setting this release does not know, when audited, then it names that release instead of only a malformed command', () => {
    const changed = structuredClone(tableLog(table, 'g-release', '9.0.0'));
    (changed[0].command as { settings: Record<string, unknown> }).settings.newRule = true;
    const result = auditLog(resealFrom(changed, 1), { release: '2.4.0' });
    expect(result).toEqual({
      ok: false,
      seq: 1,
      reason:
        'the create command is malformed (the log was written by release 9.0.0 and this is release 2.4.0: audit it with release 9.0.0)',
    });
  });

  it('given a log from before releases were recorded, when audited, then it still passes, and says no release was recorded', () => {
    const result = auditLog(tableLog(table, 'g-release'), { release: '2.4.0' });
    expect(result.ok && result.summary).toContain('; no release recorded;');
  });
});

describe('a log written before commits kept their command', () => {
  const old = readJsonl('test/shared/fixtures/log-before-commands.jsonl');

  it('given the old log, when its chain is verified and it is folded, then it holds and ends as it ended', () => {
    expect(old.every((c) => !('command' in c))).toBe(true);
    expect(verifyChain(old)).toEqual({ ok: true });
    const folded = foldCommits(emptyFold, old);
    expect(folded.version).toBe(old.length);
    expect(folded.state.winner).toBe('town');
  });

  it('given the old log, when audited, then it passes and says how many commits had no command to decide again', () => {
    const result = auditLog(old);
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.summary).toContain(
        `0 commands decided again with the same events; ${old.length} commits from before commands were kept; over: town won`,
      );
  });

  it('given the old log with one event changed, when audited, then the chain still catches it at that seq', () => {
    const forged = structuredClone(old);
    (forged[7].events[0] as Record<string, unknown>).forged = true;
    expect(auditLog(forged)).toEqual({ ok: false, seq: 8, reason: 'hash does not match the commit' });
  });
});

function runScenarioState(log: LogCommit[]) {
  return foldCommits(emptyFold, log).state;
}

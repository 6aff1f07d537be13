import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDynamoClient } from '../../functions/adapters/aws/dynamo/client.js';
import { DynamoEventStore } from '../../functions/adapters/aws/dynamo/event-store.js';
import { createTableIfMissing } from '../../functions/adapters/aws/dynamo/table.js';
import { LogEventStore } from '../../functions/adapters/local/log/event-store.js';
import { type DynamoServer, startDynamoServer } from '../../functions/local/dynamo-server.js';
import { type LogCommit, sealCommit } from '../../shared/audit/chain.js';
import { emptyFold, foldCommits } from '../../shared/audit/fold.js';
import { parseJsonLines, toJsonLines } from '../../shared/audit/log-lines.js';
import type { LogSeal } from '../../shared/audit/seal.js';
import { buildSheet } from '../../shared/audit/sheet.js';
import { viewFor } from '../../shared/views/view.js';
import { mafia } from '../support/mafia-cli.js';

const root = join(import.meta.dirname, '..', '..');
const tmp = mkdtempSync(join(tmpdir(), 'mafia-audit-'));
const scenario = join(root, 'test', 'scenarios', 'sport-sheet-full-game.json');

const readLog = (path: string) => {
  const read = parseJsonLines(readFileSync(path, 'utf8'));
  if (!read.ok || read.seal === undefined) throw new Error(`${path} is not a sealed log`);
  return { commits: read.commits, seal: read.seal };
};
const writeLog = (name: string, commits: LogCommit[]) => {
  const path = join(tmp, name);
  writeFileSync(path, toJsonLines(commits, seal));
  return path;
};

let logPath: string;
let log: LogCommit[];
let seal: LogSeal;

beforeAll(async () => {
  // This machine's key, which `play --log` seals with and `audit` checks by default.
  process.env.DATA_DIR = join(tmp, 'machine');
  logPath = join(tmp, 'game.jsonl');
  const r = await mafia('play', scenario, '--log', logPath);
  expect(r.status).toBe(0);
  ({ commits: log, seal } = readLog(logPath));
});

describe('mafia play FILE --log OUT', () => {
  it('given a scenario, when played with --log, then OUT holds one chained commit per line, each with its command', () => {
    expect(log.map((c) => c.seq)).toEqual(log.map((_, i) => i + 1));
    expect(log.every((c) => c.command !== undefined)).toBe(true);
    expect(seal).toMatchObject({
      gameId: log[0].gameId,
      version: log.length,
      hash: log[log.length - 1].hash,
    });
    expect(log[0]).toMatchObject({ gameId: 'play-sport-sheet-full-game', commandId: 'create', prevHash: '' });
  });
});

describe('mafia audit LOG', () => {
  it('given an honest log, when audited, then it exits 0 with a one-line summary', async () => {
    const r = await mafia('audit', logPath);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(
        `^ok: game play-sport-sheet-full-game, ${log.length} commits, \\d+ events; .*; over: town won \\(seats [\\d, ]+\\)\\n$`,
      ),
    );
  });

  it('given a log with a vote rewritten and every hash recomputed, when audited, then it exits 1 naming that seq', async () => {
    const k = log.findIndex((c) => (c.command as { type: string }).type === 'vote');
    const forged = structuredClone(log);
    (forged[k].events[0] as { vote: number }).vote = 2;
    for (let i = k; i < forged.length; i++)
      forged[i] = sealCommit({ ...forged[i], prevHash: forged[i - 1].hash });
    const r = await mafia('audit', writeLog('forged.jsonl', forged));
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`: seq ${k + 1}: event 1 does not follow from the command: `));
  });

  it('given a file that is not a log, when audited, then it exits 2 naming the line', async () => {
    const r = await mafia('audit', scenario);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/line 1: /);
  });
});

describe('mafia replay LOG --as VIEWER --at SEQ', () => {
  it('given each viewer, when replayed at a seq, then it prints exactly that viewer’s view from the view functions', async () => {
    const at = 40;
    const state = foldCommits(emptyFold, log, at).state;
    for (const [as, viewer] of [
      ['3', { kind: 'seat', seat: 3 }],
      ['host', { kind: 'host' }],
      ['public', { kind: 'spectator' }],
      ['analyst', { kind: 'analyst' }],
    ] as const) {
      const r = await mafia('replay', logPath, '--as', as, '--at', String(at));
      expect(r.status).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({ version: at, view: viewFor(state, viewer) });
    }
  });

  it('given a seq past the end or an unknown viewer, when replayed, then it exits 2 with a clear error', async () => {
    expect((await mafia('replay', logPath, '--as', '3', '--at', '9999')).stderr).toContain(
      `the log has seqs 1 to ${log.length}`,
    );
    const r = await mafia('replay', logPath, '--as', 'judge');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--as takes a seat number, host, public or analyst');
  });

  it('given a log with a broken chain, when replayed, then it refuses and names the seq', async () => {
    const broken = structuredClone(log);
    broken[5].at += 1;
    const r = await mafia('replay', writeLog('broken.jsonl', broken), '--as', 'analyst');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('seq 6: hash does not match the commit');
  });
});

describe('mafia timeline LOG --as VIEWER', () => {
  it('given the analyst, when the timeline is printed, then night outcomes carry their reason', async () => {
    const r = await mafia('timeline', logPath);
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d {2}#1 {4}host {4}room opened by Host: sport/);
    expect(lines.some((l) => / uses check on seat \d+: (red|black)$/.test(l))).toBe(true);
    expect(lines.some((l) => /night \d ends: mafia → seat \d+: /.test(l))).toBe(true);
  });

  it("given a civilian, when the timeline is printed, then it shows nobody's night action and no reasons", async () => {
    const state = foldCommits(emptyFold, log).state;
    const civilian = Object.keys(state.names)
      .map(Number)
      .find((s) => state.roles[s] === 'civilian') as number;
    const r = await mafia('timeline', logPath, '--as', String(civilian));
    expect(r.status).toBe(0);
    expect(r.stdout).not.toMatch(/ uses (check|shoot)/);
    expect(r.stdout).not.toMatch(/→/);
    expect(r.stdout).toMatch(/night \d ends: /);
  });
});

describe('mafia sheet LOG', () => {
  it('given a log, when its sheet is printed, then it is the sheet of the game the log folds to, as for the scenario', async () => {
    const fromLog = await mafia('sheet', logPath);
    const fromScenario = await mafia('sheet', scenario);
    expect(fromLog.status).toBe(0);
    expect(JSON.parse(fromLog.stdout)).toEqual(buildSheet(foldCommits(emptyFold, log).state));
    expect(fromLog.stdout).toBe(fromScenario.stdout);
    const html = await mafia('sheet', logPath, '--html');
    expect(html.stdout).toMatch(/^<!doctype html>/i);
  });
});

describe('mafia export GAME_ID', () => {
  it('given a game in a local data directory, when exported, then the log comes out as written, one commit a line', async () => {
    // The machine's own data directory: its server sealed the receipt in the log with the same key.
    const dataDir = join(tmp, 'machine');
    const store = await LogEventStore.open({ dir: dataDir });
    for (const c of log) expect(await store.append(c)).toEqual({ ok: true });
    await store.append({ ...log[0], gameId: 'someone-else' });
    const before = process.env.DATA_DIR;
    process.env.DATA_DIR = dataDir;
    try {
      const r = await mafia('export', log[0].gameId);
      expect(r.status).toBe(0);
      const exported = parseJsonLines(r.stdout);
      expect(exported.ok && exported.commits).toEqual(log);
      // Sealed with the data directory's own key: its audit passes there.
      writeFileSync(join(tmp, 'exported.jsonl'), r.stdout);
      expect((await mafia('audit', join(tmp, 'exported.jsonl'))).status).toBe(0);
      expect((await mafia('export', 'no-such-game')).stderr).toContain('no game no-such-game');
    } finally {
      process.env.DATA_DIR = before;
      await store.close();
    }
  });

  describe('from DynamoDB', () => {
    let server: DynamoServer;
    beforeAll(async () => {
      server = await startDynamoServer();
    });
    afterAll(async () => {
      await server.close();
    });

    it('given a game in a table, when exported with --table and --region, then the SDK reads it with its usual configuration', async () => {
      const client = localDynamoClient(server.endpoint);
      await createTableIfMissing(client, 'games');
      const store = new DynamoEventStore({ client, tableName: 'games' });
      for (const c of log) expect(await store.append(c)).toEqual({ ok: true });
      client.destroy();
      // Run apart, not blocking this process: dynalite answers from here.
      const r = await promisify(execFile)(
        process.execPath,
        [join(root, 'bin', 'mafia.js'), 'export', log[0].gameId, '--table', 'games', '--region', 'eu-west-1'],
        {
          cwd: root,
          env: {
            ...process.env,
            AWS_ENDPOINT_URL_DYNAMODB: server.endpoint,
            AWS_ACCESS_KEY_ID: 'local',
            AWS_SECRET_ACCESS_KEY: 'local',
            AWS_NODEJS_CONNECTION_REUSE_ENABLED: '0',
          },
        },
      );
      // Without the deployment's key it cannot be sealed, and says so.
      expect(r.stdout).toBe(toJsonLines(log));
      expect(r.stderr).toContain('not sealed');
    });
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { auditLog } from '../../shared/audit/audit.js';
import { type LogCommit, verifyChain } from '../../shared/audit/chain.js';
import { emptyFold, foldCommits } from '../../shared/audit/fold.js';
import { parseJsonLines, toJsonLines } from '../../shared/audit/log-lines.js';
import { foldTo, momentOf } from '../../shared/audit/replay.js';
import type { LogSeal, SealVerifier } from '../../shared/audit/seal.js';
import { isSheetLocale, SHEET_LOCALES } from '../../shared/audit/sheet-labels/index.js';
import { renderAnySheetHtml, sheetOf } from '../../shared/audit/sheets.js';
import { formatTimelineLine, timeline } from '../../shared/audit/timeline.js';
import { parseViewer } from '../../shared/audit/viewer.js';
import type { GameState } from '../../shared/engine/state.js';
import { parseScenario, runScenario, type ScenarioRun } from '../../shared/play/scenario.js';
import { tableLog } from '../../shared/play/table.js';
import { ed25519Signer } from '../adapters/signing/ed25519.js';
import { STALL_GRACE_MS } from '../app/deps.js';
import { localLogKey } from '../local/log-key.js';
import { RELEASE } from '../release.js';
import { exportFromDataDir, exportFromDynamo } from './export.js';
import { readLogFile } from './log-file.js';
import { rearmOnDynamo, redriveOnDynamo, stalledOnDynamo, type TimerTarget } from './operations.js';
import { auditKey, readReceipt, sealedLog } from './signed-log.js';
import {
  auditTournamentExport,
  isTournamentExport,
  TOURNAMENT_USAGE,
  type TournamentExport,
  tournamentMain,
} from './tournament.js';

const USAGE = `usage: mafia play FILE [--log OUT]         play a scenario file and print the result (docs/protocol.md);
                                         --log writes the game's log to OUT, sealed with this
                                         machine's key (DATA_DIR, default .data)
       mafia sheet FILE|LOG [--html [--lang L]]
                                         the game sheet of a scenario file or a log, as JSON or as a
                                         printable HTML page with --html, in L: en (default), ru, fr,
                                         es or ro (docs/sheet.md)
       mafia export GAME_ID [--table T --region R [--log-key-secret ARN]]
                                         print a game's log (JSON Lines), sealed: from the local data
                                         directory (DATA_DIR, default .data) with its key, or from a
                                         DynamoDB table with the deployment's key (its secret)
       mafia stalled --table T --region R
                                         the games of a deployment waiting for a deadline more than
                                         five minutes past, one JSON line each (docs/operations.md)
       mafia rearm GAME_ID --table T --region R (--state-machine ARN |
                   --schedule-group G --scheduler-role ARN --deadline-function ARN)
                                         arm a game's pending deadline again, from its log
       mafia redrive --since TIME --table T --region R (timers as for rearm)
                                         after commits were dead-lettered: arm again every game whose
                                         deadline was set since TIME (the dead letter's
                                         approximateArrivalOfFirstRecord)
       mafia audit LOG [--key KEY] [--receipt FILE]
                                         verify a log: its seal by the deployment's key (KEY: a file or
                                         the address of its /api/log-key; default this machine's), chain,
                                         sequence, times, invariants, every command decided again, and
                                         the player's receipt (docs/audit.md); exit 1 names the first bad seq
       mafia replay LOG --as VIEWER [--at SEQ]
                                         the view VIEWER (a seat, host, public, analyst) had at SEQ
       mafia timeline LOG [--as VIEWER]    one line per event, as VIEWER knew it (default analyst)
${TOURNAMENT_USAGE}
       mafia help                          this text`;

export type Out = Pick<NodeJS.WriteStream, 'write'>;

interface Args {
  positional: string[];
  options: Map<string, string | true>;
}

const VALUED = new Set([
  '--log',
  '--as',
  '--at',
  '--table',
  '--region',
  '--lang',
  '--state-machine',
  '--schedule-group',
  '--scheduler-role',
  '--deadline-function',
  '--since',
  '--key',
  '--receipt',
  '--log-key-secret',
]);

function parseArgs(args: string[]): Args | null {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('--')) positional.push(a);
    else if (VALUED.has(a)) {
      if (i + 1 >= args.length) return null;
      options.set(a, args[++i]);
    } else if (a === '--html') options.set(a, true);
    else return null;
  }
  return { positional, options };
}

/** Exit codes: 0 done, 1 the game or the log failed a check, 2 bad usage or an unreadable file. */
export async function main(
  argv: string[],
  out: Out = process.stdout,
  err: Out = process.stderr,
): Promise<number> {
  const [verb, ...rest] = argv;
  if (verb === 'help' || verb === '--help' || verb === undefined) {
    out.write(`${USAGE}\n`);
    return verb === undefined ? 2 : 0;
  }
  if (verb === 'tournament') return tournamentMain(rest, out, err);
  const args = parseArgs(rest);
  const usage = () => {
    err.write(`${USAGE}\n`);
    return 2;
  };
  const positionals = verb === 'stalled' || verb === 'redrive' ? 0 : 1;
  if (args === null || args.positional.length !== positionals) return usage();
  const [target] = args.positional;
  const opt = (name: string) => args.options.get(name);
  const allowed = (...names: string[]) => [...args.options.keys()].every((k) => names.includes(k));
  const fail = (message: string, code = 2) => {
    err.write(`mafia: ${message}\n`);
    return code;
  };

  switch (verb) {
    case 'play': {
      if (!allowed('--log')) return usage();
      const run = playFile(target, err);
      if (typeof run === 'number') return run;
      out.write(`${JSON.stringify(run.result)}\n`);
      const log = opt('--log');
      if (typeof log === 'string') {
        const signer = ed25519Signer(() => localLogKey(dataDir()));
        const sealed = await sealedLog(tableLog(run.table, gameIdOf(target), RELEASE), signer);
        writeFileSync(log, toJsonLines(sealed.commits, sealed.seal));
      }
      return scenarioVerdict(run, target, err);
    }
    case 'sheet': {
      if (!allowed('--html', '--lang')) return usage();
      const lang = opt('--lang') ?? 'en';
      if (!opt('--html') && opt('--lang'))
        return fail('--lang is for the --html page; the JSON has no words to translate');
      if (typeof lang !== 'string' || !isSheetLocale(lang))
        return fail(`--lang ${String(lang)}: the sheet is printed in ${SHEET_LOCALES.join(', ')}`);
      const game = readGame(target, err);
      if (typeof game === 'number') return game;
      const sheet = sheetOf(game.state);
      out.write(opt('--html') ? renderAnySheetHtml(sheet, lang) : `${JSON.stringify(sheet, null, 2)}\n`);
      return game.run ? scenarioVerdict(game.run, target, err) : 0;
    }
    case 'export': {
      if (!allowed('--table', '--region', '--log-key-secret')) return usage();
      const table = opt('--table');
      const region = opt('--region') ?? process.env.AWS_REGION;
      const secret = opt('--log-key-secret');
      if (table !== undefined && typeof region !== 'string')
        return fail('--table needs --region (or AWS_REGION)');
      if (secret !== undefined && typeof table !== 'string')
        return fail("--log-key-secret is the deployment's: it goes with --table");
      let commits: LogCommit[];
      try {
        commits =
          typeof table === 'string'
            ? await exportFromDynamo(table, region as string, target)
            : exportFromDataDir(dataDir(), target);
      } catch (e) {
        return fail(`cannot read the store: ${(e as Error).message}`);
      }
      if (commits.length === 0) return fail(`no game ${target}`, 1);
      const signer =
        typeof table !== 'string'
          ? ed25519Signer(() => localLogKey(dataDir()))
          : typeof secret === 'string'
            ? (await import('../compose/aws.js')).logSignerFromEnv({ LOG_SIGNING_KEY_SECRET: secret })
            : undefined;
      if (signer === undefined) {
        // The table's commits, unsealed: an audit of them fails until they are sealed by the deployment.
        err.write(
          'mafia: not sealed: give --log-key-secret (the LogSigningKeySecretArn output) to seal it\n',
        );
        out.write(toJsonLines(commits));
        return 0;
      }
      const head = commits[commits.length - 1];
      let seal: LogSeal;
      try {
        seal = await signer.seal(head.gameId, head.seq, head.hash);
      } catch (e) {
        return fail(`cannot seal the log: ${(e as Error).message}`);
      }
      out.write(toJsonLines(commits, seal));
      return 0;
    }
    case 'stalled': {
      if (!allowed('--table', '--region')) return usage();
      const where = deployment(opt('--table'), opt('--region'));
      if (typeof where === 'string') return fail(where);
      try {
        const now = Date.now();
        for (const head of await stalledOnDynamo(where.table, where.region, now - STALL_GRACE_MS)) {
          const late = Math.round((now - head.at) / 1000);
          out.write(
            `${JSON.stringify({ ...head, due: new Date(head.at).toISOString(), lateSeconds: late })}\n`,
          );
        }
      } catch (e) {
        return fail(`cannot read the table: ${(e as Error).message}`);
      }
      return 0;
    }
    case 'redrive': {
      if (!allowed('--since', '--table', '--region', ...TIMER_OPTIONS)) return usage();
      const where = deployment(opt('--table'), opt('--region'));
      if (typeof where === 'string') return fail(where);
      const timers = timerTarget(opt);
      if (typeof timers === 'string') return fail(timers);
      const since = opt('--since');
      const from = typeof since === 'string' ? Date.parse(since) : Number.NaN;
      if (Number.isNaN(from)) return fail('--since takes a time, e.g. 2026-12-01T21:00:00Z');
      try {
        out.write(`${JSON.stringify(await redriveOnDynamo(where.table, where.region, from, timers))}\n`);
      } catch (e) {
        return fail(`cannot redrive: ${(e as Error).message}`);
      }
      return 0;
    }
    case 'rearm': {
      if (!allowed('--table', '--region', ...TIMER_OPTIONS)) return usage();
      const where = deployment(opt('--table'), opt('--region'));
      if (typeof where === 'string') return fail(where);
      const timers = timerTarget(opt);
      if (typeof timers === 'string') return fail(timers);
      let rearmed: Awaited<ReturnType<typeof rearmOnDynamo>>;
      try {
        rearmed = await rearmOnDynamo(where.table, where.region, target, timers);
      } catch (e) {
        return fail(`cannot re-arm ${target}: ${(e as Error).message}`);
      }
      if (rearmed.kind === 'noGame') return fail(`no game ${target}`, 1);
      if (rearmed.kind === 'noDeadline') return fail(`game ${target} waits for no deadline`, 1);
      out.write(`${JSON.stringify(rearmed.job)}\n`);
      return 0;
    }
    case 'audit': {
      if (!allowed('--key', '--receipt')) return usage();
      const exported = readTournamentExport(target);
      if (exported !== null) {
        const key = opt('--key');
        let verifier: SealVerifier;
        try {
          verifier = await auditKey(typeof key === 'string' ? key : undefined, dataDir());
        } catch (e) {
          return fail(`the key: ${(e as Error).message}`);
        }
        const result = auditTournamentExport(exported, verifier);
        if (!result.ok) return fail(`${target}: ${result.reason}`, 1);
        out.write(`${result.summary}\n`);
        return 0;
      }
      const log = readLogFile(target);
      if (!log.ok) return fail(`${target}: ${log.message}`);
      const key = opt('--key');
      const receiptFile = opt('--receipt');
      let verifier: SealVerifier;
      let receipt: LogSeal | undefined;
      try {
        verifier = await auditKey(typeof key === 'string' ? key : undefined, dataDir());
      } catch (e) {
        return fail(`the key: ${(e as Error).message}`);
      }
      try {
        receipt = typeof receiptFile === 'string' ? readReceipt(receiptFile) : undefined;
      } catch (e) {
        return fail(`${String(receiptFile)}: ${(e as Error).message}`);
      }
      const result = auditLog(log.commits, {
        release: RELEASE,
        verifier,
        ...(log.seal === undefined ? {} : { seal: log.seal }),
        ...(receipt === undefined ? {} : { receipt }),
      });
      if (!result.ok) return fail(`${target}: seq ${result.seq}: ${result.reason}`, 1);
      out.write(`${result.summary}\n`);
      return 0;
    }
    case 'replay':
    case 'timeline': {
      if (!allowed('--as', ...(verb === 'replay' ? ['--at'] : []))) return usage();
      const as = opt('--as') ?? (verb === 'timeline' ? 'analyst' : undefined);
      const viewer = typeof as === 'string' ? parseViewer(as) : null;
      if (viewer === null) return fail('--as takes a seat number, host, public or analyst');
      const log = verifiedLog(target, err);
      if (typeof log === 'number') return log;
      if (verb === 'timeline') {
        for (const line of timeline(log, viewer)) out.write(`${formatTimelineLine(line)}\n`);
        return 0;
      }
      const at = opt('--at');
      const seq = at === undefined ? Number.POSITIVE_INFINITY : Number(at);
      if (!Number.isInteger(seq) && at !== undefined) return fail('--at takes a sequence number');
      if (seq < 1 || seq > log.length) return fail(`--at: the log has seqs 1 to ${log.length}`);
      const { version, view } = momentOf(foldTo(emptyFold, log, seq), log, viewer);
      out.write(`${JSON.stringify({ version, view }, null, 2)}\n`);
      return 0;
    }
    default:
      return usage();
  }
}

const TIMER_OPTIONS = ['--state-machine', '--schedule-group', '--scheduler-role', '--deadline-function'];

/** `--table` and `--region` (or AWS_REGION), both needed. */
function deployment(
  table: string | true | undefined,
  region: string | true | undefined = process.env.AWS_REGION,
): { table: string; region: string } | string {
  if (typeof table !== 'string') return "--table names the deployment's table (its TableName output)";
  if (typeof region !== 'string') return '--table needs --region (or AWS_REGION)';
  return { table, region };
}

/** The deadline service named on the command line: a state machine, or a schedule group with its parts. */
function timerTarget(opt: (name: string) => string | true | undefined): TimerTarget | string {
  const machine = opt('--state-machine');
  const group = opt('--schedule-group');
  const role = opt('--scheduler-role');
  const target = opt('--deadline-function');
  if (typeof machine === 'string' && group === undefined && role === undefined && target === undefined)
    return { kind: 'stepFunctions', stateMachineArn: machine };
  if (
    machine === undefined &&
    typeof group === 'string' &&
    typeof role === 'string' &&
    typeof target === 'string'
  )
    return { kind: 'scheduler', groupName: group, roleArn: role, targetArn: target };
  return 'name the timers: --state-machine ARN, or --schedule-group, --scheduler-role and --deadline-function';
}

const dataDir = () => process.env.DATA_DIR ?? '.data';

const gameIdOf = (file: string) => `play-${basename(file).replace(/\.[^.]*$/, '')}`;

function scenarioVerdict(run: ScenarioRun, file: string, err: Out): number {
  if (run.ok) return 0;
  const where = run.step < 0 ? 'setup' : `step ${run.step}`;
  err.write(`mafia: ${file}: ${where}: ${run.message}\n`);
  return 1;
}

/** A tournament export (one JSON object), or null for anything else (a log is JSON Lines). */
function readTournamentExport(file: string): TournamentExport | null {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isTournamentExport(value) ? value : null;
  } catch {
    return null;
  }
}

/** A log whose chain holds: replays and timelines are told from nothing else. */
function verifiedLog(file: string, err: Out): LogCommit[] | 1 | 2 {
  const log = readLogFile(file);
  if (!log.ok) {
    err.write(`mafia: ${file}: ${log.message}\n`);
    return 2;
  }
  const chain = verifyChain(log.commits);
  const first = log.commits[0].seq;
  if (!chain.ok || first !== 1) {
    const [seq, reason] = chain.ok ? [1, 'the log does not start at seq 1'] : [chain.seq, chain.reason];
    err.write(`mafia: ${file}: seq ${seq}: ${reason} (see mafia audit)\n`);
    return 1;
  }
  return log.commits;
}

/** A scenario file played, or a log folded: whichever the file holds. */
function readGame(file: string, err: Out): { state: GameState; run?: ScenarioRun } | 1 | 2 {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    err.write(`mafia: cannot read ${file}: ${(e as Error).message}\n`);
    return 2;
  }
  if (parseJsonLines(text).ok) {
    const log = verifiedLog(file, err);
    return typeof log === 'number' ? log : { state: foldCommits(emptyFold, log).state };
  }
  const run = playFile(file, err);
  return typeof run === 'number' ? run : { state: run.table.state, run };
}

/** Reads and plays a scenario file; an unreadable or invalid file is exit code 2. */
function playFile(file: string, err: Out): ScenarioRun | 2 {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    err.write(`mafia: cannot read ${file}: ${(e as Error).message}\n`);
    return 2;
  }
  const parsed = parseScenario(json);
  if (!parsed.ok) {
    err.write(`mafia: ${file} is not a scenario: ${parsed.message}\n`);
    return 2;
  }
  return runScenario(parsed.scenario);
}

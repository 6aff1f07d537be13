/**
 * `npm run load:peer`: the aligned burst against our server and against boardgame.io in memory, interleaved
 * (ours, peer, ours, peer: RUNS pairs, 2 by default) so both meet the machine in the same state, each run
 * its own `load.ts` process with the same schedule and measure. Prints each run's figures, then a table.
 * Any env of `load.ts` passes through (ROOMS, PLAYERS, SECONDS; ALIGNED=1 is set here). BASELINE=<dir>
 * adds, before each pair, a run of our server from another checkout (e.g. the commit before a change).
 */
import { spawn } from 'node:child_process';

const root = new URL('../../', import.meta.url).pathname;
const RUNS = Number(process.env.RUNS ?? 2);

interface Result {
  server: string;
  loadAverage: number[];
  commands: number;
  errors: number;
  lostViews: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  serverCpu: string;
  clientCpu: string;
}

function run(env: Record<string, string>): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/load/load.ts'], {
      cwd: root,
      env: { ...process.env, PEER: undefined, SECONDS: process.env.SECONDS ?? '15', ALIGNED: '1', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      try {
        resolve(JSON.parse(out) as Result);
      } catch {
        reject(new Error(`load.ts printed no result (exit ${code})`));
      }
    });
  });
}

const results: Result[] = [];
for (let i = 0; i < RUNS; i++) {
  const baselines = (process.env.BASELINE ?? '').split(',').filter((dir) => dir !== '');
  const peer = process.env.PEER === 'none' ? [] : [{ PEER: 'bgio' }];
  for (const env of [...baselines.map((dir) => ({ SERVER_ROOT: dir })), {}, ...peer]) {
    const result = await run(env);
    process.stderr.write(`${JSON.stringify(result)}\n`);
    results.push(result);
  }
}
const ms = (x: number) => `${x} ms`;
process.stdout.write(
  [
    '| server | load average | commands | errors | lost views | p50 | p95 | p99 | max | server CPU | client CPU |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results
      .map((r) =>
        [
          r.server,
          r.loadAverage.join(' → '),
          r.commands,
          r.errors,
          r.lostViews,
          ms(r.latencyMs.p50),
          ms(r.latencyMs.p95),
          ms(r.latencyMs.p99),
          ms(r.latencyMs.max),
          r.serverCpu,
          r.clientCpu,
        ].join(' | '),
      )
      .map((line) => `| ${line} |`),
    '',
  ].join('\n'),
);

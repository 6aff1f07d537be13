import { readFileSync } from 'node:fs';
import { parseScenario, runScenario } from '../../shared/play/scenario.js';

const USAGE = `usage: mafia play FILE   play a scenario file and print the result (docs/protocol.md)
       mafia help        this text`;

/** Exit codes: 0 played, 1 an expect/until failed, 2 unreadable or invalid scenario or bad usage. */
export function main(argv: string[], out = process.stdout, err = process.stderr): number {
  const [verb, file] = argv;
  if (verb === 'help' || verb === '--help' || verb === undefined) {
    out.write(`${USAGE}\n`);
    return verb === undefined ? 2 : 0;
  }
  if (verb !== 'play' || !file) {
    err.write(`${USAGE}\n`);
    return 2;
  }
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
  const run = runScenario(parsed.scenario);
  out.write(`${JSON.stringify(run.result)}\n`);
  if (!run.ok) {
    const where = run.step < 0 ? 'setup' : `step ${run.step}`;
    err.write(`mafia: ${file}: ${where}: ${run.message}\n`);
    return 1;
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
